import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { loadStorefront } from "#app/features/storefront/storefront.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

/** A Saturday, 10:30 in Freiburg: every seeded category and product schedule is open. */
const now = new Date("2026-11-21T09:30:00Z");

describe.each(databaseTargets())("reference data kept in memory on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
  });
  afterAll(async () => handle?.close());

  async function firstProduct() {
    const store = await loadStorefront(db, "wiehre", now);
    const product = store?.catalogue.categories[0]?.products[0]?.product;
    if (!product) throw new Error("Die Filiale Wiehre hat kein Produkt.");
    return product;
  }

  it("serves the same objects while nothing changes", async () => {
    const first = await referenceSettings(db);
    expect(await referenceSettings(db)).toBe(first);
    const store = await loadStorefront(db, "wiehre", now);
    expect((await loadStorefront(db, "wiehre", now))?.catalogue).toBe(store?.catalogue);
  });

  it("shows a change at once, whichever table it touched", async () => {
    const product = await firstProduct();
    await db
      .updateTable("products")
      .set({ price: product.price + 111 })
      .where("id", "=", product.id)
      .execute();
    expect((await firstProduct()).price).toBe(product.price + 111);

    await db.updateTable("settings").set({ shopName: "Neuer Name" }).where("id", "=", 1).execute();
    expect((await referenceSettings(db)).shopName).toBe("Neuer Name");

    await db
      .updateTable("branches")
      .set({ name: "Wiehre Süd" })
      .where("identifier", "=", "wiehre")
      .execute();
    expect((await loadStorefront(db, "wiehre", now))?.branch.name).toBe("Wiehre Süd");
  });

  it("never keeps what a rolled-back change showed", async () => {
    const before = await firstProduct();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("products")
          .set({ price: before.price + 5000 })
          .where("id", "=", before.id)
          .execute();
        // Read (and cache) inside the transaction, as a staff preview might.
        expect(
          (await loadStorefront(trx, "wiehre", now))?.catalogue.listed.get(before.id)?.product
            .price,
        ).toBe(before.price + 5000);
        throw new Error("zurückrollen");
      })
      .catch(() => undefined);
    expect((await firstProduct()).price).toBe(before.price);
    // The rolled-back statement used up a stamp; the next real change gets a new one.
    await db
      .updateTable("products")
      .set({ price: before.price + 1 })
      .where("id", "=", before.id)
      .execute();
    expect((await firstProduct()).price).toBe(before.price + 1);
  });

  it("follows a product schedule from one minute to the next", async () => {
    const product = await firstProduct();
    // Orderable only until 10:31 Freiburg time on every day.
    await db
      .updateTable("products")
      .set({
        schedule: JSON.stringify([
          { type: "daily", date: null, isClosed: false, fromTime: "00:00", toTime: "10:31" },
        ]),
      })
      .where("id", "=", product.id)
      .execute();
    const zone = (await referenceSettings(db)).businessTimeZone;
    const branchId = (await loadStorefront(db, "wiehre", now))!.branch.id;
    const isOrderable = async (iso: string) =>
      (await loadActiveCatalogue(db, branchId, new Date(iso), zone)).orderable.has(product.id);
    expect(await isOrderable("2026-11-21T09:30:10Z")).toBe(true);
    expect(await isOrderable("2026-11-21T09:30:59Z")).toBe(true);
    expect(await isOrderable("2026-11-21T09:31:00Z")).toBe(false);
    expect(await isOrderable("2026-11-21T09:30:30Z")).toBe(true);
  });

  it("switches to a new menu at the full minute, where kept pages expire too", async () => {
    const zone = (await referenceSettings(db)).businessTimeZone;
    const branchId = (await loadStorefront(db, "wiehre", now))!.branch.id;
    const { id } = await db
      .insertInto("menus")
      .values({ name: "Leere Karte", availableFrom: new Date("2026-11-21T09:40:30Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("menuBranches").values({ menuId: id, branchId }).execute();
    const categories = async (iso: string) =>
      (await loadActiveCatalogue(db, branchId, new Date(iso), zone)).categories.length;
    // Available from 10:40:30 Freiburg time: the old menu serves out the minute.
    expect(await categories("2026-11-21T09:40:45Z")).toBeGreaterThan(0);
    expect(await categories("2026-11-21T09:41:00Z")).toBe(0);
    await db.deleteFrom("menuBranches").where("menuId", "=", id).execute();
    await db.deleteFrom("menus").where("id", "=", id).execute();
  });

  it("hands out frozen values, so a caller cannot change them for everyone", async () => {
    const settings = await referenceSettings(db);
    expect(() => {
      (settings as { shopName: string }).shopName = "überschrieben";
    }).toThrow(TypeError);
    expect((await referenceSettings(db)).shopName).not.toBe("überschrieben");
  });

  it("moves the stamp on every statement that touches reference data, and only then", async () => {
    const stamp = async () =>
      (await sql<{ v: string }>`select version::text as v from reference_data_version`.execute(db))
        .rows[0]?.v;
    const before = await stamp();
    await db.selectFrom("products").select("id").execute();
    expect(await stamp()).toBe(before);
    await db.updateTable("tags").set({ name: "Vegan" }).where("id", "=", -1).execute();
    expect(await stamp()).not.toBe(before);
  });
});
