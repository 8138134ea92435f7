import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The back office's customer data (issue 41 part 7, decision 112): the search by e-mail or
 * phone, the export (Art. 15: every order, a GET that changes nothing but the audit log) and the
 * erasure (Art. 17: after a confirmation, audited without the customer's data).
 */
describe.each(databaseTargets())("a customer's data in the back office on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let folder: string;
  let admin: StaffClient;
  let manager: StaffClient;
  const email = "Anna.Beispiel@example.org";
  const phone = "+49 (170) 555-0101";
  const orderIds: number[] = [];
  let otherId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    folder = await mkdtemp(path.join(os.tmpdir(), "backstube-kundendaten-"));
    server = await startAppServer(db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: folder },
    });
    const branch = (await findBranchByIdentifier(db, testBranches.open.identifier))!;
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [branch.id],
    });
    admin = new StaffClient(server);
    manager = new StaffClient(server);
    expect((await admin.login(adminUser.email, adminUser.password)).status).toBe(303);
    expect((await manager.login(managerUser.email, managerUser.password)).status).toBe(303);
    for (const fields of [
      { email, phone: "0170 9999999" },
      { email: email.toLowerCase(), phone },
      { email: "jemand@example.org", phone: "+491705550101", comment: "Hintereingang" },
    ]) {
      const placed = await placeTestOrder(db, {
        branch: testBranches.open.identifier,
        products: [{ name: "Baguette", amount: "1" }],
        fields,
      });
      orderIds.push(placed.id);
    }
    const other = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Baguette", amount: "3" }],
      fields: { email: "andere@example.org", phone: "+49 30 1234567" },
    });
    otherId = other.id;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const q = (value: string) => encodeURIComponent(value);

  it("is for administrators only", async () => {
    expect((await manager.send(`/backend/customer-data?q=${q(email)}`)).status).toBe(403);
    expect((await manager.send(`/backend/customer-data/export.json?q=${q(email)}`)).status).toBe(
      403,
    );
    const erase = await manager.send("/backend/customer-data", {
      form: { intent: "erase", q: email, confirm: "ja" },
    });
    expect(erase.status).toBe(403);
    expect(
      (
        await db
          .selectFrom("orders")
          .select("email")
          .where("id", "=", orderIds[0]!)
          .executeTakeFirstOrThrow()
      ).email,
    ).toBe(email);
  });

  it("finds the orders by e-mail (any case) and by phone (any spelling)", async () => {
    const byMail = await admin.send(`/backend/customer-data?q=${q("anna.beispiel@EXAMPLE.org")}`);
    expect(byMail.status).toBe(200);
    expect(await byMail.text()).toContain("2 Bestellungen gefunden.");
    const byPhone = await admin.send(`/backend/customer-data?q=${q("0170 555 01 01")}`);
    expect(await byPhone.text()).toContain("2 Bestellungen gefunden.");
    const otherNumber = await admin.send(`/backend/customer-data?q=${q("0170 555 01 02")}`);
    expect(await otherNumber.text()).toContain("Keine Bestellungen");
    const exact = await admin.send(`/backend/customer-data?q=${q("+49 170 5550101")}`);
    expect(await exact.text()).toContain("2 Bestellungen gefunden.");
  });

  it("refuses a search that is neither an e-mail nor a phone number with a German 400", async () => {
    for (const bad of ["ab", "%00", "anna@", "12345", "x".repeat(300)]) {
      const response = await admin.send(`/backend/customer-data?q=${bad === "%00" ? bad : q(bad)}`);
      expect(response.status, bad).toBe(400);
      if (bad !== "%00") {
        expect(await response.text()).toContain("E-Mail-Adresse oder Telefonnummer: Bitte");
      }
      const file = await admin.send(`/backend/customer-data/export.json?q=${q(bad)}`);
      expect(file.status, bad).toBe(400);
    }
  });

  it("exports every order of the customer as JSON, changing nothing but the audit log", async () => {
    const before = await db.selectFrom("orders").selectAll().orderBy("id").execute();
    const response = await admin.send(`/backend/customer-data/export.json?q=${q(email)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    const body = (await response.json()) as {
      orders: { id: number; contact: { email: string; phone: string }; items: unknown[] }[];
    };
    expect(body.orders.map((order) => order.id)).toEqual([orderIds[0], orderIds[1]]);
    expect(body.orders[1]!.contact).toMatchObject({
      email: email.toLowerCase(),
      phone: "+49 170 5550101",
    });
    expect(body.orders[0]!.items).toHaveLength(1);
    expect(await db.selectFrom("orders").selectAll().orderBy("id").execute()).toEqual(before);
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "customer-data.export")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toContain("example.org");
    expect(entry.data).toMatchObject({ by: "email", orders: [orderIds[0], orderIds[1]] });
  });

  it("asks before it erases; the confirmation page changes nothing", async () => {
    const page = await admin.send(`/backend/customer-data?q=${q(phone)}&bestaetigen=loeschen`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Kundendaten von 2 Bestellungen wirklich löschen?");
    const unconfirmed = await admin.send("/backend/customer-data", {
      form: { intent: "erase", q: phone },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Bitte das Löschen bestätigen.");
    const rows = await db.selectFrom("orders").select("anonymisedAt").execute();
    expect(rows.every((row) => row.anonymisedAt === null)).toBe(true);
  });

  it("erases the customer's data by phone, audited without it, and leaves nothing findable", async () => {
    const response = await admin.send(`/backend/customer-data?q=${q(phone)}`, {
      form: { intent: "erase", q: phone, confirm: "ja" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Die Kundendaten von 2 Bestellungen wurden gelöscht.");
    const erased = await db
      .selectFrom("orders")
      .select(["id", "name", "email", "phone", "comment", "anonymisedAt", "totalGross"])
      .where("id", "in", [orderIds[1]!, orderIds[2]!])
      .execute();
    for (const order of erased) {
      expect(order).toMatchObject({ name: "", email: null, phone: null, comment: null });
      expect(order.anonymisedAt).toBeInstanceOf(Date);
      expect(order.totalGross).toBeGreaterThan(0);
    }
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "customer-data.erase")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toMatch(/example\.org|5550101|Hintereingang/);
    // The first order still has the e-mail; erasing by it leaves nothing to find.
    await admin.send("/backend/customer-data", {
      form: { intent: "erase", q: email, confirm: "ja" },
    });
    const search = await admin.send(`/backend/customer-data?q=${q(email)}`);
    expect(await search.text()).toContain("Keine Bestellungen");
    const file = (await (
      await admin.send(`/backend/customer-data/export.json?q=${q(email)}`)
    ).json()) as { orders: unknown[] };
    expect(file.orders).toEqual([]);
    // Another customer's order is untouched.
    const other = await db
      .selectFrom("orders")
      .select(["email", "anonymisedAt"])
      .where("id", "=", otherId)
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ email: "andere@example.org", anonymisedAt: null });
  });
});
