import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import { countRows } from "#app/db/queries/counts";
import type { Database } from "#app/db/schema";
import { DEMO_ADMIN_EMAIL, seedDemoData, type SeedResult } from "#app/db/seed.server";
import { verifyPassword } from "#app/features/staff/password.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

const now = new Date("2026-11-21T09:30:00Z");
const today = "2026-11-21";
const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets())("demo seed on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let first: SeedResult;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    first = await seedDemoData(db, { now, log: (line) => lines.push(line) });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("seeds once, returns the generated admin login and logs one summary line", async () => {
    expect(first.seeded).toBe(true);
    expect(first.admin?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(first.admin?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(lines).toEqual([expect.stringMatching(/^Demo-Daten angelegt: 4 Filialen, /)]);
  });

  it("does nothing the second time", async () => {
    const before = await countRows(db, "products");
    const again = await seedDemoData(db, { now: new Date(now.getTime() + DAY) });
    expect(again).toEqual({ seeded: false });
    expect(await countRows(db, "products")).toBe(before);
    expect(await countRows(db, "users")).toBe(1);
  });

  it("never touches a database that already has a user or a branch", async () => {
    const other = await createTestDatabase(target);
    try {
      await other.db
        .insertInto("users")
        .values({ email: "chef@example.org", name: "Chef", passwordHash: "x" })
        .execute();
      expect(await seedDemoData(other.db, { now })).toEqual({ seeded: false });
      expect(await countRows(other.db, "branches")).toBe(0);
      expect(
        (await other.db.selectFrom("settings").select("shopName").executeTakeFirstOrThrow())
          .shopName,
      ).toBe("Backstube");
    } finally {
      await other.close();
    }
  });

  it("fills the settings of a believable bakery", async () => {
    const settings = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      shopName: "Bäckerei Sonnenkorn",
      businessName: "Sonnenkorn Backstube GmbH",
      currency: "EUR",
      enablePluginSearch: true,
      enablePluginTags: true,
      enablePluginToolbar: true,
      enablePluginCategoryBar: true,
      enablePluginDonations: true,
      enablePluginOrderReviews: true,
      enableCash: true,
      enableAtmCard: true,
      enableVoucher: true,
      enableStripe: false,
      enablePaypal: false,
    });
    for (const text of [
      "termsAndConditionsText",
      "privacyPolicyText",
      "imprintText",
      "allergensText",
    ] as const) {
      expect(settings[text]?.length ?? 0).toBeGreaterThan(200);
    }
    expect(settings.seoTitle).toBeTruthy();
    expect(settings.seoDescription).toBeTruthy();
  });

  it("has three public branches with addresses, coordinates and the order modes between them", async () => {
    const branches = await db.selectFrom("branches").selectAll().orderBy("position").execute();
    const open = branches.filter((branch) => branch.isPublic);
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const branch of branches) {
      expect(branch.street).toMatch(/\d/);
      expect(branch.zipCode).toMatch(/^79\d{3}$/);
      expect(branch.phone).toMatch(/^\+49 /);
      expect(branch.latitude).toBeGreaterThan(47.9);
      expect(branch.longitude).toBeGreaterThan(7.8);
    }
    expect(open.some((branch) => branch.isDeliveryEnabled && branch.isDeliveryHoursEnabled)).toBe(
      true,
    );
    expect(open.some((branch) => branch.isDineInEnabled && branch.isTableSelectionEnabled)).toBe(
      true,
    );
    expect(
      branches.some(
        (branch) => !branch.isPublic && branch.orderableFrom && branch.orderableFrom > now,
      ),
    ).toBe(true);
  });

  it("uses every hour-rule type, a future holiday closure, a closed day and split shifts", async () => {
    const rules = await db.selectFrom("branchHours").selectAll().execute();
    const types = new Set(rules.map((rule) => rule.type));
    for (const type of [
      "once",
      "daily",
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]) {
      expect(types, type).toContain(type);
    }
    const holidays = rules.filter((rule) => rule.type === "once" && rule.isClosed);
    expect(holidays.length).toBeGreaterThan(0);
    for (const holiday of holidays) expect(holiday.date! > today).toBe(true);
    expect(
      rules.some((rule) => rule.type === "sunday" && rule.isClosed && rule.kind === "opening"),
    ).toBe(true);

    const mondayRanges = new Map<number, number>();
    for (const rule of rules) {
      if (rule.kind === "opening" && rule.type === "monday" && !rule.isClosed) {
        mondayRanges.set(rule.branchId, (mondayRanges.get(rule.branchId) ?? 0) + 1);
      }
    }
    expect(Math.max(...mondayRanges.values())).toBe(2);
    expect(rules.some((rule) => rule.kind === "delivery")).toBe(true);
  });

  it("has delivery areas with prices, free delivery and minimum order values", async () => {
    const areas = await db.selectFrom("deliveryAreas").selectAll().execute();
    expect(areas.length).toBeGreaterThanOrEqual(2);
    expect(areas.some((area) => area.isFree || area.freeFromOrderValue !== null)).toBe(true);
    expect(areas.some((area) => area.price > 0)).toBe(true);
    expect(areas.every((area) => area.minimumOrderValue !== null)).toBe(true);
  });

  it("has tables T1 to T8 on the dine-in branch and the tags", async () => {
    const tables = await db
      .selectFrom("tables")
      .innerJoin("branches", "branches.id", "tables.branchId")
      .select(["tables.identifier", "branches.isDineInEnabled"])
      .orderBy("tables.position")
      .execute();
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
    expect(tables.every((table) => table.isDineInEnabled)).toBe(true);
    const tags = await db.selectFrom("tags").select("name").execute();
    expect(tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(["Vegan", "Glutenfrei-Optionen", "Café", "Parkplatz", "Lieferung"]),
    );
  });

  it("has 8+ categories, one bundle-only, and 60+ products of every kind", async () => {
    const categories = await db.selectFrom("categories").selectAll().execute();
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.map((category) => category.name)).toEqual(
      expect.arrayContaining([
        "Brot",
        "Brötchen",
        "Kuchen",
        "Torten",
        "Feingebäck",
        "Snacks",
        "Getränke",
        "Frühstück",
        "Torten nach Wunsch",
      ]),
    );
    expect(categories.filter((category) => category.isBundleOnly)).toHaveLength(1);
    expect(categories.find((category) => category.name === "Frühstück")?.schedule).toEqual([
      { type: "daily", date: null, isClosed: false, fromTime: "06:00", toTime: "11:30" },
    ]);

    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((product) => product.type))).toEqual(
      new Set(["simple", "configurable", "bundle"]),
    );
    expect(products.every((product) => product.description || product.type === "simple")).toBe(
      true,
    );
    expect(products.filter((product) => product.allergens).length).toBeGreaterThan(50);
    expect(products.some((product) => product.isStepByStep)).toBe(true);
    expect(products.some((product) => product.isPriceHidden)).toBe(true);

    const byIdentifier = new Map(products.map((product) => [product.identifier, product]));
    expect(byIdentifier.get("bauernbrot-vom-laib")).toMatchObject({
      unit: "kilogram",
      calculationModel: "approximate",
      price: 590,
    });
    expect(byIdentifier.get("schwarzwaelder-ganz")).toMatchObject({
      isLeadTimeEnabled: true,
      leadTimeType: "days",
      leadTimeValue: 2,
    });
    expect(byIdentifier.get("hochzeitstorte")).toMatchObject({
      leadTimeType: "weeks",
      leadTimeValue: 1,
    });
    // Food is 7 % eaten in too since 1 January 2026, drinks stay 19 % (decision 092).
    expect(byIdentifier.get("apfelkuchen")).toMatchObject({
      takeawayTaxRate: 7,
      dineInTaxRate: 7,
      taxRate: 7,
    });
    expect(
      [...byIdentifier.values()].filter(
        (product) => product.takeawayTaxRate === 7 && product.dineInTaxRate === 19,
      ),
    ).toEqual([]);
    expect(byIdentifier.get("cappuccino")).toMatchObject({
      takeawayTaxRate: 19,
      dineInTaxRate: 19,
      taxRate: 19,
    });

    const gram = await db
      .selectFrom("productAlternativeUnits")
      .selectAll()
      .where("productId", "=", byIdentifier.get("bauernbrot-vom-laib")!.id)
      .executeTakeFirstOrThrow();
    expect(gram).toMatchObject({ unit: "gram", ratio: 0.001, calculationModel: "approximate" });
  });

  it("has configurable parts of every type and options with every modifier", async () => {
    const parts = await db.selectFrom("productParts").select("type").distinct().execute();
    expect(new Set(parts.map((part) => part.type))).toEqual(
      new Set(["text", "textarea", "image", "images", "file", "files", "select", "multiselect"]),
    );
    const modifiers = await db
      .selectFrom("productPartOptions")
      .select("modifier")
      .distinct()
      .execute();
    expect(new Set(modifiers.map((option) => option.modifier))).toEqual(
      new Set(["add", "subtract", "overwrite"]),
    );
    const names = await db.selectFrom("productParts").select("name").execute();
    expect(names.map((part) => part.name)).toEqual(
      expect.arrayContaining(["Aufschrift", "Foto für den Tortenaufleger", "Größe", "Extras"]),
    );
  });

  it("puts bundle components in the bundle-only category of the same menus", async () => {
    const components = await db
      .selectFrom("productBundleItems")
      .innerJoin(
        "menuEntries as bundleEntry",
        "bundleEntry.productId",
        "productBundleItems.bundleProductId",
      )
      .innerJoin("menuEntries as componentEntry", (join) =>
        join
          .onRef("componentEntry.productId", "=", "productBundleItems.componentProductId")
          .onRef("componentEntry.menuId", "=", "bundleEntry.menuId"),
      )
      .innerJoin("categories", "categories.id", "componentEntry.categoryId")
      .select(["categories.isBundleOnly"])
      .execute();
    expect(components.some((component) => component.isBundleOnly)).toBe(true);
  });

  it("gives every branch an older and a current menu that differ", async () => {
    const rows = await db
      .selectFrom("menuBranches")
      .innerJoin("menus", "menus.id", "menuBranches.menuId")
      .select(["menuBranches.branchId", "menus.id", "menus.availableFrom"])
      .execute();
    const branches = await db.selectFrom("branches").select("id").execute();
    for (const { id } of branches) {
      const menus = rows
        .filter((row) => row.branchId === id)
        .map((row) => row.availableFrom.getTime());
      expect(new Set(menus).size, `branch ${id}`).toBeGreaterThanOrEqual(2);
      expect(Math.min(...menus)).toBe(now.getTime() - 60 * DAY);
      expect(Math.max(...menus)).toBe(now.getTime() - DAY);
    }
    const [older, current] = await Promise.all(
      [60, 1].map((days) =>
        db
          .selectFrom("menuEntries")
          .innerJoin("menus", "menus.id", "menuEntries.menuId")
          .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
          .innerJoin("branches", "branches.id", "menuBranches.branchId")
          .select("menuEntries.productId")
          .where("branches.identifier", "=", "altstadt")
          .where("menus.availableFrom", "=", new Date(now.getTime() - days * DAY))
          .execute()
          .then((entries) => new Set(entries.map((entry) => entry.productId))),
      ),
    );
    expect([...current!].filter((id) => !older!.has(id)).length).toBeGreaterThan(0);
    expect([...older!].filter((id) => !current!.has(id)).length).toBeGreaterThan(0);
  });

  it("has donatees, the legal sites and the landing-page blocks", async () => {
    expect(await countRows(db, "donatees")).toBe(3);
    const sites = await db.selectFrom("sites").select(["path", "isPublic", "content"]).execute();
    const paths = sites.filter((site) => site.isPublic).map((site) => site.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "terms-and-conditions",
        "privacy",
        "imprint",
        "allergens",
        "accessibility",
      ]),
    );
    // The legal pages' text is the settings' until the owner writes one in "Seiten" (decision 039).
    expect(sites.find((site) => site.path === "imprint")?.content.body).toBe("");
    expect(
      (await db.selectFrom("settings").select("imprintText").executeTakeFirstOrThrow()).imprintText,
    ).toContain("Sonnenkorn Backstube GmbH");

    const blocks = await db.selectFrom("blocks").select(["identifier", "isPublic"]).execute();
    const identifiers = blocks.map((block) => block.identifier);
    expect(identifiers).toEqual(
      expect.arrayContaining([
        "intro",
        "gallery",
        "shop",
        "news",
        "vegan",
        "events",
        "about",
        "news-popup",
      ]),
    );
    expect(
      identifiers.filter((identifier) => identifier.startsWith("course-")).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("creates one administrator for all branches whose password is the one returned", async () => {
    const users = await db.selectFrom("users").selectAll().execute();
    expect(users).toHaveLength(1);
    const [admin] = users;
    expect(admin?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(admin?.passwordHash).toMatch(/^\$scrypt\$n=\d+,r=\d+,p=\d+\$/);
    expect(await verifyPassword(first.admin!.password, admin!.passwordHash)).toBe(true);
    expect(await verifyPassword(`${first.admin!.password}x`, admin!.passwordHash)).toBe(false);
    const roles = await db.selectFrom("userRoles").select("role").execute();
    expect(roles).toEqual([{ role: "ROLE_ADMIN" }]);
    expect(await countRows(db, "userBranches")).toBe(await countRows(db, "branches"));
  });
});
