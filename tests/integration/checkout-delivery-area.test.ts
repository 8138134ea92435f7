import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { nextAddress, startAppServer, type AppServer } from "#tests/support/staff";
import {
  prepareCheckoutDatabase,
  testAreas,
  testBranches,
} from "#tests/support/prepare-checkout-database";

/**
 * The checkout over HTTP as a browser without JavaScript posts it (issue 17): an address outside
 * the delivery area's postcodes is refused with a 400 and a German message, and nothing is stored;
 * a national phone number is stored in international form.
 */
describe.each(databaseTargets())("the checkout's delivery address (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let server: AppServer;
  const branch = testBranches.open.identifier;
  const area = testAreas[1]!;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    await db
      .updateTable("deliveryAreas")
      .set({ postcodes: "79098, 79102" })
      .where("name", "=", area.name)
      .execute();
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** A customer's browser: keeps its cookies, sends our Origin on posts. */
  function customer() {
    const cookies = new Map<string, string>();
    const address = nextAddress();
    return async (path: string, form?: Record<string, string>) => {
      const headers = new Headers({ "X-Forwarded-For": address });
      if (cookies.size) {
        headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      }
      if (form) {
        headers.set("Origin", server.origin);
        headers.set("Content-Type", "application/x-www-form-urlencoded");
      }
      const response = await fetch(`${server.origin}${path}`, {
        method: form ? "POST" : "GET",
        headers,
        body: form ? new URLSearchParams(form) : undefined,
        redirect: "manual",
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...value] = pair!.split("=");
        cookies.set(name!, value.join("="));
      }
      return response;
    };
  }

  async function deliveryCart() {
    const send = customer();
    const product = await db
      .selectFrom("products")
      .select(["id", "unit"])
      .where("name", "=", "Baguette")
      .executeTakeFirstOrThrow();
    const areaId = await db
      .selectFrom("deliveryAreas")
      .innerJoin("branches", "branches.id", "deliveryAreas.branchId")
      .select("deliveryAreas.id")
      .where("branches.identifier", "=", branch)
      .where("deliveryAreas.name", "=", area.name)
      .executeTakeFirstOrThrow();
    const cart = `/store/${branch}?index`;
    const redirectTo = `/store/${branch}`;
    const steps: Record<string, string>[] = [
      { intent: "add", productId: String(product.id), amount: "10", unit: product.unit },
      { intent: "set-delivery-type", deliveryType: "delivery" },
      { intent: "set-delivery-area", deliveryAreaId: String(areaId.id) },
    ];
    for (const form of steps) {
      const response = await send(cart, { ...form, redirectTo });
      expect(response.status, JSON.stringify(form)).toBe(303);
    }
    return send;
  }

  const order = (fields: Record<string, string>) => ({
    orderKey: `checkout-area-${randomUUID()}`,
    name: "Erika Mustermann",
    email: "erika@example.org",
    phone: "0761 123456",
    street: "Kaiser-Joseph-Straße 1",
    city: "79098 Freiburg",
    paymentMethod: "cash",
    acceptTerms: "on",
    acceptPrivacy: "on",
    ...fields,
  });

  const orderCount = async () =>
    Number(
      (await db.selectFrom("orders").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
    );

  it("refuses an address outside the area's postcodes with 400 and a German message", async () => {
    const send = await deliveryCart();
    const before = await orderCount();
    const response = await send(`/store/${branch}/checkout`, order({ city: "79111 Freiburg" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    const message = de.delivery.postcodeOutside("79111", area.name, "79098, 79102");
    expect(html).toContain(message);
    // The refused form keeps what was typed.
    expect(html).toContain("79111 Freiburg");
    const missing = await send(`/store/${branch}/checkout`, order({ city: "Freiburg" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Bitte geben Sie die Postleitzahl vor dem Ort an");
    expect(await orderCount()).toBe(before);
  });

  it("shows a day's times for a posted form, whatever its appointment field holds", async () => {
    const send = await deliveryCart();
    for (const appointment of ["gestern", "2026-02-30", "a\u0000b", ""]) {
      const response = await send(`/store/${branch}/checkout`, {
        ...order({ appointment, lastName: "Echo-Nachname" }),
        intent: "show-times",
        tag: "2099-01-01",
      });
      expect(response.status, appointment).toBe(200);
      // Nothing is ordered, and the typed name comes back in the form.
      expect(await response.text()).toContain("Echo-Nachname");
    }
  });

  it("takes an address inside the area and stores the national phone number internationally", async () => {
    const send = await deliveryCart();
    const response = await send(`/store/${branch}/checkout`, order({ city: "79102 Freiburg" }));
    expect(response.status, await response.clone().text()).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/status\//);
    const stored = await db
      .selectFrom("orders")
      .select(["phone", "city", "deliveryAreaName"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      phone: "+49 761 123456",
      city: "79102 Freiburg",
      deliveryAreaName: area.name,
    });
  });
});
