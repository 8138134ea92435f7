import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { DateTime } from "luxon";
import { defaultDineInTaxRate, REDUCED_RATE } from "#app/domain/tax";
import { hashPassword } from "#app/features/staff/password.server";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import type {
  BlockContent,
  Database,
  HoursKind,
  HoursRule,
  NavigationItem,
  StoredImage,
} from "./schema";
import { branches, division, tags } from "./seed/branches";
import { categories, type GroupSeed, type ProductSeed } from "./seed/catalogue";
import { blocks, donatees, navigations, sites, type NavigationSeedItem } from "./seed/content";
import { menus } from "./seed/menus";
import { demoPictures, storePicture, type RenderedPicture } from "./seed/pictures/pictures.server";
import type { RuleSeed } from "./seed/rules";
import { settings } from "./seed/settings";

/** The demo shop (data in ./seed/*.ts): written in one transaction, only into an empty database. */

export const DEMO_ADMIN_EMAIL = "admin@sonnenkorn.example";

export interface SeedResult {
  seeded: boolean;
  /** The generated back-office login, returned once so the server can print it. */
  admin?: { email: string; password: string };
}

export interface SeedOptions {
  now: Date;
  log?: (line: string) => void;
  /** The administrator's password; generated when absent. */
  adminPassword?: string;
  /**
   * The images storage (`storageFor(config, "images")`): when given, the demo shop gets its
   * pictures (decision 042). Tests that do not look at pictures leave it out and seed faster.
   */
  pictures?: FileStorage;
}

type Trx = Transaction<Database>;
type Ids = Map<string, number>;

export async function seedDemoData(
  db: Kysely<Database>,
  { now, log, adminPassword, pictures }: SeedOptions,
): Promise<SeedResult> {
  // Files written for a transaction that then fails are taken away again.
  const written: string[] = [];
  try {
    return await seedInTransaction(db, { now, log, adminPassword, pictures }, written);
  } catch (error) {
    await Promise.all(written.map((key) => pictures?.remove(key).catch(() => undefined)));
    throw error;
  }
}

async function seedInTransaction(
  db: Kysely<Database>,
  { now, log, adminPassword, pictures }: SeedOptions,
  written: string[],
): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    // Two instances starting together on one PostgreSQL: the second waits here, then finds data.
    await sql`select pg_advisory_xact_lock(hashtext('backstube:seed-demo-data'))`.execute(trx);
    if (await hasData(trx)) return { seeded: false };

    const zone = settings.businessTimeZone ?? "Europe/Berlin";
    await trx
      .updateTable("settings")
      .set({ ...settings, updatedAt: now })
      .where("id", "=", 1)
      .execute();
    const tagIds = byIdentifier(
      await trx.insertInto("tags").values(tags).returning(["id", "identifier"]).execute(),
    );
    const branchIds = await seedBranches(trx, now, zone, tagIds);
    const catalogue = await seedCatalogue(trx, tagIds);
    await seedMenus(trx, now, branchIds, catalogue);
    const landing = pictures
      ? await seedPictures(trx, pictures, written, { branchIds, catalogue })
      : null;
    await seedContent(trx, landing);
    const admin = await seedAdministrator(trx, [...branchIds.values()], adminPassword);

    log?.(
      `Demo-Daten angelegt: ${branchIds.size} Filialen, ${categories.length} Kategorien, ` +
        `${catalogue.products.size} Produkte, ${menus.length} Menüs.`,
    );
    return { seeded: true, admin };
  });
}

async function hasData(trx: Trx): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from branches) or exists (select 1 from users) as found`.execute(trx);
  return rows[0]?.found ?? true;
}

/** Maps identifier → id for rows just inserted with `returning(["id", "identifier"])`. */
function byIdentifier(rows: { id: number; identifier: string | null }[]): Ids {
  return new Map(rows.map((row) => [row.identifier ?? "", row.id]));
}

async function seedBranches(trx: Trx, now: Date, zone: string, tagIds: Ids): Promise<Ids> {
  const { id: divisionId } = await trx
    .insertInto("divisions")
    .values(division)
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: Ids = new Map();
  for (const seed of branches) {
    const {
      tags: tagNames,
      openingHours,
      deliveryHours,
      deliveryAreas,
      tableCount,
      orderableInDays,
      ...row
    } = seed;
    const orderableFrom = orderableInDays
      ? DateTime.fromJSDate(now).plus({ days: orderableInDays }).toJSDate()
      : null;
    const { id } = await trx
      .insertInto("branches")
      // The demo bakery is in Freiburg: Baden-Württemberg's public holidays close it (decision 045).
      .values({ holidayCountry: "DE", holidayRegion: "BW", ...row, divisionId, orderableFrom })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(seed.identifier, id);

    const rules = [
      ...openingHours.map((rule, position) => hoursRow(id, "opening", position, rule, now, zone)),
      ...(deliveryHours ?? []).map((rule, position) =>
        hoursRow(id, "delivery", position, rule, now, zone),
      ),
    ];
    await trx.insertInto("branchHours").values(rules).execute();
    if (deliveryAreas?.length) {
      await trx
        .insertInto("deliveryAreas")
        .values(deliveryAreas.map((area) => ({ ...area, branchId: id })))
        .execute();
    }
    if (tagNames.length > 0) {
      await trx
        .insertInto("branchTags")
        .values(tagNames.map((tag) => ({ branchId: id, tagId: must(tagIds, tag) })))
        .execute();
    }
    if (tableCount) {
      const tables = Array.from({ length: tableCount }, (_, index) => ({
        branchId: id,
        identifier: `T${index + 1}`,
        name: `Tisch ${index + 1}`,
        position: index + 1,
      }));
      await trx.insertInto("tables").values(tables).execute();
    }
  }
  return ids;
}

function hoursRow(
  branchId: number,
  kind: HoursKind,
  position: number,
  rule: RuleSeed,
  now: Date,
  zone: string,
) {
  const ruleRow: HoursRule = {
    type: rule.type,
    date: rule.onNext ? nextDate(now, zone, rule.onNext.month, rule.onNext.day) : null,
    isClosed: rule.isClosed ?? false,
    fromTime: rule.from ?? null,
    toTime: rule.to ?? null,
  };
  return { branchId, kind, position, ...ruleRow };
}

/** The next such calendar day after today in the business's zone, as 'YYYY-MM-DD'. */
function nextDate(now: Date, zone: string, month: number, day: number): string {
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  let date = today.set({ month, day });
  if (date <= today) date = date.plus({ years: 1 });
  return date.toISODate() ?? "";
}

interface CatalogueIds {
  categories: Ids;
  products: Ids;
  groups: Ids;
}

async function seedCatalogue(trx: Trx, tagIds: Ids): Promise<CatalogueIds> {
  const categoryRows = categories.map(({ entries: _entries, schedule, ...category }) => ({
    ...category,
    schedule: JSON.stringify(schedule ?? []),
  }));
  const categoryIds = byIdentifier(
    await trx
      .insertInto("categories")
      .values(categoryRows)
      .returning(["id", "identifier"])
      .execute(),
  );
  const groups = categories.flatMap((category) => category.entries.filter(isGroup));
  const products = categories.flatMap((category) =>
    category.entries.flatMap((entry) => (isGroup(entry) ? entry.products : [entry])),
  );
  const productRows = products.map(
    ({ tags: _t, alternativeUnits: _u, parts: _p, bundle: _b, schedule, ...product }) => ({
      ...product,
      // Eaten in as taken away: food 7 %, drinks 19 % (decision 092), not the column's old 19.
      dineInTaxRate:
        product.dineInTaxRate ??
        defaultDineInTaxRate(product.takeawayTaxRate ?? product.taxRate ?? REDUCED_RATE),
      schedule: JSON.stringify(schedule ?? []),
    }),
  );
  const productIds = byIdentifier(
    await trx.insertInto("products").values(productRows).returning(["id", "identifier"]).execute(),
  );
  const productId = (identifier: string) => must(productIds, identifier);

  const productTags = products.flatMap((product) =>
    (product.tags ?? []).map((tag) => ({
      productId: productId(product.identifier),
      tagId: must(tagIds, tag),
    })),
  );
  const units = products.flatMap((product) =>
    (product.alternativeUnits ?? []).map((unit, position) => ({
      ...unit,
      productId: productId(product.identifier),
      position,
    })),
  );
  const bundleItems = products.flatMap((product) =>
    (product.bundle ?? []).map((item, position) => ({
      bundleProductId: productId(product.identifier),
      componentProductId: productId(item.product),
      quantity: item.quantity,
      position,
    })),
  );
  if (productTags.length > 0) await trx.insertInto("productTags").values(productTags).execute();
  if (units.length > 0) await trx.insertInto("productAlternativeUnits").values(units).execute();
  if (bundleItems.length > 0)
    await trx.insertInto("productBundleItems").values(bundleItems).execute();

  const parts = products.flatMap((product) =>
    (product.parts ?? []).map(({ options, ...part }, position) => ({
      row: { ...part, productId: productId(product.identifier), position },
      options: options ?? [],
    })),
  );
  if (parts.length > 0) {
    const partIds = await trx
      .insertInto("productParts")
      .values(parts.map((part) => part.row))
      .returning("id")
      .execute();
    const options = parts.flatMap((part, index) =>
      part.options.map((option, position) => ({
        ...option,
        partId: partIds[index]?.id ?? 0,
        position,
      })),
    );
    if (options.length > 0) await trx.insertInto("productPartOptions").values(options).execute();
  }

  const groupRows = groups.map(({ group, name, description }) => ({
    identifier: group,
    name,
    description: description ?? null,
  }));
  const groupIds = byIdentifier(
    await trx
      .insertInto("productGroups")
      .values(groupRows)
      .returning(["id", "identifier"])
      .execute(),
  );
  const members = groups.flatMap((group) =>
    group.products.map((product, position) => ({
      productGroupId: must(groupIds, group.group),
      productId: productId(product.identifier),
      position,
    })),
  );
  if (members.length > 0) await trx.insertInto("productGroupProducts").values(members).execute();
  return { categories: categoryIds, products: productIds, groups: groupIds };
}

async function seedMenus(
  trx: Trx,
  now: Date,
  branchIds: Ids,
  catalogue: CatalogueIds,
): Promise<void> {
  for (const seed of menus) {
    const availableFrom = DateTime.fromJSDate(now)
      .minus({ days: seed.availableDaysAgo })
      .toJSDate();
    const { id: menuId } = await trx
      .insertInto("menus")
      .values({ name: seed.name, availableFrom })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("menuBranches")
      .values(seed.branches.map((branch) => ({ menuId, branchId: must(branchIds, branch) })))
      .execute();
    const listed = seed.categories.map((identifier, position) => ({
      menuId,
      categoryId: must(catalogue.categories, identifier),
      position,
    }));
    await trx.insertInto("menuCategories").values(listed).execute();
    const entries = seed.categories.flatMap((identifier) => {
      const category = categories.find((candidate) => candidate.identifier === identifier);
      const categoryId = must(catalogue.categories, identifier);
      return (category?.entries ?? [])
        .filter((entry) => !seed.without.includes(isGroup(entry) ? entry.group : entry.identifier))
        .map((entry, position) => ({
          menuId,
          categoryId,
          position,
          productId: isGroup(entry) ? null : must(catalogue.products, entry.identifier),
          productGroupId: isGroup(entry) ? must(catalogue.groups, entry.group) : null,
        }));
    });
    await trx.insertInto("menuEntries").values(entries).execute();
  }
}

interface LandingPictures {
  gallery: StoredImage[];
  intro: StoredImage;
  about: StoredImage;
  news: Map<string, StoredImage>;
}

/**
 * Stores the demo pictures (drawn once per process) and links them: every product and category,
 * every branch, the logo; returns the landing blocks' pictures for seedContent.
 */
async function seedPictures(
  trx: Trx,
  storage: FileStorage,
  written: string[],
  { branchIds, catalogue }: { branchIds: Ids; catalogue: CatalogueIds },
): Promise<LandingPictures> {
  const shopName = settings.shopName ?? "Bäckerei Sonnenkorn";
  const drawn = await demoPictures(shopName);
  const store = async (picture: RenderedPicture): Promise<StoredImage & { alt: string }> => {
    const storageKey = await storePicture(storage, picture);
    written.push(storageKey);
    const row = await trx
      .insertInto("images")
      .values({
        extension: picture.extension,
        mimeType: picture.mimeType,
        width: picture.width,
        height: picture.height,
        alt: picture.alt,
        storageKey,
      })
      .returning(["id", "version", "extension"])
      .executeTakeFirstOrThrow();
    return { ...row, alt: picture.alt };
  };

  const logo = await store(drawn.logo);
  await trx.updateTable("settings").set({ logoImageId: logo.id }).where("id", "=", 1).execute();

  const productImages = [];
  for (const [identifier, picture] of drawn.products) {
    const productId = catalogue.products.get(identifier);
    if (productId === undefined) continue;
    const image = await store(picture);
    productImages.push({ productId, imageId: image.id, position: 0 });
  }
  if (productImages.length > 0)
    await trx.insertInto("productImages").values(productImages).execute();

  for (const [identifier, picture] of drawn.categories) {
    const categoryId = catalogue.categories.get(identifier);
    if (categoryId === undefined) continue;
    const image = await store(picture);
    await trx
      .updateTable("categories")
      .set({ imageId: image.id })
      .where("id", "=", categoryId)
      .execute();
  }

  const branchImages = [];
  for (const [identifier, picture] of drawn.branches) {
    const branchId = branchIds.get(identifier);
    if (branchId === undefined) continue;
    const image = await store(picture);
    branchImages.push({ branchId, imageId: image.id, position: 0 });
  }
  if (branchImages.length > 0) await trx.insertInto("branchImages").values(branchImages).execute();

  const gallery = [];
  for (const picture of drawn.gallery) gallery.push(await store(picture));
  const news = new Map<string, StoredImage>();
  for (const [title, picture] of drawn.news) news.set(title, await store(picture));
  return { gallery, intro: await store(drawn.intro), about: await store(drawn.about), news };
}

/** The block content with the demo pictures in it, in the format the blocks are stored in. */
function illustrated(identifier: string, content: BlockContent, landing: LandingPictures | null) {
  if (!landing) return content;
  const image = (value: StoredImage) => ({ type: "image", value });
  const data = (content.data ?? []).map((part) =>
    part.type === "gallery"
      ? { ...part, value: { ...(part.value as object), images: landing.gallery } }
      : part,
  );
  const news = content.news?.map((entry) => ({
    value: { ...entry.value, image: landing.news.get(entry.value.title) ?? entry.value.image },
  }));
  if (identifier === "intro") data.push(image(landing.intro));
  if (identifier === "about") data.push(image(landing.about));
  return { ...content, data: content.data ? data : undefined, news };
}

async function seedContent(trx: Trx, landing: LandingPictures | null): Promise<void> {
  await trx.insertInto("donatees").values(donatees).execute();
  const siteRows = await trx
    .insertInto("sites")
    .values(sites.map((site) => ({ ...site, content: JSON.stringify(site.content) })))
    .returning(["id", "path"])
    .execute();
  const siteIds = new Map(siteRows.map((row) => [row.path, row.id]));
  const toItem = ({ sitePath, children, ...item }: NavigationSeedItem): NavigationItem => ({
    label: item.label,
    siteId: sitePath ? must(siteIds, sitePath) : null,
    href: sitePath ? null : (item.href ?? null),
    ...(children ? { children: children.map(toItem) } : { children: [] }),
  });
  await trx
    .insertInto("blocks")
    .values(
      blocks.map((block) => ({
        ...block,
        content: JSON.stringify(illustrated(block.identifier, block.content, landing)),
      })),
    )
    .execute();
  await trx
    .insertInto("navigations")
    .values(
      navigations.map((navigation) => ({
        ...navigation,
        items: JSON.stringify(navigation.items.map(toItem)),
      })),
    )
    .execute();
}

async function seedAdministrator(
  trx: Trx,
  branchIds: number[],
  chosenPassword: string | undefined,
): Promise<{ email: string; password: string }> {
  const password = chosenPassword ?? randomBytes(12).toString("base64url");
  const { id: userId } = await trx
    .insertInto("users")
    .values({
      email: DEMO_ADMIN_EMAIL,
      name: "Administration",
      passwordHash: await hashPassword(password),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.insertInto("userRoles").values({ userId, role: "ROLE_ADMIN" }).execute();
  await trx
    .insertInto("userBranches")
    .values(branchIds.map((branchId) => ({ userId, branchId })))
    .execute();
  return { email: DEMO_ADMIN_EMAIL, password };
}

function isGroup(entry: ProductSeed | GroupSeed): entry is GroupSeed {
  return "group" in entry;
}

/** A seed file names something that does not exist: a mistake in the data, so fail loudly. */
function must(ids: Ids, identifier: string): number {
  const id = ids.get(identifier);
  if (id === undefined) throw new Error(`Demo-Daten: unbekannter Bezeichner "${identifier}".`);
  return id;
}
