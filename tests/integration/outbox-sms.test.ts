import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { SmsProviderError, type SmsProvider } from "#app/integrations/sms/sms-provider";
import { twilioSmsProvider } from "#app/integrations/sms/twilio.server";
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  drainOutbox,
  enqueueEmail,
  enqueueSms,
  startOutboxWorker,
} from "#app/features/shared/outbox.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakeSms, type FakeSms } from "#tests/support/fake-sms";

/** A whole minute just ahead of the real clock: queued rows are due from the database's now(). */
const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
const later = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const TEXT =
  "Bäckerei Sonnenkorn: Vielen Dank für Ihre Bestellung (Ticket 7). Status: https://x.example/s";

describe("the Twilio provider against the fake", () => {
  let fake: FakeSms;
  beforeAll(async () => {
    fake = await startFakeSms();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.messages.length = 0;
    fake.fail(0);
  });

  const provider = (overrides: Partial<Parameters<typeof twilioSmsProvider>[0]> = {}) =>
    twilioSmsProvider({
      apiBase: `${fake.url}/`,
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: "Sonnenkorn",
      ...overrides,
    });

  it("posts the message form-encoded with Basic auth and answers Twilio's sid", async () => {
    const { id } = await provider().send({ to: "+497611234567", text: TEXT });
    expect(id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.messages).toEqual([
      expect.objectContaining({
        sid: id,
        to: "+497611234567",
        from: "Sonnenkorn",
        messagingServiceSid: null,
        body: TEXT,
        encoding: "GSM-7",
        segments: 1,
      }),
    ]);
  });

  it("sends through a Messaging Service when the sender is one", async () => {
    const service = `MG${"ab".repeat(16)}`;
    await provider({ from: service }).send({ to: "+497611234567", text: "Hallo" });
    expect(fake.messages[0]).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it("reports Twilio's status and code when it refuses", async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error("nicht abgelehnt");
        },
        (error: unknown) => error as SmsProviderError,
      );
    const wrongToken = await refused(
      provider({ authToken: "falsch" }).send({ to: "+497611234567", text: "x" }),
    );
    expect(wrongToken).toBeInstanceOf(SmsProviderError);
    expect(wrongToken).toMatchObject({ status: 401, code: "20003" });
    expect(wrongToken.message).toBe("twilio: HTTP 401 20003: Authenticate");

    const otherAccount = await refused(
      provider({ accountSid: `AC${"0".repeat(32)}` }).send({ to: "+497611234567", text: "x" }),
    );
    // The SID is the Basic auth's user name too: another account's SID fails to authenticate.
    expect(otherAccount).toMatchObject({ status: 401, code: "20003" });

    const badNumber = await refused(provider().send({ to: "0761 123", text: "x" }));
    expect(badNumber).toMatchObject({ status: 400, code: "21211" });
    expect(badNumber.message).toContain("is not a valid phone number");

    fake.fail(1, { status: 429, code: 20429, message: "Too Many Requests" });
    const limited = await refused(provider().send({ to: "+497611234567", text: "x" }));
    expect(limited.message).toBe("twilio: HTTP 429 20429: Too Many Requests");

    const closed = await startFakeSms();
    const base = closed.url;
    await closed.close();
    const away = await refused(
      provider({ apiBase: base }).send({ to: "+497611234567", text: "x" }),
    );
    expect(away.status).toBeUndefined();
    expect(away.message).toMatch(/^twilio: nicht erreichbar/);
    expect(fake.messages).toEqual([]);
  });
});

describe.each(databaseTargets())("the outbox's SMS on %s", (target) => {
  let handle: DatabaseHandle;
  let fake: FakeSms;
  let sms: SmsProvider;

  beforeAll(async () => {
    [handle, fake] = await Promise.all([createTestDatabase(target), startFakeSms()]);
    sms = twilioSmsProvider({
      apiBase: fake.url,
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: "+4976100000",
    });
  });
  afterAll(async () => {
    await Promise.all([handle.close(), fake.close()]);
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("outbox").execute();
    fake.messages.length = 0;
    fake.fail(0);
  });

  const rowOf = (id: number) =>
    handle.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("sends a queued SMS to the provider, as E.164, and marks the row sent", async () => {
    const id = await handle.db
      .transaction()
      .execute((trx) => enqueueSms(trx, { to: "+49 761 555 0101", text: TEXT }));
    expect(await rowOf(id)).toMatchObject({
      kind: "sms",
      status: "pending",
      payload: { to: "+497615550101", text: TEXT },
    });

    expect(await drainOutbox(handle.db, { sms }, now)).toEqual({
      claimed: 1,
      sent: 1,
      failures: [],
    });
    expect(fake.messages).toEqual([
      expect.objectContaining({ to: "+497615550101", from: "+4976100000", body: TEXT }),
    ]);
    expect(await rowOf(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: now,
      lastError: null,
    });
    expect((await drainOutbox(handle.db, { sms }, later(MINUTE))).claimed).toBe(0);
    expect(fake.messages).toHaveLength(1);
  });

  it("retries an SMS the provider refused after a minute, not before, then marks it sent", async () => {
    const id = await enqueueSms(handle.db, { to: "+497611234567", text: TEXT });
    fake.fail(1);
    const first = await drainOutbox(handle.db, { sms }, now);
    expect(first).toEqual({
      claimed: 1,
      sent: 0,
      failures: [
        {
          id,
          kind: "sms",
          attempts: 1,
          gaveUp: false,
          nextAttemptAt: later(MINUTE),
          error: "twilio: HTTP 500 20500: An internal server error has occurred",
        },
      ],
    });
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: later(MINUTE),
      lastError: expect.stringContaining("500"),
    });
    expect(fake.messages).toEqual([]);

    expect((await drainOutbox(handle.db, { sms }, later(59_000))).claimed).toBe(0);
    expect(await drainOutbox(handle.db, { sms }, later(MINUTE))).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(fake.messages.map((message) => message.body)).toEqual([TEXT]);
  });

  it("backs off like mail and gives up after the eighth refusal", async () => {
    const id = await enqueueSms(handle.db, { to: "+497611234567", text: TEXT });
    fake.fail(100);
    let at = now;
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const [failure] = (await drainOutbox(handle.db, { sms }, at)).failures;
      expect(failure).toMatchObject({ kind: "sms", attempts: attempt });
      if (failure?.nextAttemptAt) {
        pauses.push(failure.nextAttemptAt.getTime() - at.getTime());
        at = failure.nextAttemptAt;
      } else {
        expect(failure).toMatchObject({ gaveUp: true });
      }
    }
    expect(pauses).toEqual([...RETRY_DELAYS_MS]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("gives up at once on a row that is no SMS at all", async () => {
    const { id } = await handle.db
      .insertInto("outbox")
      .values({ kind: "sms", payload: JSON.stringify({ to: "+497611234567" }) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const requests = fake.requests();
    const result = await drainOutbox(handle.db, { sms }, now);
    expect(result.failures).toEqual([
      expect.objectContaining({ id, gaveUp: true, error: expect.stringContaining("SMS") }),
    ]);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(fake.requests()).toBe(requests);
  });

  it("leaves each kind pending until its channel exists", async () => {
    const mail = await enqueueEmail(handle.db, { to: "a@example.org", subject: "s", text: "t" });
    const text = await enqueueSms(handle.db, { to: "+497611234567", text: TEXT });
    expect(await drainOutbox(handle.db, { sms }, now)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(mail)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await rowOf(text)).toMatchObject({ status: "sent" });

    const other = await enqueueSms(handle.db, { to: "+497611234567", text: "zwei" });
    expect(await drainOutbox(handle.db, { mail: null, sms: null }, now)).toEqual({
      claimed: 0,
      sent: 0,
      failures: [],
    });
    expect(await rowOf(other)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("runs as a worker that sends SMS configured from the environment's settings", async () => {
    const lines: string[] = [];
    const worker = startOutboxWorker(
      handle.db,
      {
        mail: { smtpUrl: undefined, from: "x@example.org" },
        sms: {
          apiBase: fake.url,
          accountSid: fake.accountSid,
          authToken: fake.authToken,
          from: "Sonnenkorn",
        },
      },
      (line) => lines.push(line),
      { intervalMs: 20 },
    );
    const id = await enqueueSms(handle.db, { to: "+497611234567", text: TEXT });
    worker.wake();
    const message = await fake.waitFor((candidate) => candidate.body === TEXT);
    expect(message).toMatchObject({ to: "+497611234567", from: "Sonnenkorn" });
    await expect.poll(async () => (await rowOf(id)).status).toBe("sent");
    await worker.stop();
    expect(lines).toEqual([
      "SMTP_URL ist nicht gesetzt: E-Mails bleiben im Postausgang (Tabelle outbox) liegen.",
    ]);
  });

  it("logs a refused SMS as one line naming it an SMS", async () => {
    const lines: string[] = [];
    fake.fail(1);
    const id = await enqueueSms(handle.db, { to: "+497611234567", text: TEXT });
    const worker = startOutboxWorker(
      handle.db,
      { mail: { smtpUrl: undefined, from: "x@example.org" }, sms: undefined },
      (line) => lines.push(line),
      { intervalMs: 20, sms, now: () => now },
    );
    await expect.poll(() => lines.length).toBe(2);
    await worker.stop();
    expect(lines[1]).toMatch(
      new RegExp(`^SMS ${id} nicht gesendet \\(Versuch 1 von 8\\), neuer Versuch .*20500`),
    );
  });
});
