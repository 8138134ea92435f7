import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { updateSettings } from "#app/db/queries/settings";
import type { Database, EmailPayload, SmsPayload } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { smtpTransport } from "#app/integrations/mail/smtp.server";
import { twilioSmsProvider } from "#app/integrations/sms/twilio.server";
import { drainOutbox } from "#app/features/shared/outbox.server";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import { orderAuditTrail, type StaffScope } from "#app/features/orders/staff-orders.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakeSms, type FakeSms } from "#tests/support/fake-sms";
import { insertTestOrder } from "#tests/support/orders";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";

/**
 * The customer hears of a proposed time, a rejection and a cancellation (decision 023): an e-mail
 * through the outbox to the SMTP sink, an SMS to the fake Twilio when the SMS plugin is on and a
 * phone number is known, each with the status page's link.
 */

const ORIGIN = "https://sonnenkorn.example";
const now = new Date("2026-11-21T11:00:00Z"); // 12:00 in Freiburg

describe.each(databaseTargets())("the customer's notices on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: StaffScope;
  let sink: SmtpSink;
  let sms: FakeSms;

  beforeAll(async () => {
    [handle, sink, sms] = await Promise.all([
      createTestDatabase(target),
      startSmtpSink(),
      startFakeSms(),
    ]);
    db = handle.db;
    await seedDemoData(db, { now });
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    admin = { userId: user.id, branchIds: null, ip: "127.0.0.1" };
  });
  afterAll(async () => {
    await Promise.all([handle?.close(), sink?.close(), sms?.close()]);
  });
  beforeEach(async () => {
    await db.deleteFrom("outbox").execute();
    await updateSettings(db, { enablePluginSms: true });
  });

  const context = {
    get db() {
      return db;
    },
    payments: {},
    config: { publicOrigin: ORIGIN, mode: "demo", dataDir: "" },
  } as unknown as AppLoadContext;

  const act = async (orderId: number, fields: Record<string, unknown>) => {
    const parsed = parseOrderAction(fields);
    if (!parsed.ok) throw new Error(parsed.message);
    return performOrderAction(context, admin, orderId, parsed.action, now);
  };

  const outbox = async () => {
    const rows = await db.selectFrom("outbox").select(["kind", "payload"]).orderBy("id").execute();
    return {
      mails: rows.filter((row) => row.kind === "email").map((row) => row.payload as EmailPayload),
      sms: rows.filter((row) => row.kind === "sms").map((row) => row.payload as SmsPayload),
    };
  };

  /** Sends what is queued, as the worker would, to the SMTP sink and the fake Twilio. */
  async function deliver() {
    const transport = smtpTransport(sink.url, "Bäckerei Sonnenkorn <shop@sonnenkorn.example>");
    const provider = twilioSmsProvider({
      apiBase: sms.url,
      accountSid: sms.accountSid,
      authToken: sms.authToken,
      from: "Sonnenkorn",
    });
    try {
      const result = await drainOutbox(
        db,
        { mail: transport, sms: provider },
        new Date(Date.now() + 1000),
      );
      expect(result.failures).toEqual([]);
      return result;
    } finally {
      transport.close();
    }
  }

  it("sends the proposed time by e-mail and SMS, with the status link to answer it", async () => {
    const order = await insertTestOrder(db, { email: "vorschlag@example.org" });
    const link = `${ORIGIN}/status/${order.uid}/${order.hash}`;
    expect(
      await act(order.id, { intent: "counter-appointment", date: "2026-11-22", time: "09:30" }),
    ).toEqual({ ok: true, message: "Der Terminvorschlag wurde an den Kunden geschickt." });

    const { mails, sms: texts } = await outbox();
    expect(mails).toHaveLength(1);
    expect(texts).toEqual([
      {
        to: "+497615550101",
        text: `Bäckerei Sonnenkorn: Neuer Terminvorschlag für Ihre Bestellung (Ticket ${order.ticketNumber}): 22.11.2026 um 09:30 Uhr. Bitte zusagen oder ablehnen: ${link}`,
      },
    ]);
    expect(await deliver()).toMatchObject({ claimed: 2, sent: 2 });

    const mail = await sink.waitFor((each) => each.to.includes("vorschlag@example.org"));
    expect(mail.subject).toBe(
      `Neuer Terminvorschlag für Ihre Bestellung bei Bäckerei Sonnenkorn – Ticket ${order.ticketNumber}`,
    );
    expect(mail.text).toContain("Hallo Erika Mustermann,");
    expect(mail.text).toContain(
      "zum gewünschten Termin können wir Ihre Bestellung leider nicht fertigstellen. Wir schlagen Ihnen stattdessen den 22.11.2026 um 09:30 Uhr vor.",
    );
    // The customer's own time, for comparison: 10:30 UTC is 11:30 in Freiburg.
    expect(mail.text).toContain("Ihr Wunschtermin: 21.11.2026 11:30 Uhr");
    expect(mail.text).toContain("Wenn Sie ablehnen, wird die Bestellung storniert.");
    expect(mail.text).toContain(link);
    const delivered = await sms.waitFor((message) => message.body.includes(link));
    expect(delivered).toMatchObject({ to: "+497615550101", encoding: "GSM-7" });

    const trail = await orderAuditTrail(db, order.id);
    expect(trail[0]).toMatchObject({
      action: "order.counter-appointment",
      data: expect.objectContaining({ notices: [expect.any(Number), expect.any(Number)] }),
    });
  });

  it("sends nothing for the same proposal again, and anew for another time", async () => {
    const order = await insertTestOrder(db);
    await act(order.id, { intent: "counter-appointment", date: "2026-11-22", time: "09:30" });
    await act(order.id, { intent: "counter-appointment", date: "2026-11-22", time: "09:30" });
    expect((await outbox()).mails).toHaveLength(1);
    await act(order.id, { intent: "counter-appointment", date: "2026-11-22", time: "14:05" });
    const { mails, sms: texts } = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("den 22.11.2026 um 14:05 Uhr");
    expect(texts[1]!.text).toContain("22.11.2026 um 14:05 Uhr");
    // A refused proposal (in the past) sends nothing.
    await act(order.id, { intent: "counter-appointment", date: "2026-11-20", time: "09:00" });
    expect((await outbox()).mails).toHaveLength(2);
  });

  it("sends no SMS with the plugin off or without a number, no mail without an address", async () => {
    await updateSettings(db, { enablePluginSms: false });
    const noPlugin = await insertTestOrder(db);
    await act(noPlugin.id, { intent: "counter-appointment", date: "2026-11-22", time: "10:00" });
    expect((await outbox()).sms).toEqual([]);
    expect((await outbox()).mails).toHaveLength(1);

    await updateSettings(db, { enablePluginSms: true });
    await db.deleteFrom("outbox").execute();
    const phoneOnly = await insertTestOrder(db, { email: null });
    await act(phoneOnly.id, { intent: "counter-appointment", date: "2026-11-22", time: "10:00" });
    const silent = await insertTestOrder(db, { email: null, phone: null });
    await act(silent.id, { intent: "reject" });
    const { mails, sms: texts } = await outbox();
    expect(mails).toEqual([]);
    expect(texts.map((text) => text.to)).toEqual(["+497615550101"]);
    expect((await orderAuditTrail(db, silent.id))[0]!.data).toMatchObject({ notices: [] });
  });

  it("tells the customer of a rejection with its reason, and of a cancellation", async () => {
    const rejected = await insertTestOrder(db, { email: "abgelehnt@example.org" });
    await act(rejected.id, { intent: "reject", message: "Der Ofen ist kaputt." });
    const cancelled = await insertTestOrder(db, { email: "storniert@example.org", phone: null });
    await act(cancelled.id, { intent: "cancel" });
    const confirmed = await insertTestOrder(db, { email: "bestaetigt@example.org" });
    await act(confirmed.id, { intent: "confirm" });

    const { mails, sms: texts } = await outbox();
    expect(mails.map((mail) => mail.to)).toEqual([
      "abgelehnt@example.org",
      "storniert@example.org",
    ]);
    expect(texts).toEqual([
      {
        to: "+497615550101",
        text: `Bäckerei Sonnenkorn: Ihre Bestellung (Ticket ${rejected.ticketNumber}) wurde leider storniert. Details: ${ORIGIN}/status/${rejected.uid}/${rejected.hash}`,
      },
    ]);
    expect(await deliver()).toMatchObject({ sent: 3 });
    const rejection = await sink.waitFor((mail) => mail.to.includes("abgelehnt@example.org"));
    expect(rejection.subject).toBe(
      `Ihre Bestellung bei Bäckerei Sonnenkorn wurde storniert – Ticket ${rejected.ticketNumber}`,
    );
    expect(rejection.text).toContain(
      "leider können wir Ihre Bestellung nicht ausführen und haben sie storniert.",
    );
    expect(rejection.text).toContain("Begründung: Der Ofen ist kaputt.");
    expect(rejection.text).not.toContain("erstatten");
    expect(rejection.text).toContain(`${ORIGIN}/status/${rejected.uid}/${rejected.hash}`);
    const cancellation = await sink.waitFor((mail) => mail.to.includes("storniert@example.org"));
    expect(cancellation.text).toContain("wir haben Ihre Bestellung storniert.");
    expect(cancellation.text).not.toContain("Begründung");
  });
});
