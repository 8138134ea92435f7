import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, NewOrder } from "#app/db/schema";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

/** The constraints the migrations promise: the database itself refuses rows that break the rules. */

/** Resolves with the name of the constraint the statement violated (pg and PGlite both report it). */
async function violatedConstraint(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint;
    return constraint ?? `(no constraint) ${(error as Error).message}`;
  }
  return "(accepted)";
}

describe.each(databaseTargets())("schema constraints on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let branchId: number;
  let productId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    ({ id: branchId } = await db
      .insertInto("branches")
      .values({ identifier: "test-filiale", name: "Testfiliale" })
      .returning("id")
      .executeTakeFirstOrThrow());
    ({ id: productId } = await db
      .insertInto("products")
      .values({ identifier: "testbrot", name: "Testbrot", price: 350 })
      .returning("id")
      .executeTakeFirstOrThrow());
  });

  afterAll(async () => {
    await handle?.close();
  });

  const order = (changes: Partial<NewOrder>): NewOrder => ({
    hash: "0123456789abcdef0123",
    branchId,
    businessDate: "2026-11-21",
    ticketNumber: 1,
    name: "Erika Mustermann",
    paymentMethod: "cash",
    net: 935,
    tax: 65,
    gross: 1000,
    totalNet: 935,
    totalTax: 65,
    totalGross: 1000,
    ...changes,
  });

  it("keeps exactly one settings row with the defaults a shop starts from", async () => {
    const settings = await db.selectFrom("settings").selectAll().execute();
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({
      id: 1,
      currency: "EUR",
      color1: "#eedcc4",
      mapboxZoom: 19,
      mapboxPitch: 55,
      mapboxBearing: -85,
      businessTimeZone: "Europe/Berlin",
      slotHorizonDays: 180,
      enableCash: true,
    });
    expect(await violatedConstraint(db.insertInto("settings").values({ id: 1 }).execute())).toBe(
      "settings_pkey",
    );
  });

  it("rejects a rating of 6 and accepts a complete questionnaire from 1 to 5", async () => {
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          .values(
            order({
              ticketNumber: 2,
              rating: 6,
              foodRating: 5,
              serviceRating: 5,
              processRating: 5,
              questionnaireAt: new Date(),
            }),
          )
          .execute(),
      ),
    ).toBe("orders_rating_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          .values(order({ ticketNumber: 3, rating: 4 }))
          .execute(),
      ),
    ).toBe("orders_questionnaire_check");
    const rated = await db
      .insertInto("orders")
      .values(
        order({
          ticketNumber: 4,
          rating: 5,
          foodRating: 4,
          serviceRating: 3,
          processRating: 1,
          questionnaireAt: new Date(),
        }),
      )
      .returning(["rating", "uid"])
      .executeTakeFirstOrThrow();
    expect(rated.rating).toBe(5);
    expect(rated.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects negative prices, amounts and inconsistent totals", async () => {
    expect(
      await violatedConstraint(
        db.insertInto("products").values({ name: "Minusbrot", price: -1 }).execute(),
      ),
    ).toBe("products_price_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("deliveryAreas")
          .values({ branchId, name: "Irgendwo", price: -100 })
          .execute(),
      ),
    ).toBe("delivery_areas_price_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("productPartOptions")
          .values({ partId: 1, position: 0, name: "x", value: -5 })
          .execute(),
      ),
    ).toMatch(/product_part_options_(value_check|part_id_fkey)/);
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          .values(order({ ticketNumber: 5, totalGross: 999 }))
          .execute(),
      ),
    ).toBe("orders_totals_check");
  });

  it("rejects quantity limits out of order and unknown units", async () => {
    expect(
      await violatedConstraint(
        db
          .insertInto("productAlternativeUnits")
          .values({
            productId,
            unit: "gram",
            ratio: 0.001,
            minimumQuantity: 500,
            maximumQuantity: 250,
          })
          .execute(),
      ),
    ).toBe("product_alternative_units_quantity_range_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("products")
          .values({ name: "Zu viel", maximumQuantity: 10, defaultQuantity: 20 })
          .execute(),
      ),
    ).toBe("products_default_quantity_check");
    expect(
      await violatedConstraint(
        db.insertInto("products").values({ name: "Null", minimumQuantity: 0 }).execute(),
      ),
    ).toBe("products_minimum_quantity_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("products")
          // @ts-expect-error: not a unit of the catalogue
          .values({ name: "Elle", unit: "elle" })
          .execute(),
      ),
    ).toBe("products_unit_check");
    expect(
      await violatedConstraint(
        db.insertInto("products").values({ name: "Ohne Frist", isLeadTimeEnabled: true }).execute(),
      ),
    ).toBe("products_lead_time_check");
  });

  it("rejects duplicate identifiers within their scope", async () => {
    expect(
      await violatedConstraint(
        db.insertInto("branches").values({ identifier: "test-filiale", name: "Nochmal" }).execute(),
      ),
    ).toBe("branches_identifier_key");
    expect(
      await violatedConstraint(
        db.insertInto("products").values({ identifier: "testbrot", name: "Doppelt" }).execute(),
      ),
    ).toBe("products_identifier_key");
    expect(
      await violatedConstraint(
        db.insertInto("branches").values({ identifier: "Mit Leerzeichen", name: "x" }).execute(),
      ),
    ).toBe("branches_identifier_check");

    const { id: otherBranchId } = await db
      .insertInto("branches")
      .values({ identifier: "zweite-filiale", name: "Zweite" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("tables").values({ branchId, identifier: "T1", name: "Tisch 1" }).execute();
    // The same table identifier in another branch is fine …
    await db
      .insertInto("tables")
      .values({ branchId: otherBranchId, identifier: "T1", name: "Tisch 1" })
      .execute();
    // … twice in one branch is not.
    expect(
      await violatedConstraint(
        db.insertInto("tables").values({ branchId, identifier: "T1", name: "Nochmal" }).execute(),
      ),
    ).toBe("tables_branch_id_identifier_key");

    await db
      .insertInto("users")
      .values({ email: "Chefin@Example.org", name: "Chefin", passwordHash: "x" })
      .execute();
    expect(
      await violatedConstraint(
        db
          .insertInto("users")
          .values({ email: "chefin@example.org", name: "Doppelt", passwordHash: "x" })
          .execute(),
      ),
    ).toBe("users_email_key");
  });

  it("rejects a menu entry with both a product and a group, or neither", async () => {
    const { id: menuId } = await db
      .insertInto("menus")
      .values({ name: "Testmenü", availableFrom: new Date("2026-01-01T00:00:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: categoryId } = await db
      .insertInto("categories")
      .values({ name: "Brot" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: groupId } = await db
      .insertInto("productGroups")
      .values({ name: "Laugengebäck" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("menuCategories").values({ menuId, categoryId, position: 0 }).execute();

    const entry = { menuId, categoryId, position: 0 };
    expect(
      await violatedConstraint(
        db
          .insertInto("menuEntries")
          .values({ ...entry, productId, productGroupId: groupId })
          .execute(),
      ),
    ).toBe("menu_entries_item_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("menuEntries")
          .values({ ...entry, productId: null, productGroupId: null })
          .execute(),
      ),
    ).toBe("menu_entries_item_check");
    await db
      .insertInto("menuEntries")
      .values({ ...entry, productId, productGroupId: null })
      .execute();
    await db
      .insertInto("menuEntries")
      .values({ ...entry, position: 1, productId: null, productGroupId: groupId })
      .execute();

    // An entry's category must be one the same menu lists.
    const { id: otherCategoryId } = await db
      .insertInto("categories")
      .values({ name: "Nicht im Menü" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(
      await violatedConstraint(
        db
          .insertInto("menuEntries")
          .values({ ...entry, categoryId: otherCategoryId, productId })
          .execute(),
      ),
    ).toBe("menu_entries_menu_id_category_id_fkey");
  });

  it("checks hour rules: HH:mm times, a date exactly for once rules, both times when open", async () => {
    const rule = { branchId, kind: "opening" as const, type: "monday" as const };
    await db
      .insertInto("branchHours")
      .values({ ...rule, position: 0, fromTime: "07:00", toTime: "18:30" })
      .execute();
    await db
      .insertInto("branchHours")
      .values({ ...rule, position: 1, type: "once", date: "2026-12-25", isClosed: true })
      .execute();
    const stored = await db
      .selectFrom("branchHours")
      .select(["date", "fromTime"])
      .where("branchId", "=", branchId)
      .orderBy("position")
      .execute();
    expect(stored).toEqual([
      { date: null, fromTime: "07:00" },
      { date: "2026-12-25", fromTime: null },
    ]);

    expect(
      await violatedConstraint(
        db
          .insertInto("branchHours")
          .values({ ...rule, position: 2, fromTime: "25:00", toTime: "26:00" })
          .execute(),
      ),
    ).toBe("branch_hours_from_time_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("branchHours")
          .values({ ...rule, position: 3, type: "once", fromTime: "07:00", toTime: "08:00" })
          .execute(),
      ),
    ).toBe("branch_hours_date_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("branchHours")
          .values({ ...rule, position: 4, fromTime: "18:00" })
          .execute(),
      ),
    ).toBe("branch_hours_range_check");
    // Past midnight is a valid range (22:00 to 02:00), and so is "until the end of the day".
    await db
      .insertInto("branchHours")
      .values({ ...rule, position: 6, fromTime: "22:00", toTime: "02:00" })
      .execute();
    await db
      .insertInto("branchHours")
      .values({ ...rule, position: 7, fromTime: "18:00", toTime: "24:00" })
      .execute();
    expect(
      await violatedConstraint(
        db
          .insertInto("branchHours")
          // @ts-expect-error: not a rule type
          .values({ ...rule, position: 5, type: "feiertag", isClosed: true })
          .execute(),
      ),
    ).toBe("branch_hours_type_check");
  });

  it("checks enumerations: payment methods, roles, part types and price modifiers", async () => {
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          // @ts-expect-error: not a payment method
          .values(order({ ticketNumber: 9, paymentMethod: "bitcoin" }))
          .execute(),
      ),
    ).toBe("orders_payment_method_check");
    const { id: userId } = await db
      .insertInto("users")
      .values({ email: "rolle@example.org", name: "Rolle", passwordHash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(
      await violatedConstraint(
        db
          .insertInto("userRoles")
          // @ts-expect-error: not a role
          .values({ userId, role: "ROLE_KING" })
          .execute(),
      ),
    ).toBe("user_roles_role_check");
    expect(
      await violatedConstraint(
        db
          .insertInto("productParts")
          // @ts-expect-error: not a part type
          .values({ productId, position: 0, name: "Farbe", type: "color" })
          .execute(),
      ),
    ).toBe("product_parts_type_check");
  });

  it("hands out one ticket number per branch and business day only once", async () => {
    await db
      .insertInto("orders")
      .values(order({ ticketNumber: 42 }))
      .execute();
    await db
      .insertInto("orders")
      .values(order({ ticketNumber: 42, businessDate: "2026-11-22" }))
      .execute();
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          .values(order({ ticketNumber: 42 }))
          .execute(),
      ),
    ).toBe("orders_branch_id_business_date_ticket_number_key");
    expect(
      await violatedConstraint(
        db
          .insertInto("orders")
          .values(order({ ticketNumber: 43, idempotencyKey: "k1" }))
          .execute()
          .then(() =>
            db
              .insertInto("orders")
              .values(order({ ticketNumber: 44, idempotencyKey: "k1" }))
              .execute(),
          ),
      ),
    ).toBe("orders_idempotency_key_key");
  });

  it("stores jsonb written as a JSON string and reads it back typed, keys intact", async () => {
    const schedule = [
      { type: "daily", date: null, isClosed: false, fromTime: "06:00", toTime: "11:30" },
    ] as const;
    const { id } = await db
      .insertInto("categories")
      .values({ name: "Frühstück", schedule: JSON.stringify(schedule) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const category = await db
      .selectFrom("categories")
      .select("schedule")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(category.schedule).toEqual(schedule);
    expect(
      await violatedConstraint(
        db
          .insertInto("categories")
          .values({ name: "Kaputt", schedule: JSON.stringify({ type: "daily" }) })
          .execute(),
      ),
    ).toBe("categories_schedule_check");
  });

  it("keeps order items when their product is deleted, and removes an order's rows with it", async () => {
    const { id: orderId } = await db
      .insertInto("orders")
      .values(order({ ticketNumber: 77 }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: doomedProductId } = await db
      .insertInto("products")
      .values({ name: "Auslaufartikel", price: 100 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("orderItems")
      .values({
        orderId,
        position: 0,
        productId: doomedProductId,
        name: "Auslaufartikel",
        amount: 2.5,
        unit: "kilogram",
        unitPrice: 100,
        gross: 250,
        taxRate: 7,
      })
      .execute();
    await db
      .insertInto("orderTaxes")
      .values({ orderId, taxRate: 7, net: 935, tax: 65, gross: 1000 })
      .execute();
    await db.deleteFrom("products").where("id", "=", doomedProductId).execute();
    const item = await db
      .selectFrom("orderItems")
      .selectAll()
      .where("orderId", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      productId: null,
      name: "Auslaufartikel",
      amount: 2.5,
      taxRate: 7,
      parts: [],
    });

    await db.deleteFrom("orders").where("id", "=", orderId).execute();
    expect(
      await db.selectFrom("orderTaxes").selectAll().where("orderId", "=", orderId).execute(),
    ).toEqual([]);
    // A branch with orders cannot vanish underneath them.
    expect(
      await violatedConstraint(db.deleteFrom("branches").where("id", "=", branchId).execute()),
    ).toBe("orders_branch_id_fkey");
  });
});
