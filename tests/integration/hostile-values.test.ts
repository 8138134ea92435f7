import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { isBadInput } from "#app/server/bad-input.server";
import { checkoutSchema } from "#app/features/checkout/checkout.server";
import { CONSENT_COOKIE } from "#app/features/storefront/visitor.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The hostile values of issue 13, point 5 and 7, one by one with the answer each must get (the
 * walk in hostile-input.test.ts only checks that nothing answers 5xx).
 */
const ADMIN_PASSWORD = "hostile-values-admin";

describe.each(databaseTargets())("hostile values (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(), adminPassword: ADMIN_PASSWORD });
    server = await startAppServer(handle.db);
    admin = new StaffClient(server);
    expect((await admin.login("admin@sonnenkorn.example", ADMIN_PASSWORD)).status).toBe(303);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, { headers, redirect: "manual" });

  it("refuses addresses with NUL bytes, control characters or broken encodings with a 400", async () => {
    for (const path of [
      "/store/%00",
      "/site/%00",
      "/store/%ED%A0%80",
      "/store/altstadt?q=%00",
      "/store/altstadt?x=%FF",
      "/status/a%01b/c",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain(de.errors.badAddress);
    }
    const api = await get("/api/orders/public/%00/x");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ errors: [{ message: de.errors.badAddress }] });
    // Umlauts and emoji are welcome.
    expect((await get("/store/altstadt?q=Br%C3%B6tchen%20%F0%9F%A5%90")).status).toBe(200);
  });

  it("answers ids beyond the integer range and impossible dates with 4xx", async () => {
    expect((await get("/image/99999999999999999999-1.jpg")).status).toBe(404);
    expect((await get("/image/2147483648-1.jpg")).status).toBe(404);
    expect((await get("/store/altstadt/product/99999999999999999999")).status).toBe(404);
    expect((await admin.send("/backend/orders/2147483648/receipt")).status).toBe(404);
    expect((await admin.send("/backend/orders/2147483648/escpos")).status).toBe(404);
    for (const query of ["from=2026-02-30", "to=0000-01-01", "from=2026-13-01"]) {
      const response = await admin.send(`/api/orders?${query}`);
      expect(response.status, query).toBe(400);
      const page = await admin.send(`/backend/orders?view=history&${query}`);
      expect(page.status, query).toBeLessThan(500);
    }
    expect((await admin.send("/api/orders?from=2026-02-28&to=2026-03-01")).status).toBe(200);
  });

  it("refuses a storefront form from another site, from 'null' or a malformed Origin with 403", async () => {
    const post = (path: string, origin: string) =>
      fetch(`${server.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=add&productId=1&amount=1",
      });
    for (const path of ["/store/altstadt?index", "/store/altstadt.data", "/cookie-consent", "/"]) {
      for (const origin of ["http://evil.example", "null", ":::"]) {
        const response = await post(path, origin);
        expect(response.status, `${path} ${origin}`).toBe(403);
        expect(await response.text()).toContain(de.errors.crossSite);
      }
    }
    const own = await post("/cookie-consent", server.origin);
    expect(own.status).toBe(303);
    expect(own.headers.get("Set-Cookie")).toContain(`${CONSENT_COOKIE}=`);
  });

  it("takes the cookie banner's form only: JSON, XML, empty or broken bodies get a 400", async () => {
    const consent = (contentType: string | null, body: string) =>
      fetch(`${server.origin}/cookie-consent`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.origin,
          ...(contentType ? { "Content-Type": contentType } : {}),
        },
        body,
      });
    for (const [type, body] of [
      ["application/json", '{"accept":true}'],
      ["application/json", "{"],
      ["application/xml", "<consent/>"],
      [null, ""],
      ["multipart/form-data; boundary=x", "garbage"],
    ] as const) {
      const response = await consent(type, body);
      expect(response.status, `${type} ${body}`).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const form = await consent(
      "application/x-www-form-urlencoded",
      "redirectTo=%2Fstore%2Faltstadt",
    );
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/store/altstadt");
  });

  it("strips control characters from a rejection message before it is stored", async () => {
    const order = await insertTestOrder(handle.db);
    const response = await admin.send(`/api/orders/${order.id}/status/reject`, {
      json: { message: "Leider\u0000 ausverkauft\u0007.\nMorgen wieder." },
    });
    expect(response.status).toBe(200);
    const row = await handle.db
      .selectFrom("orders")
      .select("rejectionMessage")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.rejectionMessage).toBe("Leider ausverkauft.\nMorgen wieder.");
  });

  it("counts what PostgreSQL refuses as data as bad input, and nothing else", async () => {
    const refused = await sql`select ${"a\u0000b"}::text`.execute(handle.db).catch((e) => e);
    expect(isBadInput(refused)).toBe(true);
    const outOfRange = await sql`select ${"99999999999"}::int`.execute(handle.db).catch((e) => e);
    expect(isBadInput(outOfRange)).toBe(true);
    const badDate = await sql`select ${"2026-02-30"}::date`.execute(handle.db).catch((e) => e);
    expect(isBadInput(badDate)).toBe(true);
    const ourBug = await sql`select * from no_such_table`.execute(handle.db).catch((e) => e);
    expect(isBadInput(ourBug)).toBe(false);
    expect(isBadInput(new Error("anything"))).toBe(false);
  });
});

describe("the checkout's fields", () => {
  it("lose control characters before they are checked and stored", () => {
    const parsed = checkoutSchema.parse({
      orderKey: "k".repeat(20),
      name: " Max\u0000 Muster\u0007mann ",
      street: "Hauptstr.\u001b 1",
      comment: "Bitte\u0000 klingeln\r\nzweimal\ud800",
    });
    expect(parsed.name).toBe("Max Mustermann");
    expect(parsed.street).toBe("Hauptstr. 1");
    expect(parsed.comment).toBe("Bitte klingeln\nzweimal");
  });
});
