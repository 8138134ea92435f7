import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { updateSettings } from "#app/db/queries/settings";
import type { Db, EmailPayload, SmsPayload } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { smtpTransport } from "#app/integrations/mail/smtp.server";
import { twilioSmsProvider } from "#app/integrations/sms/twilio.server";
import { queueNewOrderEmail, queueNewOrderSms } from "#app/features/orders/order-mails.server";
import { drainOutbox } from "#app/features/shared/outbox.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakeSms, type FakeSms } from "#tests/support/fake-sms";
import { insertTestOrder } from "#tests/support/orders";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";

const ORIGIN = { publicOrigin: "https://sonnenkorn.example" };

describe.each(databaseTargets())("the messages about a new order on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let sink: SmtpSink;
  let fake: FakeSms;

  beforeAll(async () => {
    [handle, sink, fake] = await Promise.all([
      createTestDatabase(target),
      startSmtpSink(),
      startFakeSms(),
    ]);
    db = handle.db;
    await prepareCheckoutDatabase(db);
  });
  afterAll(async () => {
    await Promise.all([handle.close(), sink.close(), fake.close()]);
  });
  beforeEach(async () => {
    await db.deleteFrom("outbox").execute();
    await updateSettings(db, { enablePluginSms: true });
  });

  const outbox = async () => {
    const rows = await db.selectFrom("outbox").select(["kind", "payload"]).orderBy("id").execute();
    return {
      mails: rows.filter((row) => row.kind === "email").map((row) => row.payload as EmailPayload),
      sms: rows.filter((row) => row.kind === "sms").map((row) => row.payload as SmsPayload),
    };
  };

  const placeWith = (fields: Record<string, string> = {}) =>
    placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Baguette", amount: "2" }],
      fields,
      publicOrigin: ORIGIN.publicOrigin,
    });

  it("queues the customer's SMS with the status link beside both mails, and all leave", async () => {
    const order = await placeWith({ phone: "+49 761 1234567", comment: "Gut durchgebacken" });
    const link = `https://sonnenkorn.example/status/${order.uid}/${order.hash}`;
    const { mails, sms } = await outbox();
    expect(sms).toEqual([
      {
        to: "+497611234567",
        text: `Bäckerei Sonnenkorn: Vielen Dank für Ihre Bestellung (Ticket ${order.ticketNumber}). Status: ${link}`,
      },
    ]);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [
        "erika@example.org",
        `Ihre Bestellung bei Bäckerei Sonnenkorn – Ticket ${order.ticketNumber}`,
      ],
      [
        `${testBranches.open.identifier}@sonnenkorn.example`,
        `Neue Bestellung Ticket ${order.ticketNumber} von Erika Mustermann`,
      ],
    ]);
    const customer = mails[0]!.text;
    expect(customer).toContain("Hallo Erika Mustermann,");
    expect(customer).toMatch(/^- 2 Stk\. Baguette: \d+,\d\d\u00a0€$/m);
    expect(customer).toContain("Art: Takeaway");
    expect(customer).toContain("Zahlung: Barzahlung, offen");
    expect(customer).toContain("Anmerkung: Gut durchgebacken");
    expect(customer).toContain(link);
    expect(mails[1]!.text).toContain(
      "Kontakt: Erika Mustermann, +49 761 1234567, erika@example.org",
    );

    const transport = smtpTransport(sink.url, "Sonnenkorn <shop@sonnenkorn.example>");
    const provider = twilioSmsProvider({
      apiBase: fake.url,
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: "Sonnenkorn",
    });
    try {
      const result = await drainOutbox(db, { mail: transport, sms: provider }, new Date());
      expect(result).toMatchObject({ claimed: 3, sent: 3, failures: [] });
    } finally {
      transport.close();
    }
    const delivered = await fake.waitFor((message) => message.body.includes(link));
    // Umlauts and all, the text stays in the GSM alphabet: no UCS-2 at twice the price.
    expect(delivered).toMatchObject({ to: "+497611234567", encoding: "GSM-7" });
    expect(delivered.segments).toBeLessThanOrEqual(2);
    await sink.waitFor((mail) => mail.subject.includes(`Ticket ${order.ticketNumber}`));
  });

  it("queues no SMS while the SMS plugin is off, nor without a phone number", async () => {
    await updateSettings(db, { enablePluginSms: false });
    await placeWith({ phone: "+49 761 1234567" });
    expect((await outbox()).sms).toEqual([]);

    await updateSettings(db, { enablePluginSms: true });
    await placeWith();
    const { mails, sms } = await outbox();
    expect(sms).toEqual([]);
    expect(mails).toHaveLength(4);
  });

  it("resends the SMS and the e-mail on request, or says why not", async () => {
    const order = await placeWith({ phone: "+49 761 7654321" });
    await db.deleteFrom("outbox").execute();

    const sent = await db.transaction().execute((trx) => queueNewOrderSms(trx, order.id, ORIGIN));
    expect(sent).toEqual({ ok: true, outboxId: expect.any(Number) });
    const mailed = await db
      .transaction()
      .execute((trx) => queueNewOrderEmail(trx, order.id, ORIGIN));
    expect(mailed).toEqual({ ok: true, outboxId: expect.any(Number) });
    const { mails, sms } = await outbox();
    expect(sms.map((message) => message.to)).toEqual(["+497617654321"]);
    // Only the customer's mail again, not the branch's.
    expect(mails.map((mail) => mail.to)).toEqual(["erika@example.org"]);

    await updateSettings(db, { enablePluginSms: false });
    expect(await queueNewOrderSms(db, order.id, ORIGIN)).toEqual({
      ok: false,
      message: de.resend.smsDisabled,
    });
    await updateSettings(db, { enablePluginSms: true });
    const silent = await insertTestOrder(db, { phone: null, email: null });
    expect(await queueNewOrderSms(db, silent.id, ORIGIN)).toEqual({
      ok: false,
      message: "Für diese Bestellung ist keine Telefonnummer hinterlegt.",
    });
    expect(await queueNewOrderEmail(db, silent.id, ORIGIN)).toEqual({
      ok: false,
      message: "Für diese Bestellung ist keine E-Mail-Adresse hinterlegt.",
    });
    expect(await queueNewOrderSms(db, 987_654, ORIGIN)).toEqual({
      ok: false,
      message: de.resend.notFound,
    });
    expect(await queueNewOrderEmail(db, 987_654, ORIGIN)).toEqual({
      ok: false,
      message: de.resend.notFound,
    });
    expect((await outbox()).sms).toHaveLength(1);
  });

  it("sends the same words at the checkout as a resend does from the stored order", async () => {
    const order = await placeWith({
      phone: "+49 761 1234567",
      comment: "Bitte klingeln",
      street: "",
    });
    const atCheckout = await outbox();
    await db.deleteFrom("outbox").execute();
    await db.transaction().execute((trx) => queueNewOrderEmail(trx, order.id, ORIGIN));
    await db.transaction().execute((trx) => queueNewOrderSms(trx, order.id, ORIGIN));
    const resent = await outbox();
    // Built before the order existed, the checkout's messages carry its real ticket number.
    expect(atCheckout.mails[0]?.subject).toContain(`${order.ticketNumber}`);
    expect(atCheckout.mails[0]).toEqual(resent.mails[0]);
    expect(atCheckout.sms).toEqual(resent.sms);
  });

  it("names a pre-order and a quotation request as such", async () => {
    const preorder = await insertTestOrder(db, { isPreorder: true });
    const quotation = await insertTestOrder(db, { isQuotation: true });
    await queueNewOrderSms(db, preorder.id, ORIGIN);
    await queueNewOrderSms(db, quotation.id, ORIGIN);
    await queueNewOrderEmail(db, preorder.id, ORIGIN);
    const { sms, mails } = await outbox();
    expect(sms.map((message) => message.text.split(" (")[0])).toEqual([
      "Bäckerei Sonnenkorn: Vielen Dank für Ihre Vorbestellung",
      "Bäckerei Sonnenkorn: Vielen Dank für Ihre Anfrage",
    ]);
    expect(mails[0]!.text).toContain(de.mails.thanksPreorder);
    expect(mails[0]!.text).toContain("Vorbestellung\nArt: Takeaway");
  });
});
