import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely, KyselyPlugin } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import {
  findBranchByIdentifier,
  findDeliveryArea,
  listBranches,
  listDivisions,
  listTablesForBranch,
  listTags,
} from "#app/db/queries/branches";
import {
  findActiveMenuForBranch,
  findProductsByIds,
  listMenuProductIds,
  listMenusForBranch,
  loadMenuCatalogue,
  type CatalogueEntry,
  type CatalogueProduct,
} from "#app/db/queries/catalogue";
import {
  findBlockByIdentifier,
  findNavigationByIdentifier,
  findSiteByPath,
  listDonatees,
  listPublicBlocks,
} from "#app/db/queries/content";
import {
  findCart,
  findCartWithItems,
  insertCart,
  insertCartItem,
  listCartItems,
} from "#app/db/queries/carts";
import { countRows } from "#app/db/queries/counts";
import { nextTicketNumber } from "#app/db/queries/orders";
import { getSettings, updateSettings } from "#app/db/queries/settings";
import { findUserByEmail } from "#app/db/queries/users";
import type { Database } from "#app/db/schema";
import { DEMO_ADMIN_EMAIL, seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

const now = new Date("2026-11-21T09:30:00Z");
const DAY = 24 * 60 * 60 * 1000;

/** Counts the statements a Kysely handle sends, to hold the catalogue reads to a fixed number. */
function countingQueries(db: Kysely<Database>): { db: Kysely<Database>; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

const productOf = (entry: CatalogueEntry | undefined): CatalogueProduct | undefined =>
  entry?.kind === "product" ? entry.product : undefined;

describe.each(databaseTargets())("queries on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("reads and updates the settings row", async () => {
    const settings = await getSettings(db);
    expect(settings.shopName).toBe("Bäckerei Sonnenkorn");
    const updated = await updateSettings(db, { disableTickets: true });
    expect(updated.disableTickets).toBe(true);
    expect((await getSettings(db)).disableTickets).toBe(true);
    await updateSettings(db, { disableTickets: false });
  });

  it("lists branches in order with tags, hour rules, delivery areas and images in five queries", async () => {
    const counted = countingQueries(db);
    const branches = await listBranches(counted.db);
    expect(counted.count()).toBe(5);
    expect(branches.map((branch) => branch.identifier)).toEqual([
      "altstadt",
      "wiehre",
      "herdern",
      "stuehlinger",
    ]);

    const wiehre = branches[1]!;
    expect(wiehre.tags.map((tag) => tag.name)).toEqual([
      "Vegan",
      "Glutenfrei-Optionen",
      "Parkplatz",
      "Lieferung",
    ]);
    expect(wiehre.openingHours.slice(0, 2)).toEqual([
      { type: "daily", date: null, isClosed: false, fromTime: "06:00", toTime: "18:00" },
      { type: "sunday", date: null, isClosed: true, fromTime: null, toTime: null },
    ]);
    expect(wiehre.deliveryHours.length).toBeGreaterThan(0);
    expect(wiehre.deliveryAreas.map((area) => area.price)).toEqual([0, 290, 490]);
    expect(branches[0]!.deliveryAreas).toEqual([]);
    expect(branches[0]!.deliveryHours).toEqual([]);

    const publicOnly = await listBranches(db, { publicOnly: true });
    expect(publicOnly.map((branch) => branch.identifier)).toEqual([
      "altstadt",
      "wiehre",
      "herdern",
    ]);
  });

  it("finds a branch by identifier, with its details, and nothing for an unknown one", async () => {
    const herdern = await findBranchByIdentifier(db, "herdern");
    expect(herdern).toMatchObject({
      name: "Sonnenkorn Herdern – Tortenmanufaktur",
      isAppointmentRequired: true,
    });
    const mondays = herdern!.openingHours.filter((rule) => rule.type === "monday");
    expect(mondays.map((rule) => `${rule.fromTime}-${rule.toTime}`)).toEqual([
      "07:00-12:30",
      "14:00-18:00",
    ]);
    expect(await findBranchByIdentifier(db, "gibt-es-nicht")).toBeUndefined();

    const wiehre = await findBranchByIdentifier(db, "wiehre");
    const area = wiehre!.deliveryAreas[1]!;
    expect(await findDeliveryArea(db, wiehre!.id, area.id)).toEqual(area);
    expect(await findDeliveryArea(db, herdern!.id, area.id)).toBeUndefined();
  });

  it("lists tags, divisions and a branch's tables", async () => {
    expect((await listTags(db)).map((tag) => tag.identifier)[0]).toBe("vegan");
    expect((await listDivisions(db)).map((division) => division.identifier)).toEqual(["freiburg"]);
    const altstadt = await findBranchByIdentifier(db, "altstadt");
    const tables = await listTablesForBranch(db, altstadt!.id);
    expect(tables.map((table) => table.identifier)).toEqual([
      "T1",
      "T2",
      "T3",
      "T4",
      "T5",
      "T6",
      "T7",
      "T8",
    ]);
  });

  it("lists a branch's menus newest first and picks the active one for a moment", async () => {
    const altstadt = await findBranchByIdentifier(db, "altstadt");
    const menus = await listMenusForBranch(db, altstadt!.id);
    expect(menus.map((menu) => menu.availableFrom.getTime())).toEqual([
      now.getTime() - DAY,
      now.getTime() - 60 * DAY,
    ]);
    expect(Object.keys(menus[0]!).sort()).toEqual(["availableFrom", "id", "name"]);

    expect((await findActiveMenuForBranch(db, altstadt!.id, now))?.id).toBe(menus[0]!.id);
    const aMonthAgo = new Date(now.getTime() - 30 * DAY);
    expect((await findActiveMenuForBranch(db, altstadt!.id, aMonthAgo))?.id).toBe(menus[1]!.id);
    expect(
      await findActiveMenuForBranch(db, altstadt!.id, new Date(now.getTime() - 90 * DAY)),
    ).toBeUndefined();
  });

  it("loads a menu's catalogue: categories and entries in order, products complete", async () => {
    const altstadt = await findBranchByIdentifier(db, "altstadt");
    const active = await findActiveMenuForBranch(db, altstadt!.id, now);
    const catalogue = await loadMenuCatalogue(db, active!.id);
    expect(catalogue?.menu.name).toBe(active!.name);
    const categories = catalogue!.categories;
    expect(categories.map((category) => category.identifier)).toEqual([
      "fruehstueck",
      "broetchen",
      "brot",
      "feingebaeck",
      "kuchen",
      "torten",
      "torten-nach-wunsch",
      "snacks",
      "getraenke",
      "fruehstuecksbausteine",
    ]);
    expect(categories.at(-1)?.isBundleOnly).toBe(true);

    const bread = categories.find((category) => category.identifier === "brot")!;
    expect(bread.entries.map((entry) => entry.position)).toEqual(
      bread.entries.map((_, index) => index),
    );
    const loaf = productOf(bread.entries[0]);
    expect(loaf).toMatchObject({
      identifier: "bauernbrot-vom-laib",
      unit: "kilogram",
      defaultUnit: "gram",
    });
    expect(loaf!.alternativeUnits).toEqual([
      expect.objectContaining({
        unit: "gram",
        ratio: 0.001,
        minimumQuantity: 250,
        quantityStepSize: 50,
      }),
    ]);

    const rolls = categories.find((category) => category.identifier === "broetchen")!;
    const pretzels = rolls.entries.find((entry) => entry.kind === "group");
    expect(
      pretzels?.kind === "group" && pretzels.group.products.map((product) => product.identifier),
    ).toEqual(["laugenbrezel", "laugenstange", "butterbrezel"]);

    const custom = categories.find((category) => category.identifier === "torten-nach-wunsch")!;
    const motif = productOf(custom.entries[0]);
    expect(motif).toMatchObject({
      identifier: "motivtorte",
      isStepByStep: true,
      leadTimeType: "days",
    });
    expect(motif!.parts.map((part) => part.type)).toEqual([
      "select",
      "select",
      "image",
      "text",
      "multiselect",
      "textarea",
    ]);
    expect(motif!.parts[0]!.options.map((option) => [option.modifier, option.value])).toEqual([
      ["overwrite", 3900],
      ["overwrite", 4900],
      ["overwrite", 6400],
    ]);
    expect(custom.entries.map((entry) => productOf(entry)?.identifier)).not.toContain(
      "hochzeitstorte",
    );

    const breakfast = categories.find((category) => category.identifier === "fruehstueck")!;
    const bundle = productOf(breakfast.entries[0]);
    expect(bundle?.type).toBe("bundle");
    expect(bundle!.bundleItems.map((item) => [item.product.identifier, item.quantity])).toEqual([
      ["weizenbroetchen", 4],
      ["buttercroissant", 2],
      ["butter-portion", 2],
      ["konfituere-portion", 2],
      ["kaese-portion", 1],
      ["aufschnitt-portion", 1],
      ["obstsalat-portion", 1],
    ]);

    const cakes = categories.find((category) => category.identifier === "kuchen")!;
    const cakeIds = cakes.entries.map((entry) => productOf(entry)?.identifier);
    expect(cakeIds).toContain("christstollen");
    expect(cakeIds).not.toContain("rhabarberkuchen");
    const vegan = productOf(
      cakes.entries.find((entry) => productOf(entry)?.identifier === "veganer-schokokuchen"),
    );
    expect(vegan?.tagIds).toHaveLength(1);

    expect(await loadMenuCatalogue(db, 999_999)).toBeUndefined();
  });

  it("names every product a menu offers, bundle components included", async () => {
    const wiehre = await findBranchByIdentifier(db, "wiehre");
    const active = await findActiveMenuForBranch(db, wiehre!.id, now);
    const ids = await listMenuProductIds(db, active!.id);
    const products = await findProductsByIds(db, ids);
    const identifiers = products.map((product) => product.identifier);
    expect(identifiers).toEqual(
      expect.arrayContaining(["honig-portion", "laugenbrezel", "bauernbrot-vom-laib"]),
    );
    expect(identifiers).not.toContain("ruehrei-mit-brot");
    expect(identifiers).not.toContain("cappuccino");
    expect(await findProductsByIds(db, [])).toEqual([]);
  });

  it("loads a 300-product menu in a fixed handful of queries", async () => {
    const { id: categoryId } = await db
      .insertInto("categories")
      .values({ name: "Großsortiment" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const products = await db
      .insertInto("products")
      .values(
        Array.from({ length: 300 }, (_, index) => ({
          name: `Artikel ${index + 1}`,
          type: "configurable" as const,
          price: 100 + index,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("productAlternativeUnits")
      .values(products.map(({ id }) => ({ productId: id, unit: "gram" as const, ratio: 0.001 })))
      .execute();
    const parts = await db
      .insertInto("productParts")
      .values(
        products.flatMap(({ id }) =>
          [0, 1].map((position) => ({
            productId: id,
            position,
            name: "Wahl",
            type: "select" as const,
          })),
        ),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("productPartOptions")
      .values(
        parts.flatMap(({ id }) =>
          [0, 1, 2].map((position) => ({
            partId: id,
            position,
            name: `Option ${position}`,
            value: 10,
          })),
        ),
      )
      .execute();
    const { id: menuId } = await db
      .insertInto("menus")
      .values({ name: "Großes Menü", availableFrom: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("menuCategories").values({ menuId, categoryId, position: 0 }).execute();
    await db
      .insertInto("menuEntries")
      .values(products.map(({ id }, position) => ({ menuId, categoryId, position, productId: id })))
      .execute();

    const counted = countingQueries(db);
    // Its speed is measured by `npm run bench:catalogue`; here, that the queries stay few.
    const catalogue = await loadMenuCatalogue(counted.db, menuId);
    expect(counted.count()).toBeLessThanOrEqual(10);
    const entries = catalogue!.categories[0]!.entries;
    expect(entries).toHaveLength(300);
    expect(entries.map((entry) => productOf(entry)?.name)[299]).toBe("Artikel 300");
    expect(
      entries.every((entry) => productOf(entry)?.parts.every((part) => part.options.length === 3)),
    ).toBe(true);
  });

  it("finds sites by the path the URL names", async () => {
    expect((await findSiteByPath(db, "imprint"))?.name).toBe("Impressum");
    expect((await findSiteByPath(db, "/Imprint/"))?.name).toBe("Impressum");
    expect((await findSiteByPath(db, "karriere"))?.isPublic).toBe(false);
    expect(await findSiteByPath(db, "gibt/es/nicht")).toBeUndefined();
    expect(await findSiteByPath(db, "/")).toBeUndefined();
  });

  it("lists public blocks in order and leaves drafts out", async () => {
    await db
      .updateTable("blocks")
      .set({ isPublic: false })
      .where("identifier", "=", "events")
      .execute();
    const blocks = await listPublicBlocks(db);
    expect(blocks[0]?.identifier).toBe("intro");
    expect(blocks.map((block) => block.identifier)).not.toContain("events");
    expect(
      blocks.find((block) => block.identifier === "news")?.content.news?.[0]?.value.title,
    ).toBe("Stollenzeit am Münsterplatz");
    expect((await findBlockByIdentifier(db, "events"))?.isPublic).toBe(false);
    await db
      .updateTable("blocks")
      .set({ isPublic: true })
      .where("identifier", "=", "events")
      .execute();
    // Seeded entries name the legal sites by id (decision 039).
    const terms = await findSiteByPath(db, "terms-and-conditions");
    expect((await findNavigationByIdentifier(db, "footer"))?.items[0]).toEqual({
      label: "AGB",
      siteId: terms?.id,
      href: null,
      children: [],
    });
  });

  it("lists enabled donatees, all of them on request", async () => {
    expect((await listDonatees(db)).map((donatee) => donatee.position)).toEqual([1, 2, 3]);
    await db.updateTable("donatees").set({ isEnabled: false }).where("position", "=", 2).execute();
    expect(await listDonatees(db)).toHaveLength(2);
    expect(await listDonatees(db, { includeDisabled: true })).toHaveLength(3);
    await db.updateTable("donatees").set({ isEnabled: true }).execute();
  });

  it("finds the administrator by e-mail in any case, with roles and branches", async () => {
    const admin = await findUserByEmail(db, ` ${DEMO_ADMIN_EMAIL.toUpperCase()} `);
    expect(admin?.roles).toEqual(["ROLE_ADMIN"]);
    expect(admin?.branchIds).toHaveLength(await countRows(db, "branches"));
    expect(await findUserByEmail(db, "niemand@sonnenkorn.example")).toBeUndefined();
  });

  it("reads a cart with its items in one query, as the two separate queries read them", async () => {
    const [altstadt, wiehre] = await Promise.all([
      findBranchByIdentifier(db, "altstadt"),
      findBranchByIdentifier(db, "wiehre"),
    ]);
    const cart = await insertCart(db, {
      branchId: altstadt!.id,
      isDelivery: true,
      isDineIn: false,
    });
    expect(await findCartWithItems(db, cart.id, altstadt!.id)).toEqual({ cart, items: [] });

    const product = await db
      .selectFrom("products")
      .select(["id", "name", "price"])
      .executeTakeFirstOrThrow();
    for (const amount of [2, 0.25, 1]) {
      await insertCartItem(db, {
        cartId: cart.id,
        productId: product.id,
        amount,
        unit: "piece",
        parts: JSON.stringify([
          { partId: 7, name: "Aufschrift", type: "text", value: `Nr. ${amount}` },
        ]),
        productName: product.name,
        productDescription: null,
        productPrice: product.price,
      });
    }
    const found = await findCartWithItems(db, cart.id, altstadt!.id);
    expect(found?.cart).toEqual(await findCart(db, cart.id, altstadt!.id));
    expect(found?.items).toEqual(await listCartItems(db, cart.id));
    expect(found?.items.map((item) => item.amount)).toEqual([2, 0.25, 1]);
    // Another branch's cart is nobody's.
    expect(await findCartWithItems(db, cart.id, wiehre!.id)).toBeUndefined();
  });

  it("counts ticket numbers per branch and business day, without duplicates under load", async () => {
    const [altstadt, wiehre] = await Promise.all([
      findBranchByIdentifier(db, "altstadt"),
      findBranchByIdentifier(db, "wiehre"),
    ]);
    expect(await nextTicketNumber(db, altstadt!.id, "2026-11-21")).toBe(1);
    expect(await nextTicketNumber(db, altstadt!.id, "2026-11-21")).toBe(2);
    expect(await nextTicketNumber(db, altstadt!.id, "2026-11-22")).toBe(1);
    expect(await nextTicketNumber(db, wiehre!.id, "2026-11-21")).toBe(1);

    // Concurrent orders, each in its own transaction (truly parallel on the PostgreSQL server).
    const numbers = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction().execute((trx) => nextTicketNumber(trx, wiehre!.id, "2026-11-23")),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });
});
