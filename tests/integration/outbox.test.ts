import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { MailTransport } from "#app/integrations/mail/mail-transport";
import { smtpTransport } from "#app/integrations/mail/smtp.server";
import {
  CLAIM_LEASE_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  drainOutbox,
  enqueueEmail,
  retryDelay,
  startOutboxWorker,
} from "#app/features/shared/outbox.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";

const FROM = "Bäckerei Sonnenkorn <bestellung@sonnenkorn.example>";
/**
 * The worker's clock: a whole minute just ahead of the real one, since queued rows are due from
 * the database's now() (a fixed date here went stale once the real clock passed it).
 */
const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
const later = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const NO_SMS =
  "TWILIO_ACCOUNT_SID ist nicht gesetzt: SMS bleiben im Postausgang (Tabelle outbox) liegen.";

const orderMail = (n = 1) => ({
  to: `kundin${n}@example.com`,
  subject: `Ihre Bestellung Nr. ${n} bei der Bäckerei – bestätigt`,
  text: `Grüß Gott!\nIhre Brötchen (${n}) liegen um 10:30 Uhr bereit.\nSumme: 12,34 €`,
  html: `<p>Grüß Gott! Ihre <strong>Brötchen</strong> (${n}) liegen bereit.</p>`,
});

describe("the retry schedule", () => {
  it("waits 1 min, 5 min, 30 min, 2 h … and gives up after the eighth attempt", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]);
    expect(retryDelay(7)).toBe(RETRY_DELAYS_MS[6]);
    expect(retryDelay(8)).toBeNull();
    expect(retryDelay(9)).toBeNull();
  });
});

describe.each(databaseTargets())("the outbox on %s", (target) => {
  let handle: DatabaseHandle;
  let sink: SmtpSink;
  let transport: MailTransport;

  beforeAll(async () => {
    [handle, sink] = await Promise.all([createTestDatabase(target), startSmtpSink()]);
    transport = smtpTransport(sink.url, FROM);
  });
  afterAll(async () => {
    transport.close();
    await Promise.all([handle.close(), sink.close()]);
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("outbox").execute();
    sink.messages.length = 0;
    sink.refuse(0);
  });

  const rowOf = (id: number) =>
    handle.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("sends a mail queued in a committed transaction over SMTP, umlauts intact", async () => {
    const id = await handle.db.transaction().execute((trx) => enqueueEmail(trx, orderMail()));
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, kind: "email" });

    const result = await drainOutbox(handle.db, { mail: transport }, now);
    expect(result).toEqual({ claimed: 1, sent: 1, failures: [] });

    const mail = await sink.waitFor((message) =>
      message.envelopeTo.includes("kundin1@example.com"),
    );
    expect(mail.subject).toBe("Ihre Bestellung Nr. 1 bei der Bäckerei – bestätigt");
    expect(mail.text).toBe(
      "Grüß Gott!\nIhre Brötchen (1) liegen um 10:30 Uhr bereit.\nSumme: 12,34 €",
    );
    expect(mail.html).toContain("<strong>Brötchen</strong>");
    expect(mail.from).toBe(FROM);
    expect(mail.envelopeFrom).toBe("bestellung@sonnenkorn.example");
    expect(mail.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@sonnenkorn\\.example>$`));

    expect(await rowOf(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: now,
      lastError: null,
    });
    expect(await drainOutbox(handle.db, { mail: transport }, later(MINUTE))).toEqual({
      claimed: 0,
      sent: 0,
      failures: [],
    });
    expect(sink.messages).toHaveLength(1);
  });

  it("queues nothing when the order's transaction rolls back", async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, orderMail());
        throw new Error("Ticketnummer vergeben");
      }),
    ).rejects.toThrow();
    expect(await handle.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("keeps a plain-text mail without HTML", async () => {
    const { html: _html, ...plain } = orderMail(2);
    await enqueueEmail(handle.db, plain);
    await drainOutbox(handle.db, { mail: transport }, now);
    const mail = await sink.waitFor();
    expect(mail.html).toBeNull();
    expect(mail.text).toContain("Brötchen (2)");
  });

  it("retries a refused mail after a minute, not before, and then sends it", async () => {
    const id = await enqueueEmail(handle.db, orderMail(3));
    sink.refuse(1);
    const first = await drainOutbox(handle.db, { mail: transport }, now);
    expect(first.sent).toBe(0);
    expect(first.failures).toEqual([
      {
        id,
        kind: "email",
        attempts: 1,
        gaveUp: false,
        nextAttemptAt: later(MINUTE),
        error: expect.stringContaining("451"),
      },
    ]);
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: later(MINUTE),
      lastError: expect.stringContaining("451"),
    });

    expect((await drainOutbox(handle.db, { mail: transport }, later(59_000))).claimed).toBe(0);
    expect(await drainOutbox(handle.db, { mail: transport }, later(MINUTE))).toMatchObject({
      sent: 1,
    });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sink.messages.map((mail) => mail.subject)).toEqual([orderMail(3).subject]);
  });

  it("backs off further with each refusal and gives up after the eighth", async () => {
    const id = await enqueueEmail(handle.db, orderMail(4));
    sink.refuse(100);
    let at = now;
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const result = await drainOutbox(handle.db, { mail: transport }, at);
      expect(result.failures).toHaveLength(1);
      const failure = result.failures[0]!;
      expect(failure.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        pauses.push(failure.nextAttemptAt!.getTime() - at.getTime());
        at = failure.nextAttemptAt!;
      } else {
        expect(failure).toMatchObject({ gaveUp: true, nextAttemptAt: null });
      }
    }
    expect(pauses).toEqual([...RETRY_DELAYS_MS]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(
      (await drainOutbox(handle.db, { mail: transport }, later(365 * 24 * 60 * MINUTE))).claimed,
    ).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });

  it("gives a row whose sender crashed mid-send back after the lease", async () => {
    const id = await enqueueEmail(handle.db, orderMail(5));
    let release: () => void = () => undefined;
    const stuck: MailTransport = {
      send: () => new Promise((resolve) => (release = resolve)),
      close: () => undefined,
    };
    const crashed = drainOutbox(handle.db, { mail: stuck }, now);
    await expect.poll(async () => (await rowOf(id)).attempts).toBe(1);

    expect((await drainOutbox(handle.db, { mail: transport }, later(MINUTE))).claimed).toBe(0);
    const retaken = await drainOutbox(handle.db, { mail: transport }, later(CLAIM_LEASE_MS));
    expect(retaken).toMatchObject({ claimed: 1, sent: 1 });
    release();
    await crashed;
    expect(sink.messages).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("without a mail server sends nothing and leaves the rows pending", async () => {
    const id = await enqueueEmail(handle.db, orderMail(6));
    const connections = sink.connections();
    expect(await drainOutbox(handle.db, {}, now)).toEqual({ claimed: 0, sent: 0, failures: [] });

    const lines: string[] = [];
    const worker = startOutboxWorker(
      handle.db,
      { mail: { smtpUrl: undefined, from: FROM }, sms: undefined },
      (line) => lines.push(line),
      { intervalMs: 10 },
    );
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.stop();
    expect(lines).toEqual([
      "SMTP_URL ist nicht gesetzt: E-Mails bleiben im Postausgang (Tabelle outbox) liegen.",
      NO_SMS,
    ]);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(sink.connections()).toBe(connections);
  });

  it("runs as a worker that sends within its interval and stops cleanly", async () => {
    const lines: string[] = [];
    const worker = startOutboxWorker(
      handle.db,
      { mail: { smtpUrl: sink.url, from: FROM }, sms: undefined },
      (line) => lines.push(line),
      { intervalMs: 20 },
    );
    const id = await enqueueEmail(handle.db, orderMail(7));
    worker.wake();
    const mail = await sink.waitFor((message) => message.subject === orderMail(7).subject);
    expect(mail.to).toBe("kundin7@example.com");
    await worker.stop();
    expect(await rowOf(id)).toMatchObject({ status: "sent" });
    expect(lines).toEqual([NO_SMS]);

    // Stopped means stopped: nothing queued afterwards is sent.
    await enqueueEmail(handle.db, orderMail(8));
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages.map((message) => message.subject)).not.toContain(orderMail(8).subject);
  });

  it("logs each failed attempt as one line", async () => {
    const lines: string[] = [];
    sink.refuse(1);
    const id = await enqueueEmail(handle.db, orderMail(9));
    const worker = startOutboxWorker(
      handle.db,
      { mail: { smtpUrl: sink.url, from: FROM }, sms: undefined },
      (line) => lines.push(line),
      { intervalMs: 20, now: () => now },
    );
    await expect.poll(() => lines.length).toBe(2);
    await worker.stop();
    expect(lines[0]).toBe(NO_SMS);
    expect(lines[1]).toMatch(
      new RegExp(`^E-Mail ${id} nicht gesendet \\(Versuch 1 von 8\\), neuer Versuch .*451`),
    );
  });

  it("never sends one message twice when several instances drain at once", async () => {
    const count = 40;
    await handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n += 1) await enqueueEmail(trx, orderMail(100 + n));
    });
    // Four app instances, each with its own SMTP connection, draining in small batches.
    const instances = Array.from({ length: 4 }, () => smtpTransport(sink.url, FROM));
    const drainAll = async (own: MailTransport) => {
      let sent = 0;
      for (;;) {
        const result = await drainOutbox(handle.db, { mail: own }, now, { batchSize: 3 });
        sent += result.sent;
        if (result.claimed === 0) return sent;
      }
    };
    const perInstance = await Promise.all(instances.map(drainAll));
    for (const own of instances) own.close();

    expect(perInstance.reduce((sum, sent) => sum + sent, 0)).toBe(count);
    const subjects = sink.messages.map((mail) => mail.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await handle.db.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    if (target === "postgres") {
      // On the server the instances really overlapped: the work was shared.
      expect(perInstance.filter((sent) => sent > 0).length).toBeGreaterThan(1);
    }
  });
});
