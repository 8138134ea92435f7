import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { enqueueEmail, startOutboxWorker } from "#app/features/shared/outbox.server";
import type { OutgoingMail } from "#app/integrations/mail/mail-transport";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import { pauseBefore } from "#app/server/queue-wakeup.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

/**
 * The work queues are woken by NOTIFY, not found by polling every few seconds (issue 41 part 6,
 * decision 119): a new pending row is announced on `queues` with its table; a row set back to
 * pending and due (a resend) too; a retry put off announces nothing. A worker that sleeps for as
 * long as ten minutes sends a new mail at once when the announcement wakes it, and a mail due in
 * a second and a half after it is due, not at the end of its sleep.
 */
describe.each(databaseTargets())("work queues woken by announcements (%s)", (target) => {
  let handle: DatabaseHandle;
  let live: LiveOrders;
  const heard: (string | null)[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    live.onQueueWork((table) => heard.push(table));
  });

  afterAll(async () => {
    await live?.close();
    await handle?.close();
  });

  /** What was heard within a moment after `work` committed. */
  async function announcedBy(work: () => Promise<unknown>): Promise<(string | null)[]> {
    heard.length = 0;
    await work();
    await new Promise((resolve) => setTimeout(resolve, 400));
    return [...heard];
  }

  it("announces a new pending row with its table, once per transaction", async () => {
    expect(
      await announcedBy(() =>
        handle.db.transaction().execute(async (trx) => {
          await enqueueEmail(trx, { to: "a@example.org", subject: "Eins", text: "1" });
          await enqueueEmail(trx, { to: "b@example.org", subject: "Zwei", text: "2" });
        }),
      ),
    ).toEqual(["outbox"]);
  });

  it("announces a row set back to pending and due, but not a retry put off", async () => {
    const { id } = await handle.db
      .insertInto("outbox")
      .values({
        kind: "email",
        payload: JSON.stringify({ to: "c@example.org", subject: "Drei", text: "3" }),
        status: "failed",
        attempts: 5,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A retry for later, as the worker writes it after a failed attempt.
    expect(
      await announcedBy(() =>
        sql`update outbox set status = 'pending', next_attempt_at = now() + interval '1 hour'
            where id = ${id}`.execute(handle.db),
      ),
    ).toEqual([]);
    await sql`update outbox set status = 'failed' where id = ${id}`.execute(handle.db);
    // Sent again by hand: due now.
    expect(
      await announcedBy(() =>
        sql`update outbox set status = 'pending', next_attempt_at = now() where id = ${id}`.execute(
          handle.db,
        ),
      ),
    ).toEqual(["outbox"]);
    await handle.db.deleteFrom("outbox").execute();
  });

  it("wakes a sleeping worker: a new mail goes at once, a later one when it is due", async () => {
    await handle.db.deleteFrom("outbox").execute();
    const sent: { subject: string; at: number }[] = [];
    const transport = {
      async send(mail: OutgoingMail) {
        sent.push({ subject: mail.subject, at: Date.now() });
      },
      close() {},
    };
    const worker = startOutboxWorker(
      handle.db,
      { mail: { smtpUrl: undefined, from: "laden@example.org" }, sms: undefined },
      () => undefined,
      { transport, intervalMs: 500, wakeup: { table: "outbox", fallbackMs: 10 * 60_000 } },
    );
    const stop = live.onQueueWork((table) => {
      if (table === null || table === "outbox") worker.wake();
    });
    try {
      // The first round finds nothing and sleeps for the ten minutes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await enqueueEmail(handle.db, { to: "d@example.org", subject: "Sofort", text: "4" });
      await expect
        .poll(() => sent.map((mail) => mail.subject), { timeout: 5_000 })
        .toEqual(["Sofort"]);
      expect(sent[0]!.at - started).toBeLessThan(3_000);

      // Due in 1.5 s: announced now, the worker looks, sleeps until then and sends it.
      const later = Date.now();
      await handle.db
        .insertInto("outbox")
        .values({
          kind: "email",
          payload: JSON.stringify({ to: "e@example.org", subject: "Später", text: "5" }),
          nextAttemptAt: new Date(later + 1_500),
        })
        .execute();
      await expect
        .poll(() => sent.map((mail) => mail.subject), { timeout: 10_000 })
        .toEqual(["Sofort", "Später"]);
      const waited = sent[1]!.at - later;
      expect(waited).toBeGreaterThanOrEqual(1_400);
      expect(waited).toBeLessThan(6_000);
    } finally {
      stop();
      await worker.stop();
    }
  }, 30_000);

  it("sleeps until the next row is due, within its old interval and the fallback", () => {
    const now = new Date("2026-12-05T10:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(pauseBefore(null, now, 1_000, 60_000)).toBe(60_000);
    expect(pauseBefore(at(5_000), now, 1_000, 60_000)).toBe(5_000);
    expect(pauseBefore(at(-5_000), now, 1_000, 60_000)).toBe(1_000);
    expect(pauseBefore(at(3_600_000), now, 1_000, 60_000)).toBe(60_000);
  });
});
