import jsQR from "jsqr";
import sharp from "sharp";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { plainOrderableProduct } from "#tests/support/anonymous-shop";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  cookiePair,
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
} from "#tests/support/staff";

/**
 * The tables' QR codes (issue 36, item 4; decision 076): each code, read back from its PNG and its
 * SVG, opens its branch's menu for that table at the configured public origin (not the address
 * the request came to); the A4 sheet lists the codes of the staff member's branches; the menu
 * remembers the scanned table, a new cart starts as dine-in and the checkout suggests the table.
 */
const PUBLIC_ORIGIN = "https://bestellen.sonnenkorn.example";

/** The text of the QR code in an image (PNG or SVG), as a phone's camera would read it. */
async function decode(image: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(image)
    .flatten({ background: "#ffffff" })
    .resize(600, 600)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe.each(databaseTargets())("table QR codes (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: StaffClient;
  let otherManager: StaffClient;
  let altstadt: { id: number; identifier: string };
  let tables: { id: number; identifier: string; name: string }[];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date("2026-11-21T09:30:00Z") });
    server = await startAppServer(db);
    // The requests go to 127.0.0.1:port; the codes must name the shop's public address.
    server.context.config = { ...server.context.config, publicOrigin: PUBLIC_ORIGIN };
    altstadt = await db
      .selectFrom("branches")
      .select(["id", "identifier"])
      .where("identifier", "=", "altstadt")
      .executeTakeFirstOrThrow();
    tables = await db
      .selectFrom("tables")
      .select(["id", "identifier", "name"])
      .where("branchId", "=", altstadt.id)
      .orderBy("position")
      .execute();
    expect(tables.length).toBeGreaterThan(1);
    const other = await db
      .selectFrom("branches")
      .select("id")
      .where("id", "!=", altstadt.id)
      .executeTakeFirstOrThrow();
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [other.id] });
    otherManager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const menuOf = (table: { identifier: string }) =>
    `${PUBLIC_ORIGIN}/store/altstadt?tisch=${table.identifier}`;

  it("gives each table a PNG and an SVG whose code opens the branch's menu for that table", async () => {
    const table = tables[1]!;
    const png = await admin.send(`/backend/tables/${table.id}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Content-Disposition")).toBe(
      `attachment; filename="tisch-altstadt-${table.identifier}.png"`,
    );
    expect(await decode(new Uint8Array(await png.arrayBuffer()))).toBe(menuOf(table));

    const svg = await admin.send(`/backend/tables/${table.id}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const text = await svg.text();
    expect(text).toMatch(/^<svg [^>]*viewBox=/);
    expect(text).not.toMatch(/<script|127\.0\.0\.1/);
    expect(await decode(Buffer.from(text))).toBe(menuOf(table));
  });

  it("prints every table of a branch on the sheet, with its code, name and address", async () => {
    const response = await admin.send(`/backend/tables/qr-codes?filiale=${altstadt.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const table of tables) {
      expect(html).toContain(`QR-Code für ${table.name}`);
      expect(html).toContain(`href="${menuOf(table)}"`);
      expect(html).toContain(`/backend/tables/${table.id}/qr.png`);
    }
    expect(html.match(/<svg /g)?.length).toBe(tables.length);
    // The tables list links to the sheet, with its branch filter.
    const list = await admin.send(`/backend/tables?filiale=${altstadt.id}`);
    expect(await list.text()).toContain(`href="/backend/tables/qr-codes?filiale=${altstadt.id}"`);
  });

  it("keeps another branch's codes from a manager and answers bad input in German", async () => {
    const sheet = await otherManager.send("/backend/tables/qr-codes");
    expect(sheet.status).toBe(200);
    expect(await sheet.text()).not.toContain(menuOf(tables[0]!));
    expect((await otherManager.send(`/backend/tables/${tables[0]!.id}/qr.png`)).status).toBe(404);
    const foreign = await otherManager.send(`/backend/tables/qr-codes?filiale=${altstadt.id}`);
    expect(foreign.status).toBe(404);
    const bad = await admin.send("/backend/tables/qr-codes?filiale=abc");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Bitte wählen Sie eine Filiale aus der Liste.");
    const unknown = await admin.send("/backend/tables/99999999/qr.svg");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Diesen Tisch gibt es nicht.");
  });

  it("remembers the scanned table: the cart starts as dine-in, the checkout suggests the table", async () => {
    const table = tables[1]!;
    const scanned = await fetch(`${server.origin}/store/altstadt?tisch=${table.identifier}`, {
      redirect: "manual",
    });
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get("Location")).toBe("/store/altstadt");
    const visit = scanned.headers.getSetCookie().find((cookie) => cookie.startsWith("tisch="));
    expect(visit).toBe(
      // Secure, as the public origin is https.
      `tisch=${altstadt.id}.${table.id}; Path=/; Max-Age=10800; HttpOnly; SameSite=Lax; Secure`,
    );
    // A table of no branch's, or a hostile value: the plain menu, nothing remembered.
    for (const value of ["T999", "%00", "<x>"]) {
      const wrong = await fetch(`${server.origin}/store/altstadt?tisch=${value}`, {
        redirect: "manual",
      });
      // (A NUL byte never reaches the route: the server's guard answers 400 in German.)
      expect([303, 400]).toContain(wrong.status);
      expect(wrong.headers.getSetCookie().some((cookie) => cookie.startsWith("tisch="))).toBe(
        false,
      );
    }

    const { product } = await plainOrderableProduct(db);
    const added = await fetch(`${server.origin}/store/altstadt?index`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookiePair(visit!) ?? "",
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "add", productId: String(product.id) }),
    });
    expect(added.status).toBeLessThan(400);
    const cart = added.headers.getSetCookie().find((cookie) => cookie.startsWith("warenkorb="));
    expect(cart).toBeDefined();
    const stored = await db
      .selectFrom("carts")
      .select(["isDineIn", "isDelivery"])
      .where("branchId", "=", altstadt.id)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ isDineIn: true, isDelivery: false });

    const checkout = await fetch(`${server.origin}/store/altstadt/checkout`, {
      headers: { Cookie: `${cookiePair(visit!)}; ${cookiePair(cart!)}` },
    });
    expect(checkout.status).toBe(200);
    const html = await checkout.text();
    expect(html).toMatch(new RegExp(`<option value="${table.id}" selected="">${table.name}<`));
  });
});
