import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { updateSettings } from "#app/db/queries/settings";
import type { Database, Order } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { action, loader, type StatusActionData } from "#app/routes/status";
import {
  acceptCounterAppointment,
  declineCounterAppointment,
  findOrderByAddress,
  hashMatches,
  submitQuestionnaire,
} from "#app/features/orders/order-status.server";
import type { OrderStatusView } from "#app/features/orders/order-status-view.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { awayFromStatusClockTurn } from "#tests/support/minute-turn";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";

const now = new Date("2026-11-21T09:30:00Z");
const errors = deOrderStatus.errors;
const steps = deOrderStatus.steps;
const euro = (text: string) => text.replace(" €", "\u00a0€");

/** What `data()` hands back from a loader or action. */
interface DataResult<T> {
  data: T;
  init: { status?: number; headers?: Record<string, string> } | null;
}

const statusUrl = (order: Pick<Order, "uid" | "hash">, suffix = "") =>
  `http://localhost/status/${order.uid}/${order.hash}${suffix}`;

function formBody(fields: Record<string, string | number>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  return body;
}

async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  throw new Error("Die Anfrage wurde nicht abgelehnt.");
}

describe.each(databaseTargets())("the order status page on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let context: AppLoadContext;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    context = {
      db,
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: "/nicht-benutzt" },
      secrets: { session: "s".repeat(40) },
      cspNonce: "test-nonce",
      payments: {},
    };
  });

  afterAll(async () => {
    await handle?.close();
  });

  async function loadPage(
    order: Pick<Order, "uid" | "hash">,
    headers: Record<string, string> = {},
    suffix = "",
  ) {
    const result = (await loader({
      request: new Request(statusUrl(order, suffix), { headers }),
      params: { uid: order.uid, hash: order.hash },
      context,
    })) as unknown as DataResult<OrderStatusView | null>;
    return result;
  }

  async function view(order: Pick<Order, "uid" | "hash">): Promise<OrderStatusView> {
    const result = await loadPage(order);
    if (!result.data) throw new Error("Keine Daten");
    return result.data;
  }

  async function post(order: Pick<Order, "uid" | "hash">, fields: Record<string, string | number>) {
    return action({
      request: new Request(statusUrl(order), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: formBody(fields),
      }),
      params: { uid: order.uid, hash: order.hash },
      context,
    });
  }

  const reload = (order: Order) =>
    db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();

  describe("finding the order", () => {
    it("answers 404 alike for a wrong hash, another order's hash, an unknown uid and bad input", async () => {
      const order = await insertTestOrder(db);
      const other = await insertTestOrder(db);
      const unknownUid = "0b0f6c1e-3b7a-4c55-9f57-2f1d3c4b5a69";
      const cases = [
        { uid: order.uid, hash: "x".repeat(24) },
        { uid: order.uid, hash: other.hash },
        { uid: unknownUid, hash: order.hash },
        { uid: "keine-uuid", hash: order.hash },
        { uid: order.uid, hash: "kurz" },
        { uid: order.uid, hash: `${order.hash}'; drop table orders; --` },
        { uid: order.uid.toUpperCase(), hash: order.hash },
      ];
      for (const address of cases) {
        expect(await thrownStatus(loadPage(address))).toBe(404);
        expect(await findOrderByAddress(db, address)).toBeNull();
      }
      expect((await findOrderByAddress(db, order))?.id).toBe(order.id);
    });

    it("compares hashes without revealing their length", () => {
      expect(hashMatches("abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx")).toBe(true);
      expect(hashMatches("abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvw")).toBe(false);
      expect(hashMatches("abcdefghijklmnopqrstuvwx", "")).toBe(false);
    });
  });

  describe("what the page shows", () => {
    it("walks a takeaway order through its steps and stops polling when it is done", async () => {
      let order = await insertTestOrder(db);
      const stepsOf = async () => {
        const { timeline, keepPolling } = await view(order);
        if (timeline.isCanceled) throw new Error("storniert");
        const current = timeline.steps.find((step) => step.isCurrent);
        return { labels: timeline.steps.map((step) => step.label), current, keepPolling };
      };
      expect((await stepsOf()).labels).toEqual([
        steps.awaitingConfirmation,
        steps.preparing,
        steps.readyForPickup,
        steps.completed,
      ]);
      expect(await stepsOf()).toMatchObject({
        current: { label: steps.awaitingConfirmation, isDone: false },
        keepPolling: true,
      });
      order = await setOrderFlags(db, order.id, { isConfirmed: true });
      expect(await stepsOf()).toMatchObject({ current: { label: steps.preparing } });
      // For takeaway, `is_in_delivery` means "ready for pickup" (docs/decisions/007).
      order = await setOrderFlags(db, order.id, { isInDelivery: true });
      expect(await stepsOf()).toMatchObject({ current: { label: steps.readyForPickup } });
      await expect(setOrderFlags(db, order.id, { isDelivered: true })).rejects.toThrow(
        /orders_delivery_state_check/,
      );
      order = await setOrderFlags(db, order.id, { isCompleted: true });
      expect(await stepsOf()).toMatchObject({
        current: { label: steps.completed, isDone: true },
        keepPolling: false,
      });
      expect((await view(order)).messages).toEqual([deOrderStatus.messages.completed]);
    });

    it("shows a delivery order in delivery, then delivered, with address and delivery costs", async () => {
      let order = await insertTestOrder(db, { isDelivery: true, isConfirmed: true });
      order = await setOrderFlags(db, order.id, { isInDelivery: true });
      let page = await view(order);
      expect(page.timeline.isCanceled ? null : page.timeline.currentStep).toBe("in-delivery");
      expect(page.messages[0]).toBe(deOrderStatus.messages.inDelivery);
      expect(page.details.address).toEqual([
        "Erika Mustermann",
        "Kaiser-Joseph-Straße 12",
        "Stock 2, Tür 5",
        "79098 Freiburg",
        "Liefergebiet: Altstadt",
      ]);
      expect(page.details.deliveryCosts).toBe(euro("3,50 €"));
      expect(page.details.total).toBe(euro("47,00 €"));
      expect(page.details.taxes.map((line) => line.rate)).toEqual(["7 %", "19 %"]);
      order = await setOrderFlags(db, order.id, { isDelivered: true, isCompleted: true });
      page = await view(order);
      expect(page.timeline.isCanceled ? null : page.timeline.currentStep).toBe("delivered");
      expect(page.keepPolling).toBe(false);
    });

    it("shows a rejected order as cancelled with the branch's reason, and stops polling", async () => {
      const order = await insertTestOrder(db);
      await setOrderFlags(db, order.id, {
        isRejected: true,
        rejectionMessage: "Leider ist die Torte heute ausverkauft.",
      });
      const page = await view(order);
      expect(page.heading).toBe("Bestellung storniert");
      expect(page.timeline).toEqual({
        isCanceled: true,
        label: "Bestellung storniert",
        rejectionMessage: "Leider ist die Torte heute ausverkauft.",
      });
      expect(page.keepPolling).toBe(false);
      for (const flags of [{ isCanceled: true }, { isFailed: true }]) {
        const another = await insertTestOrder(db);
        await setOrderFlags(db, another.id, flags);
        expect(await view(another)).toMatchObject({
          heading: "Bestellung storniert",
          timeline: { isCanceled: true, rejectionMessage: null },
          keepPolling: false,
        });
      }
    });

    it("names the ticket, lists items with their parts, totals by rate and the branch", async () => {
      const order = await insertTestOrder(db, { comment: "Bitte ohne Nüsse" });
      const page = await view(order);
      expect(page.heading).toBe(deOrderStatus.thanks);
      expect(page.ticket).toEqual({ label: "Ticket", number: String(order.ticketNumber) });
      expect(page.details).toMatchObject({
        orderType: "Takeaway",
        appointment: "21.11.2026 11:30",
        comment: "Bitte ohne Nüsse",
        paymentMethod: "Barzahlung",
        costs: euro("43,50 €"),
        deliveryCosts: null,
        total: euro("43,50 €"),
        taxes: [{ rate: "7 %", net: euro("40,65 €"), tax: euro("2,85 €"), gross: euro("43,50 €") }],
      });
      expect(page.details.items).toEqual([
        { name: "Bauernbrot", quantity: "1 Stk.", details: [], price: euro("4,50 €") },
        {
          name: "Geburtstagstorte",
          quantity: "1 Stk.",
          details: ["Größe: Ø 26 cm", "Aufschrift: Alles Gute, Oma!", "Foto: 1 Datei"],
          price: euro("39,00 €"),
        },
      ]);
      expect(page.branch).toMatchObject({
        name: "Sonnenkorn am Münsterplatz",
        phone: "+49 761 2020 100",
        email: "altstadt@sonnenkorn.example",
      });
      expect(page.payment).toBeNull();

      await updateSettings(db, { disableTickets: true });
      try {
        expect((await view(order)).ticket.label).toBe("Bestellnummer");
      } finally {
        await updateSettings(db, { disableTickets: false });
      }
    });

    it("shows the payment state of online payments", async () => {
      let order = await insertTestOrder(db, { paymentMethod: "stripe" });
      expect((await view(order)).payment).toEqual({
        state: "awaiting-payment",
        label: "Warten auf Zahlung",
      });
      expect((await view(order)).messages).toContain(deOrderStatus.messages.awaitingPayment);
      order = await setOrderFlags(db, order.id, { isPaid: true });
      expect((await view(order)).payment?.label).toBe("Bezahlt");
      order = await setOrderFlags(db, order.id, { isRefunded: true, isCanceled: true });
      expect((await view(order)).payment?.label).toBe("Erstattet");
      const paypal = await insertTestOrder(db, { paymentMethod: "paypal", isPaid: true });
      expect((await view(paypal)).payment?.state).toBe("paid");
    });
  });

  describe("conditional GET", () => {
    beforeEach(() => awayFromStatusClockTurn(), 60_000);

    it("sends an ETag, answers 304 while nothing changed and a new page once something did", async () => {
      const order = await insertTestOrder(db);
      const first = await loadPage(order);
      const etag = first.init?.headers?.ETag ?? "";
      expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
      expect(first.init?.headers?.["Cache-Control"]).toBe("private, no-cache");
      expect((await loadPage(order)).init?.headers?.ETag).toBe(etag);

      const unchanged = await loadPage(order, { "If-None-Match": etag });
      expect(unchanged.init?.status).toBe(304);
      expect(unchanged.data).toBeNull();
      expect(unchanged.init?.headers?.ETag).toBe(etag);

      await setOrderFlags(db, order.id, { isConfirmed: true });
      const changed = await loadPage(order, { "If-None-Match": etag });
      expect(changed.init?.status).toBeUndefined();
      expect(changed.data?.timeline).toMatchObject({ currentStep: "preparing" });
      expect(changed.init?.headers?.ETag).not.toBe(etag);
    });

    it("builds the ETag from everything the page shows: order, settings, cookies of the frame", async () => {
      const order = await insertTestOrder(db);
      const tag = async (headers: Record<string, string> = {}) =>
        (await loadPage(order, headers)).init?.headers?.ETag;
      const plain = await tag();
      expect(await tag({ Cookie: "theme=dunkel" })).toBe(plain);
      expect(await tag({ Cookie: "cookie-consent=1" })).not.toBe(plain);
      // A kiosk's page has no tag at all: it is stored nowhere (issue 35, decision 053).
      const kiosk = await loadPage(order, {
        Cookie: `self-service=1; kiosk-bestellung=${order.uid}`,
      });
      expect(kiosk.init?.headers?.ETag).toBeUndefined();
      expect(kiosk.init?.headers?.["Cache-Control"]).toBe("no-store");
      expect(await tag({ Cookie: "cookie-consent=1" })).toBe(
        await tag({ Cookie: "cookie-consent=1" }),
      );

      await updateSettings(db, { disableTickets: true });
      const withoutTickets = await tag();
      await updateSettings(db, { disableTickets: false });
      expect(withoutTickets).not.toBe(plain);
      expect(await tag()).not.toBe(withoutTickets);
      // Another order's change leaves this page's ETag alone.
      const before = await tag();
      const other = await insertTestOrder(db);
      await setOrderFlags(db, other.id, { isConfirmed: true });
      expect(await tag()).toBe(before);
    });

    it("answers a matching ETag with 404 when the hash is wrong", async () => {
      const order = await insertTestOrder(db);
      const etag = (await loadPage(order)).init?.headers?.ETag ?? "";
      const wrong = { uid: order.uid, hash: "y".repeat(24) };
      expect(await thrownStatus(loadPage(wrong, { "If-None-Match": etag }))).toBe(404);
    });
  });

  describe("the counter appointment", () => {
    const proposal = new Date("2026-11-21T13:15:00Z");

    it("offers 'Ja, 14:15 Uhr ist in Ordnung' and, accepted, confirms the order at that time", async () => {
      const order = await insertTestOrder(db, { counterAppointment: proposal });
      const before = await view(order);
      // A proposal for another day than today names the day (issue 17, decision 047).
      const isToday =
        new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" }) === "2026-11-21";
      expect(before.counterAppointment).toEqual({
        proposal: "Vorgeschlagener Termin: 21.11.2026 14:15 Uhr",
        accept: isToday
          ? "Ja, 14:15 Uhr ist in Ordnung"
          : "Ja, Sa., 21.11., 14:15 Uhr ist in Ordnung",
        decline: "Nein, Bestellung stornieren",
      });
      expect(before.messages[0]).toContain("21.11.2026 14:15 Uhr");

      const response = (await post(order, { intent: "accept-counter-appointment" })) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/status/${order.uid}/${order.hash}`);
      const stored = await reload(order);
      expect(stored).toMatchObject({
        isConfirmed: true,
        isCanceled: false,
        counterAppointment: null,
        appointment: proposal,
      });
      expect(stored.updatedAt.getTime()).toBeGreaterThan(order.updatedAt.getTime());
      const after = await view(order);
      expect(after.counterAppointment).toBeNull();
      expect(after.details.appointment).toBe("21.11.2026 14:15");
    });

    it("cancels the order when the customer declines", async () => {
      const order = await insertTestOrder(db, { counterAppointment: proposal });
      const response = (await post(order, { intent: "decline-counter-appointment" })) as Response;
      expect(response.status).toBe(303);
      expect(await reload(order)).toMatchObject({ isCanceled: true, isConfirmed: false });
      expect((await view(order)).timeline.isCanceled).toBe(true);
    });

    it("refuses an answer on a confirmed, rejected or cancelled order, or without a proposal", async () => {
      const confirmed = await insertTestOrder(db, {
        counterAppointment: proposal,
        isConfirmed: true,
      });
      const rejected = await insertTestOrder(db, {
        counterAppointment: proposal,
        isRejected: true,
      });
      const canceled = await insertTestOrder(db, {
        counterAppointment: proposal,
        isCanceled: true,
      });
      const none = await insertTestOrder(db);
      const cases: [Order, string][] = [
        [confirmed, errors.alreadyConfirmed],
        [rejected, errors.canceled],
        [canceled, errors.canceled],
        [none, errors.noCounterAppointment],
      ];
      for (const [order, message] of cases) {
        expect((await view(order)).counterAppointment).toBeNull();
        for (const intent of ["accept-counter-appointment", "decline-counter-appointment"]) {
          const answer = (await post(order, { intent })) as unknown as DataResult<StatusActionData>;
          expect(answer.init?.status).toBe(400);
          expect(answer.data.message).toBe(message);
          const stored = await reload(order);
          expect(stored.updatedAt).toEqual(order.updatedAt);
          expect(stored.appointment).toEqual(order.appointment);
          expect(stored.isCanceled).toBe(order.isCanceled);
        }
      }
    });

    it("answers 404 for a wrong hash and 400 for an unknown intent", async () => {
      const order = await insertTestOrder(db, { counterAppointment: proposal });
      const wrong = { uid: order.uid, hash: "z".repeat(24) };
      expect(await thrownStatus(post(wrong, { intent: "accept-counter-appointment" }))).toBe(404);
      const unknown = (await post(order, {
        intent: "umbuchen",
      })) as unknown as DataResult<StatusActionData>;
      expect(unknown.init?.status).toBe(400);
      expect(unknown.data.message).toBe(errors.unknownAction);
      expect((await reload(order)).counterAppointment).toEqual(proposal);
    });

    it("applies two answers at the same moment once", async () => {
      const order = await insertTestOrder(db, { counterAppointment: proposal });
      const results = await Promise.all([
        acceptCounterAppointment(db, order),
        acceptCounterAppointment(db, order),
        declineCounterAppointment(db, order),
      ]);
      const applied = results.filter((result) => result.ok);
      expect(applied).toHaveLength(1);
      const refused = results.filter((result) => !result.ok);
      expect(refused).toHaveLength(2);
      // Whichever came first decided; the others found a confirmed or cancelled order.
      const stored = await reload(order);
      expect(stored.isConfirmed !== stored.isCanceled).toBe(true);
      expect(stored.counterAppointment).toEqual(stored.isConfirmed ? null : proposal);
    });
  });

  describe("the questionnaire", () => {
    const answers = { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3 };

    it("is offered on completed orders without a rating and stored once", async () => {
      const order = await insertTestOrder(db, { isConfirmed: true, isCompleted: true });
      expect((await view(order)).showsQuestionnaire).toBe(true);
      const response = (await post(order, {
        intent: "questionnaire",
        ...answers,
        comment: "  Sehr lecker!  ",
      })) as Response;
      expect(response.status).toBe(303);
      expect(await reload(order)).toMatchObject({
        ...answers,
        questionnaireComment: "Sehr lecker!",
        questionnaireAt: expect.any(Date),
      });
      const page = await view(order);
      expect(page.showsQuestionnaire).toBe(false);
      expect(page.showsRatingThanks).toBe(true);

      const again = (await post(order, {
        intent: "questionnaire",
        ...answers,
        rating: 1,
      })) as unknown as DataResult<StatusActionData>;
      expect(again.init?.status).toBe(400);
      expect(again.data.message).toBe(errors.alreadyRated);
      expect(again.data.result?.error?.[""]).toEqual([errors.alreadyRated]);
      expect((await reload(order)).rating).toBe(5);
    });

    it("refuses ratings out of range or missing, naming each field, and writes nothing", async () => {
      const order = await insertTestOrder(db, { isConfirmed: true, isCompleted: true });
      const bad = [
        { ...answers, rating: 0 },
        { ...answers, foodRating: 6 },
        { ...answers, serviceRating: 2.5 },
        { ...answers, processRating: "viel" },
        { rating: 5, foodRating: 4, serviceRating: 5 },
        { ...answers, comment: "x".repeat(2001) },
      ];
      for (const fields of bad) {
        const answer = (await post(order, {
          intent: "questionnaire",
          ...fields,
        })) as unknown as DataResult<StatusActionData>;
        expect(answer.init?.status).toBe(400);
        const fieldErrors = Object.values(answer.data.result?.error ?? {}).flat();
        expect(fieldErrors).toHaveLength(1);
        expect(fieldErrors[0]).toMatch(/^Bitte /);
      }
      const missing = (await post(order, {
        intent: "questionnaire",
      })) as unknown as DataResult<StatusActionData>;
      expect(missing.data.result?.error).toMatchObject({
        rating: ["Bitte bewerten Sie „Gesamt“ mit 1 bis 5 Sternen."],
        foodRating: ["Bitte bewerten Sie „Essen“ mit 1 bis 5 Sternen."],
        serviceRating: ["Bitte bewerten Sie „Service“ mit 1 bis 5 Sternen."],
        processRating: ["Bitte bewerten Sie „Ablauf“ mit 1 bis 5 Sternen."],
      });
      const stored = await reload(order);
      expect(stored.rating).toBeNull();
      expect(stored.updatedAt).toEqual(order.updatedAt);
    });

    it("is refused before the order is completed, on cancelled orders and when reviews are off", async () => {
      const open = await insertTestOrder(db, { isConfirmed: true });
      const canceled = await insertTestOrder(db, { isCanceled: true });
      for (const order of [open, canceled]) {
        expect((await view(order)).showsQuestionnaire).toBe(false);
        const result = await submitQuestionnaire(db, order, answers, now);
        expect(result).toEqual({ ok: false, status: 400, message: errors.notCompleted });
      }
      const completed = await insertTestOrder(db, { isConfirmed: true, isCompleted: true });
      await updateSettings(db, { enablePluginOrderReviews: false });
      try {
        expect((await view(completed)).showsQuestionnaire).toBe(false);
        const result = await submitQuestionnaire(db, completed, answers, now);
        expect(result).toEqual({ ok: false, status: 400, message: errors.reviewsDisabled });
      } finally {
        await updateSettings(db, { enablePluginOrderReviews: true });
      }
      expect((await reload(completed)).rating).toBeNull();
    });

    it("stores one of two questionnaires sent at the same moment", async () => {
      const order = await insertTestOrder(db, { isConfirmed: true, isCompleted: true });
      const results = await Promise.all([
        submitQuestionnaire(db, order, answers, now),
        submitQuestionnaire(db, order, { ...answers, rating: 1 }, now),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({
        message: errors.alreadyRated,
      });
    });
  });
});
