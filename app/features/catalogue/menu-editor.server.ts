import { sql, type Transaction } from "kysely";
import { DateTime } from "luxon";
import type { Database, Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import { localDateTime, readCatalog, writeCatalog, zoneOf } from "./menus.resource";

/**
 * The catalogue editor (`/backend/menus/{id}/catalogue`): a menu's categories in order, each with
 * its products and groups in order, changed one step at a time (add, remove, up, down, move to a
 * position). Each step is one transaction: the menu row is locked (two editors take turns), the
 * positions of the list it touches are written as 0, 1, 2 …, the menu's `updated_at` moves (so its
 * version does, and the storefront's kept pages go, decision 032) and the audit log records the
 * step. A step names entries by id, so one taken from a page that is out of date still does what
 * it says or is refused ('steht nicht (mehr) im Katalog'), never something else.
 */
const t = deCatalogue.menus;

export type EditorIntent =
  | "category-add"
  | "category-remove"
  | "category-up"
  | "category-down"
  | "category-move"
  | "entry-add"
  | "entry-remove"
  | "entry-up"
  | "entry-down"
  | "entry-move";

const INTENTS = new Set<string>([
  "category-add",
  "category-remove",
  "category-up",
  "category-down",
  "category-move",
  "entry-add",
  "entry-remove",
  "entry-up",
  "entry-down",
  "entry-move",
]);

export interface EditorStep {
  intent: EditorIntent;
  category: number | null;
  entry: number | null;
  /** 1-based, as the select shows it. */
  position: number | null;
  /** 'p:12' (a product) or 'g:3' (a product group). */
  item: { productId: number } | { productGroupId: number } | null;
}

/** Reads a step from a form; null when it is not one. */
export function parseStep(form: {
  get(name: string): FormDataEntryValue | null;
}): EditorStep | null {
  // The page's rows send `step=entry-up:12` (one form for all rows) and `position-entry-12`;
  // scripts and tests may send `intent`, `entry` or `category` and `position` instead.
  const named = /^([a-z-]{1,20}):(\d{1,10})$/.exec(String(form.get("step") ?? ""));
  const intent = named ? named[1]! : String(form.get("intent") ?? "");
  if (!INTENTS.has(intent)) return null;
  if (named) {
    const kind = intent.startsWith("entry") ? "entry" : "category";
    const id = parseId(named[2]);
    return {
      intent: intent as EditorIntent,
      category: kind === "category" ? id : null,
      entry: kind === "entry" ? id : null,
      position: parseId(form.get(`position-${kind}-${named[2]}`)),
      item: null,
    };
  }
  const item = /^([pg]):(\d{1,10})$/.exec(String(form.get("item") ?? ""));
  const itemId = item ? parseId(item[2]) : null;
  return {
    intent: intent as EditorIntent,
    category: parseId(form.get("category")),
    entry: parseId(form.get("entry")),
    position: parseId(form.get("position")),
    item:
      item && itemId
        ? item[1] === "p"
          ? { productId: itemId }
          : { productGroupId: itemId }
        : null,
  };
}

export type StepOutcome = { ok: true; anchor: string } | { ok: false; message: string };

const refused = (message: string): StepOutcome => ({ ok: false, message });

/** `ids` with `id` moved to `index` (0-based, clamped). */
export function moved<T>(ids: readonly T[], id: T, index: number): T[] {
  const rest = ids.filter((candidate) => candidate !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

function targetIndex(step: EditorStep, ids: readonly number[], id: number): number | null {
  const current = ids.indexOf(id);
  if (step.intent.endsWith("-up")) return current - 1;
  if (step.intent.endsWith("-down")) return current + 1;
  return step.position === null ? null : step.position - 1;
}

async function writeCategoryOrder(trx: Transaction<Database>, menuId: number, ids: number[]) {
  await sql`
    update menu_categories m set position = v.position
    from unnest(${ids}::int[], ${ids.map((_, index) => index)}::int[]) as v(category_id, position)
    where m.menu_id = ${menuId} and m.category_id = v.category_id and m.position <> v.position`.execute(
    trx,
  );
}

async function writeEntryOrder(trx: Transaction<Database>, ids: number[]) {
  await sql`
    update menu_entries m set position = v.position
    from unnest(${ids}::int[], ${ids.map((_, index) => index)}::int[]) as v(id, position)
    where m.id = v.id and m.position <> v.position`.execute(trx);
}

async function categoryIds(trx: Transaction<Database>, menuId: number) {
  return (
    await trx
      .selectFrom("menuCategories")
      .select("categoryId")
      .where("menuId", "=", menuId)
      .orderBy("position")
      .orderBy("categoryId")
      .execute()
  ).map((row) => row.categoryId);
}

async function entryIds(trx: Transaction<Database>, menuId: number, categoryId: number) {
  return (
    await trx
      .selectFrom("menuEntries")
      .select("id")
      .where("menuId", "=", menuId)
      .where("categoryId", "=", categoryId)
      .orderBy("position")
      .orderBy("id")
      .execute()
  ).map((row) => row.id);
}

class Refusal extends Error {
  constructor(readonly outcome: StepOutcome) {
    super("refused");
  }
}

/** One step of the editor, in one transaction; null when the menu does not exist. */
export async function applyStep(
  db: Db,
  menuId: number,
  step: EditorStep,
  writer: { user: StaffUser; clientAddress?: string },
): Promise<StepOutcome | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const menu = await trx
        .selectFrom("menus")
        .select("id")
        .where("id", "=", menuId)
        .forUpdate()
        .executeTakeFirst();
      if (!menu) return null;
      const outcome = await runStep(trx, menuId, step);
      if (!outcome.ok) throw new Refusal(outcome);
      await trx
        .updateTable("menus")
        .set({ updatedAt: sql`now()` })
        .where("id", "=", menuId)
        .execute();
      await audit(trx, {
        user: writer.user,
        action: "menu.updated",
        entityType: "menu",
        entityId: menuId,
        data: { change: step },
        context: writer.clientAddress ? { clientAddress: writer.clientAddress } : undefined,
      });
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

async function runStep(
  trx: Transaction<Database>,
  menuId: number,
  step: EditorStep,
): Promise<StepOutcome> {
  switch (step.intent) {
    case "category-add": {
      if (step.category === null) return refused(t.unknownEntry);
      const known = await trx
        .selectFrom("categories")
        .select("id")
        .where("id", "=", step.category)
        .executeTakeFirst();
      if (!known) return refused(t.unknownEntry);
      const ids = await categoryIds(trx, menuId);
      if (ids.includes(step.category)) return refused(t.duplicateCategory);
      await trx
        .insertInto("menuCategories")
        .values({ menuId, categoryId: step.category, position: ids.length })
        .execute();
      return { ok: true, anchor: `kategorie-${step.category}` };
    }
    case "category-remove": {
      if (step.category === null) return refused(t.errors.notInMenu);
      const removed = await trx
        .deleteFrom("menuCategories")
        .where("menuId", "=", menuId)
        .where("categoryId", "=", step.category)
        .executeTakeFirst();
      if (!removed.numDeletedRows) return refused(t.errors.notInMenu);
      await writeCategoryOrder(trx, menuId, await categoryIds(trx, menuId));
      return { ok: true, anchor: "kategorien" };
    }
    case "category-up":
    case "category-down":
    case "category-move": {
      const ids = await categoryIds(trx, menuId);
      if (step.category === null || !ids.includes(step.category)) {
        return refused(t.errors.notInMenu);
      }
      const index = targetIndex(step, ids, step.category);
      if (index === null) return refused(t.errors.badPosition);
      await writeCategoryOrder(trx, menuId, moved(ids, step.category, index));
      return { ok: true, anchor: `kategorie-${step.category}` };
    }
    case "entry-add": {
      if (step.category === null || step.item === null) return refused(t.unknownEntry);
      const listed = await trx
        .selectFrom("menuCategories")
        .select("categoryId")
        .where("menuId", "=", menuId)
        .where("categoryId", "=", step.category)
        .executeTakeFirst();
      if (!listed) return refused(t.errors.notInMenu);
      const isProduct = "productId" in step.item;
      const itemId = "productId" in step.item ? step.item.productId : step.item.productGroupId;
      const known = await trx
        .selectFrom(isProduct ? "products" : "productGroups")
        .select("id")
        .where("id", "=", itemId)
        .executeTakeFirst();
      if (!known) return refused(t.unknownEntry);
      const twice = await trx
        .selectFrom("menuEntries")
        .select("id")
        .where("menuId", "=", menuId)
        .where("categoryId", "=", step.category)
        .where(isProduct ? "productId" : "productGroupId", "=", itemId)
        .executeTakeFirst();
      if (twice) return refused(isProduct ? t.duplicateProduct : t.duplicateGroup);
      const ids = await entryIds(trx, menuId, step.category);
      const { id } = await trx
        .insertInto("menuEntries")
        .values({
          menuId,
          categoryId: step.category,
          position: ids.length,
          productId: isProduct ? itemId : null,
          productGroupId: isProduct ? null : itemId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, anchor: `eintrag-${id}` };
    }
    case "entry-remove": {
      if (step.entry === null) return refused(t.errors.notInMenu);
      const removed = await trx
        .deleteFrom("menuEntries")
        .where("menuId", "=", menuId)
        .where("id", "=", step.entry)
        .returning("categoryId")
        .executeTakeFirst();
      if (!removed) return refused(t.errors.notInMenu);
      await writeEntryOrder(trx, await entryIds(trx, menuId, removed.categoryId));
      return { ok: true, anchor: `kategorie-${removed.categoryId}` };
    }
    case "entry-up":
    case "entry-down":
    case "entry-move": {
      if (step.entry === null) return refused(t.errors.notInMenu);
      const entry = await trx
        .selectFrom("menuEntries")
        .select("categoryId")
        .where("menuId", "=", menuId)
        .where("id", "=", step.entry)
        .executeTakeFirst();
      if (!entry) return refused(t.errors.notInMenu);
      const ids = await entryIds(trx, menuId, entry.categoryId);
      const index = targetIndex(step, ids, step.entry);
      if (index === null) return refused(t.errors.badPosition);
      await writeEntryOrder(trx, moved(ids, step.entry, index));
      return { ok: true, anchor: `eintrag-${step.entry}` };
    }
  }
}

// ——— The editor's page ———

export interface EditorEntry {
  id: number;
  kind: "product" | "group";
  itemId: number;
  name: string;
  isEnabled: boolean;
  isSoldOut: boolean;
  /** Products in a group. */
  count: number | null;
}

export interface EditorCategory {
  id: number;
  name: string;
  isEnabled: boolean;
  entries: EditorEntry[];
}

export interface SearchHit {
  value: string;
  name: string;
  kind: "product" | "group";
}

const SEARCH_HITS = 20;

/** Everything the editor page shows; null when the menu does not exist. */
/** A menu's name and start, or undefined: what the editor and its preview show above the menu. */
export function menuHead(db: Db, menuId: number) {
  return db
    .selectFrom("menus")
    .select(["id", "name", "availableFrom"])
    .where("id", "=", menuId)
    .executeTakeFirst();
}

export async function loadEditor(
  db: Db,
  menuId: number,
  now: Date,
  search: { category: number | null; text: string },
) {
  const menu = await menuHead(db, menuId);
  if (!menu) return null;
  const [categories, entries, soldOut, zone, branches] = await Promise.all([
    db
      .selectFrom("menuCategories")
      .innerJoin("categories", "categories.id", "menuCategories.categoryId")
      .select(["categories.id", "categories.name", "categories.isEnabled"])
      .where("menuCategories.menuId", "=", menuId)
      .orderBy("menuCategories.position")
      .orderBy("categories.id")
      .execute(),
    db
      .selectFrom("menuEntries")
      .leftJoin("products", "products.id", "menuEntries.productId")
      .leftJoin("productGroups", "productGroups.id", "menuEntries.productGroupId")
      .select((eb) => [
        "menuEntries.id",
        "menuEntries.categoryId",
        "menuEntries.productId",
        "menuEntries.productGroupId",
        "products.name as productName",
        "products.isEnabled",
        "productGroups.name as groupName",
        eb
          .selectFrom("productGroupProducts")
          .select((inner) => inner.fn.countAll<string>().as("count"))
          .whereRef("productGroupProducts.productGroupId", "=", "menuEntries.productGroupId")
          .as("groupCount"),
      ])
      .where("menuEntries.menuId", "=", menuId)
      .orderBy("menuEntries.position")
      .orderBy("menuEntries.id")
      .execute(),
    db
      .selectFrom("productSoldOut")
      .innerJoin("menuEntries", "menuEntries.productId", "productSoldOut.productId")
      .select("productSoldOut.productId")
      .where("menuEntries.menuId", "=", menuId)
      .where("productSoldOut.branchId", "is", null)
      .where("productSoldOut.until", ">", now)
      .execute(),
    zoneOf(db),
    db
      .selectFrom("menuBranches")
      .innerJoin("branches", "branches.id", "menuBranches.branchId")
      .select(["branches.id", "branches.name"])
      .where("menuBranches.menuId", "=", menuId)
      .orderBy("branches.position")
      .orderBy("branches.name")
      .execute(),
  ]);
  const soldOutIds = new Set(soldOut.map((row) => row.productId));
  const byCategory = new Map<number, EditorEntry[]>(categories.map((c) => [c.id, []]));
  for (const entry of entries) {
    const isProduct = entry.productId !== null;
    byCategory.get(entry.categoryId)?.push({
      id: entry.id,
      kind: isProduct ? "product" : "group",
      itemId: (entry.productId ?? entry.productGroupId) as number,
      name: (isProduct ? entry.productName : entry.groupName) ?? "",
      isEnabled: isProduct ? Boolean(entry.isEnabled) : true,
      isSoldOut: isProduct && soldOutIds.has(entry.productId as number),
      count: isProduct ? null : Number(entry.groupCount ?? 0),
    });
  }
  const listed = new Set(categories.map((category) => category.id));
  const addable = (
    await db.selectFrom("categories").select(["id", "name"]).orderBy("name").limit(1_000).execute()
  ).filter((category) => !listed.has(category.id));

  let hits: SearchHit[] | null = null;
  const text = search.text.trim().slice(0, 100);
  if (search.category !== null && listed.has(search.category) && text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const inCategory = byCategory.get(search.category) ?? [];
    const taken = new Set(inCategory.map((entry) => `${entry.kind}:${entry.itemId}`));
    const [products, groups] = await Promise.all([
      db
        .selectFrom("products")
        .select(["id", "name"])
        .where("name", "ilike", pattern)
        .orderBy(sql`lower(name)`)
        .orderBy("id")
        .limit(SEARCH_HITS + taken.size)
        .execute(),
      db
        .selectFrom("productGroups")
        .select(["id", "name"])
        .where("name", "ilike", pattern)
        .orderBy("name")
        .limit(SEARCH_HITS)
        .execute(),
    ]);
    hits = [
      ...groups
        .filter((group) => !taken.has(`group:${group.id}`))
        .map((group) => ({ value: `g:${group.id}`, name: group.name, kind: "group" as const })),
      ...products
        .filter((product) => !taken.has(`product:${product.id}`))
        .map((product) => ({
          value: `p:${product.id}`,
          name: product.name,
          kind: "product" as const,
        })),
    ].slice(0, SEARCH_HITS);
  }
  return {
    menu: {
      id: menu.id,
      name: menu.name,
      availableFrom: localDateTime(new Date(menu.availableFrom), zone),
      availableFromDate: DateTime.fromJSDate(new Date(menu.availableFrom))
        .setZone(zone)
        .toISODate(),
    },
    branches,
    categories: categories.map((category) => ({
      ...category,
      entries: byCategory.get(category.id) ?? [],
    })) as EditorCategory[],
    addable,
    search: { category: search.category, text, hits },
  };
}

// ——— Copying ———

/**
 * "Katalog kopieren": the same branches, categories and entries under a new name, going live a
 * week after the original (next week's menu, prepared from this one), in one transaction.
 */
export async function copyMenu(
  db: Db,
  menuId: number,
  writer: { user: StaffUser; clientAddress?: string },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const menu = await trx
      .selectFrom("menus")
      .select(["name", "availableFrom"])
      .where("id", "=", menuId)
      .executeTakeFirst();
    if (!menu) return null;
    const from = DateTime.fromJSDate(new Date(menu.availableFrom))
      .setZone(await zoneOf(trx))
      .plus({ weeks: 1 });
    const { id } = await trx
      .insertInto("menus")
      .values({ name: t.copyName(menu.name).slice(0, 120), availableFrom: from.toJSDate() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const branches = await trx
      .selectFrom("menuBranches")
      .select("branchId")
      .where("menuId", "=", menuId)
      .execute();
    if (branches.length) {
      await trx
        .insertInto("menuBranches")
        .values(branches.map((branch) => ({ menuId: id, branchId: branch.branchId })))
        .execute();
    }
    await writeCatalog(trx as Transaction<any>, id, await readCatalog(trx, menuId));
    await audit(trx, {
      user: writer.user,
      action: "menu.created",
      entityType: "menu",
      entityId: id,
      data: { before: null, after: { copiedFrom: menuId } },
      context: writer.clientAddress ? { clientAddress: writer.clientAddress } : undefined,
    });
    return id;
  });
}
