import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, Order } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { loader as getOrder } from "#app/routes/api/public-order";
import { action as operate, loader as getOperation } from "#app/routes/api/public-order-operation";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";

const now = new Date("2026-11-21T09:30:00Z");
const errors = deOrderStatus.errors;
const proposal = new Date("2026-11-21T13:15:00Z");

type Address = Pick<Order, "uid" | "hash">;

describe.each(databaseTargets())("the public order API on %s", (target) => {
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
      cspNonce: "",
      payments: {},
    };
  });

  afterAll(async () => {
    await handle?.close();
  });

  const base = ({ uid, hash }: Address) => `http://localhost/api/orders/public/${uid}/${hash}`;

  async function get(address: Address, headers: Record<string, string> = {}) {
    return (await getOrder({
      request: new Request(base(address), { headers }),
      params: { uid: address.uid, hash: address.hash },
      context,
    })) as Response;
  }

  async function postTo(address: Address, operation: string, body?: string) {
    return (await operate({
      request: new Request(`${base(address)}/${operation}`, {
        method: "POST",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body,
      }),
      params: { uid: address.uid, hash: address.hash, operation },
      context,
    })) as Response;
  }

  it("returns the order's public fields in a data field, with an ETag and 304", async () => {
    const order = await insertTestOrder(db, {
      isDelivery: true,
      comment: "Bitte klingeln",
      paymentReference: "geheim-123",
      idempotencyKey: "schluessel-1",
    });
    const response = await get(order);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const { data } = await response.json();
    expect(data).toMatchObject({
      id: order.id,
      uid: order.uid,
      hash: order.hash,
      ticketNumber: order.ticketNumber,
      branch: { identifier: "altstadt", phone: "+49 761 2020 100" },
      tableIdentifier: null,
      paymentMethod: "cash",
      appointmentDate: "2026-11-21",
      appointment: "2026-11-21T11:30:00.000+01:00",
      counterAppointment: null,
      rejectionMessage: null,
      questionnaireRating: null,
      isDelivery: true,
      isConfirmed: false,
      isCanceled: false,
      comment: "Bitte klingeln",
      street: "Kaiser-Joseph-Straße 12",
      totalGross: 4700,
      taxes: [
        { taxRate: 7, net: 4065, tax: 285, gross: 4350 },
        { taxRate: 19, net: 294, tax: 56, gross: 350 },
      ],
    });
    expect(data.items[1]).toMatchObject({
      name: "Geburtstagstorte",
      gross: 3900,
      parts: [
        { name: "Größe", options: ["Ø 26 cm"], fileCount: 0 },
        { name: "Aufschrift", value: "Alles Gute, Oma!" },
        { name: "Foto", fileCount: 1 },
      ],
    });
    const text = JSON.stringify(data);
    for (const secret of ["erika@example.org", "555 0101", "geheim-123", "schluessel-1"]) {
      expect(text).not.toContain(secret);
    }
    for (const key of [
      "email",
      "phone",
      "paymentReference",
      "idempotencyKey",
      "tableId",
      "donateeId",
    ]) {
      expect(data).not.toHaveProperty(key);
    }

    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^W\//);
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    const unchanged = await get(order, { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    await setOrderFlags(db, order.id, { isConfirmed: true });
    const changed = await get(order, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect((await changed.json()).data.isConfirmed).toBe(true);
  });

  it("answers 404 with an error list for a wrong hash or uid, on every route", async () => {
    const order = await insertTestOrder(db, { counterAppointment: proposal });
    const wrong = [
      { uid: order.uid, hash: "w".repeat(24) },
      { uid: "0b0f6c1e-3b7a-4c55-9f57-2f1d3c4b5a69", hash: order.hash },
      { uid: "nicht-da", hash: order.hash },
    ];
    for (const address of wrong) {
      const responses = [
        await get(address),
        await postTo(address, "confirm-counter-appointment"),
        await postTo(address, "reject-counter-appointment"),
        await postTo(
          address,
          "questionnaire",
          JSON.stringify({ rating: 5, foodRating: 5, serviceRating: 5, processRating: 5 }),
        ),
      ];
      for (const response of responses) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ errors: [{ message: errors.notFound }] });
      }
    }
    expect((await get(order)).status).toBe(200);
  });

  it("confirms the counter appointment once and refuses the second answer", async () => {
    const order = await insertTestOrder(db, { counterAppointment: proposal });
    const confirmed = await postTo(order, "confirm-counter-appointment");
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).data).toMatchObject({
      isConfirmed: true,
      appointment: "2026-11-21T14:15:00.000+01:00",
      counterAppointment: null,
    });
    const again = await postTo(order, "confirm-counter-appointment");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ errors: [{ message: errors.alreadyConfirmed }] });
    const rejectLate = await postTo(order, "reject-counter-appointment");
    expect(rejectLate.status).toBe(400);
  });

  it("cancels the order when the counter appointment is rejected", async () => {
    const order = await insertTestOrder(db, { counterAppointment: proposal });
    const rejected = await postTo(order, "reject-counter-appointment");
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).data).toMatchObject({ isCanceled: true, isConfirmed: false });
    const none = await insertTestOrder(db);
    const refused = await postTo(none, "reject-counter-appointment");
    expect(await refused.json()).toEqual({ errors: [{ message: errors.noCounterAppointment }] });
  });

  it("takes the questionnaire as JSON and names the fields it refuses", async () => {
    const order = await insertTestOrder(db, { isConfirmed: true });
    const answers = { rating: 5, foodRating: 4, serviceRating: 5, processRating: 4 };
    const early = await postTo(order, "questionnaire", JSON.stringify(answers));
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ errors: [{ message: errors.notCompleted }] });

    await setOrderFlags(db, order.id, { isCompleted: true });
    const invalid = await postTo(
      order,
      "questionnaire",
      JSON.stringify({ rating: 0, foodRating: "4", serviceRating: 5, comment: 7 }),
    );
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual([
      { field: "rating", message: "Bitte bewerten Sie „Gesamt“ mit 1 bis 5 Sternen." },
      { field: "foodRating", message: "Bitte bewerten Sie „Essen“ mit 1 bis 5 Sternen." },
      { field: "processRating", message: "Bitte bewerten Sie „Ablauf“ mit 1 bis 5 Sternen." },
      { field: "comment", message: "Bitte geben Sie den Kommentar als Text ein." },
    ]);
    for (const body of ["{kaputt", "[1, 2]", "x".repeat(20_000)]) {
      const unreadable = await postTo(order, "questionnaire", body);
      expect(unreadable.status).toBe(400);
      expect(await unreadable.json()).toEqual({ errors: [{ message: errors.badRequest }] });
    }
    expect(
      (await db.selectFrom("orders").select("rating").where("id", "=", order.id).executeTakeFirst())
        ?.rating,
    ).toBeNull();

    const sent = await postTo(
      order,
      "questionnaire",
      JSON.stringify({ ...answers, comment: null }),
    );
    expect(sent.status).toBe(200);
    expect((await sent.json()).data.questionnaireRating).toBe(5);
    const twice = await postTo(order, "questionnaire", JSON.stringify(answers));
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ errors: [{ message: errors.alreadyRated }] });
  });

  it("answers unknown operations with 404 and wrong methods with 405", async () => {
    const order = await insertTestOrder(db);
    const unknown = await postTo(order, "stornieren");
    expect(unknown.status).toBe(404);
    const params = { uid: order.uid, hash: order.hash };
    const wrongMethod = (await getOperation({
      request: new Request(`${base(order)}/questionnaire`),
      params: { ...params, operation: "questionnaire" },
      context,
    })) as Response;
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
    expect((await wrongMethod.json()).errors[0].message).toBe(errors.methodNotAllowed);
    const unknownGet = (await getOperation({
      request: new Request(`${base(order)}/stornieren`),
      params: { ...params, operation: "stornieren" },
      context,
    })) as Response;
    expect(unknownGet.status).toBe(404);
  });
});
