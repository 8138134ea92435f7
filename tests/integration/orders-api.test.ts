import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { loadCheckout } from "#app/features/checkout/checkout.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { de } from "#app/i18n/de-staff";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * The rest of the staff order API of section 7 over HTTP (decision 033): `POST /api/orders`
 * through the checkout's order service, `PUT /api/orders/{id}` with its version check and audit,
 * `DELETE /api/orders/{id}` for what never became a real order, each within the branch scope.
 */
interface ApiAnswer {
  data?: Record<string, unknown>;
  errors?: { message: string; field?: string }[];
}

describe.each(databaseTargets())("the staff order API on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let altstadt: { id: number; identifier: string };
  let wiehre: { id: number; identifier: string };
  let productId: number;
  let employeeA: TestStaff;
  let employeeB: TestStaff;

  const signedIn = async (staff: TestStaff) =>
    new StaffClient(server).signInAs(server.context, staff.id);

  const call = async (staff: TestStaff, path: string, method: string, json?: unknown) => {
    const client = await signedIn(staff);
    const response = await client.send(path, { method, ...(json === undefined ? {} : { json }) });
    return { status: response.status, body: (await response.json()) as ApiAnswer };
  };

  const orderBody = (overrides: Record<string, unknown> = {}) => ({
    branch: altstadt.id,
    items: [{ product: productId, amount: 2 }],
    name: "Paula Telefon",
    phone: "+49 761 555 0199",
    email: "paula@example.org",
    comment: "Bitte in Papier",
    paymentMethod: "cash",
    legalInstructions: true,
    privacyPolicy: true,
    ...overrides,
  });

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    const branches = await db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadt = branches.find((branch) => branch.identifier === "altstadt")!;
    wiehre = branches.find((branch) => branch.identifier === "wiehre")!;
    const catalogue = await loadActiveCatalogue(db, altstadt.id, new Date(), "Europe/Berlin");
    const simple = [...catalogue.orderable.values()].find(
      (product) =>
        product.parts.length === 0 && product.unit === "piece" && !product.isLeadTimeEnabled,
    );
    productId = simple!.id;
    employeeA = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt.id] });
    employeeB = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [wiehre.id] });
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  describe("POST /api/orders", () => {
    it("places the order through the order service and answers 201 with it", async () => {
      const { status, body } = await call(employeeA, "/api/orders", "POST", orderBody());
      expect(status, JSON.stringify(body)).toBe(201);
      const data = body.data!;
      expect(data).toMatchObject({ name: "Paula Telefon", phone: "+49 761 5550199" });
      expect(typeof data.version).toBe("string");
      expect(data.items).toHaveLength(1);
      const stored = await db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", Number(data.id))
        .executeTakeFirstOrThrow();
      expect(stored.branchId).toBe(altstadt.id);
      expect(stored.totalGross).toBeGreaterThan(0);
      expect(stored.cartId).toBeNull();
      const audit = await db
        .selectFrom("auditLog")
        .select(["action", "userId"])
        .where("entityType", "=", "order")
        .where("entityId", "=", String(stored.id))
        .execute();
      expect(audit).toEqual([{ action: "order.create", userId: employeeA.id }]);
      // The customer's confirmation leaves with it, as from the checkout.
      const mails = await db
        .selectFrom("outbox")
        .select("payload")
        .where("kind", "=", "email")
        .execute();
      expect(JSON.stringify(mails)).toContain("paula@example.org");
    });

    it("answers the first order again for a repeated key", async () => {
      const body = orderBody({ orderKey: "api-key-0123456789abcdef" });
      const first = await call(employeeA, "/api/orders", "POST", body);
      const second = await call(employeeA, "/api/orders", "POST", body);
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body.data!.id).toBe(first.body.data!.id);
    });

    it("refuses bad input with 400, German messages and the field, storing nothing", async () => {
      const before = await db
        .selectFrom("orders")
        .select(db.fn.countAll().as("n"))
        .executeTakeFirst();
      const cases: [Record<string, unknown>, string][] = [
        [orderBody({ name: "" }), "name"],
        [orderBody({ phone: "0761" }), "phone"],
        [orderBody({ email: "keine-adresse" }), "email"],
        [orderBody({ items: [] }), "items"],
        [orderBody({ items: [{ product: 999999, amount: 1 }] }), "items.0.product"],
        [orderBody({ items: [{ product: productId, amount: "viel" }] }), "items.0.amount"],
        [orderBody({ legalInstructions: false }), "legalInstructions"],
        [orderBody({ paymentMethod: "bitcoin" }), "paymentMethod"],
        [orderBody({ comment: "x".repeat(3000) }), "comment"],
        [orderBody({ branch: "abc" }), "branch"],
        [orderBody({ isDelivery: true }), "isDelivery"],
      ];
      for (const [body, field] of cases) {
        const answer = await call(employeeA, "/api/orders", "POST", body);
        expect(answer.status, field).toBe(400);
        const fields = answer.body.errors!.map((error) => error.field);
        expect(fields, JSON.stringify(answer.body)).toContain(field);
        for (const error of answer.body.errors!) expect(error.message).toMatch(/[a-zäöüß]/);
      }
      const broken = await (
        await signedIn(employeeA)
      ).send("/api/orders", {
        method: "POST",
        body: "{",
        headers: { "Content-Type": "application/json" },
      });
      expect(broken.status).toBe(400);
      const after = await db
        .selectFrom("orders")
        .select(db.fn.countAll().as("n"))
        .executeTakeFirst();
      expect(after).toEqual(before);
      const carts = await db.selectFrom("carts").select("id").execute();
      expect(carts).toEqual([]);
    });

    it("refuses another branch with 403", async () => {
      const answer = await call(employeeB, "/api/orders", "POST", orderBody());
      expect(answer.status).toBe(403);
    });
  });

  describe("PUT /api/orders/{id}", () => {
    const read = async (id: number) =>
      (await call(employeeA, `/api/orders/${id}`, "GET")).body.data!;

    it("changes contact data and comment, audited with before and after", async () => {
      const order = await insertTestOrder(db, { appointment: null, email: "alt@example.org" });
      const { version } = await read(order.id);
      const answer = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        phone: "0049 761 1234567",
        email: "neu@example.org",
        comment: "Geschnitten",
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({
        phone: "+49 761 1234567",
        email: "neu@example.org",
        comment: "Geschnitten",
        name: "Erika Mustermann",
      });
      expect(answer.body.data!.version).not.toBe(version);
      const entry = await db
        .selectFrom("auditLog")
        .select(["action", "data", "userId"])
        .where("entityId", "=", String(order.id))
        .where("action", "=", "order.update")
        .executeTakeFirstOrThrow();
      expect(entry.userId).toBe(employeeA.id);
      expect(entry.data).toEqual({
        before: { phone: "+49 761 555 0101", email: "alt@example.org", comment: null },
        after: { phone: "+49 761 1234567", email: "neu@example.org", comment: "Geschnitten" },
      });
    });

    it("accepts an appointment within the hours and refuses one outside them", async () => {
      const order = await insertTestOrder(db, { appointment: null });
      const checkout = await loadCheckout(db, {
        identifier: altstadt.identifier,
        cartId: null,
        now: new Date(),
        providersReady: [],
      });
      const slot = checkout!.plan().slots[1]!;
      const inside = new Date(new Date(slot.start).getTime() + 5 * 60_000).toISOString();
      let { version } = await read(order.id);
      const ok = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        appointment: inside,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(new Date(String(ok.body.data!.appointment)).toISOString()).toBe(inside);
      version = ok.body.data!.version;
      // Just after a slot ends the branch is closed (slots are the open periods).
      const closed = new Date(new Date(slot.end).getTime() + 60_000).toISOString();
      const refused = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        appointment: closed,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        { field: "appointment", message: expect.stringContaining("geschlossen") },
      ]);
      const past = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        appointment: "2020-01-01T10:00:00Z",
      });
      expect(past.status).toBe(400);
    });

    it("refuses bad values with 400 and the field", async () => {
      const order = await insertTestOrder(db);
      const { version } = await read(order.id);
      for (const [body, field] of [
        [{ version, name: "" }, "name"],
        [{ version, phone: "12345" }, "phone"],
        [{ version, email: "x@" }, "email"],
        [{ version, comment: 42 }, "comment"],
        [{ version, street: "Hauptstraße 1" }, "street"],
        [{ name: "Ohne Version" }, "version"],
        [{ version: "abc", name: "X" }, "version"],
      ] as const) {
        const answer = await call(employeeA, `/api/orders/${order.id}`, "PUT", body);
        expect(answer.status, field).toBe(400);
        expect(answer.body.errors!.map((error) => error.field)).toContain(field);
      }
      const unchanged = await db
        .selectFrom("orders")
        .select(["name", "phone", "email"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(unchanged).toEqual({
        name: "Erika Mustermann",
        phone: "+49 761 555 0101",
        email: "erika@example.org",
      });
    });

    it("tells the second of two staff saving the same version with 409", async () => {
      const order = await insertTestOrder(db);
      const { version } = await read(order.id);
      const first = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        comment: "Erste Änderung",
      });
      expect(first.status).toBe(200);
      const second = await call(employeeA, `/api/orders/${order.id}`, "PUT", {
        version,
        comment: "Zweite Änderung",
      });
      expect(second.status).toBe(409);
      expect(second.body.errors![0]!.message).toBe(de.orderChanges.stale);
      const stored = await db
        .selectFrom("orders")
        .select("comment")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(stored.comment).toBe("Erste Änderung");
    });

    it("keeps another branch's order hidden (404) and unchanged", async () => {
      const order = await insertTestOrder(db);
      const { version } = await read(order.id);
      const answer = await call(employeeB, `/api/orders/${order.id}`, "PUT", {
        version,
        comment: "Fremd",
      });
      expect(answer.status).toBe(404);
      const stored = await db
        .selectFrom("orders")
        .select("comment")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(stored.comment).toBeNull();
    });
  });

  describe("DELETE /api/orders/{id}", () => {
    it("deletes an order whose online payment failed, audited", async () => {
      const order = await insertTestOrder(db, { paymentMethod: "stripe", isFailed: true });
      const answer = await call(employeeA, `/api/orders/${order.id}`, "DELETE");
      expect(answer.status).toBe(200);
      const gone = await db.selectFrom("orders").select("id").where("id", "=", order.id).execute();
      expect(gone).toEqual([]);
      const items = await db
        .selectFrom("orderItems")
        .select("id")
        .where("orderId", "=", order.id)
        .execute();
      expect(items).toEqual([]);
      const entry = await db
        .selectFrom("auditLog")
        .select("data")
        .where("entityId", "=", String(order.id))
        .where("action", "=", "order.delete")
        .executeTakeFirstOrThrow();
      expect(entry.data).toMatchObject({
        before: { name: "Erika Mustermann", isFailed: true },
        after: null,
      });
    });

    it("refuses a paid, a confirmed and a counter order with 409 and the reason", async () => {
      const paid = await insertTestOrder(db, { paymentMethod: "stripe", isPaid: true });
      const confirmed = await insertTestOrder(db);
      await setOrderFlags(db, confirmed.id, { isConfirmed: true });
      const cash = await insertTestOrder(db);
      const waiting = await insertTestOrder(db, { paymentMethod: "paypal" });
      for (const [order, reason] of [
        [paid, de.orderChanges.deleteRefused.paid],
        [confirmed, de.orderChanges.deleteRefused.confirmed],
        [cash, de.orderChanges.deleteRefused.placed],
        [waiting, de.orderChanges.deleteRefused.awaitingPayment],
      ] as const) {
        const answer = await call(employeeA, `/api/orders/${order.id}`, "DELETE");
        expect(answer.status).toBe(409);
        expect(answer.body.errors![0]!.message).toContain(reason);
        const kept = await db
          .selectFrom("orders")
          .select("id")
          .where("id", "=", order.id)
          .execute();
        expect(kept).toHaveLength(1);
      }
    });

    it("deletes nothing of another branch", async () => {
      const order = await insertTestOrder(db, { paymentMethod: "stripe", isFailed: true });
      const answer = await call(employeeB, `/api/orders/${order.id}`, "DELETE");
      expect(answer.status).toBe(404);
      const kept = await db.selectFrom("orders").select("id").where("id", "=", order.id).execute();
      expect(kept).toHaveLength(1);
    });
  });

  describe("the edit page /backend/orders/{id}/edit", () => {
    it("saves through the same service and refuses an old copy of the page", async () => {
      const order = await insertTestOrder(db, { appointment: null, company: "Alt GmbH" });
      const client = await signedIn(employeeA);
      const page = await (await client.send(`/backend/orders/${order.id}/edit`)).text();
      const version = /<input[^>]*name="version"[^>]*value="(\d+)"/.exec(page)?.[1];
      expect(version, page.slice(page.indexOf("<form"), page.indexOf("<form") + 600)).toBeDefined();
      const form = {
        version: version!,
        name: "Erika Musterfrau",
        company: "",
        phone: "+49 761 555 0101",
        email: "erika@example.org",
        appointment: "",
        comment: "Ohne Nüsse",
      };
      const saved = await client.send(`/backend/orders/${order.id}/edit`, { form });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("Location")).toBe(`/backend/orders/${order.id}?done=update-details`);
      const stored = await db
        .selectFrom("orders")
        .select(["name", "company", "comment"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ name: "Erika Musterfrau", company: null, comment: "Ohne Nüsse" });

      const stale = await client.send(`/backend/orders/${order.id}/edit`, {
        form: { ...form, comment: "Mit Nüssen" },
      });
      expect(stale.status).toBe(409);
      expect(await stale.text()).toContain("inzwischen von jemand anderem geändert");

      const invalid = await client.send(`/backend/orders/${order.id}/edit`, {
        form: { ...form, version: String(await currentVersion(order.id)), phone: "0761" },
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain("Bitte geben Sie eine gültige Nummer");
    });
  });

  async function currentVersion(id: number): Promise<string> {
    return String((await call(employeeA, `/api/orders/${id}`, "GET")).body.data!.version);
  }
});
