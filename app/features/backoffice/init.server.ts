import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { isAdmin } from "#app/domain/staff-permissions";
import { requireStaff } from "#app/features/staff/staff-auth.server";

/**
 * `GET /api/init` (spec section 7): everything a back-office client loads at start, as a list of
 * `{ url, data: { data } }` entries — the same answers the single calls give. Branches, tables and
 * menus are limited to the caller's branches unless they are an administrator. Later areas add
 * their entry here.
 */
type Entry = { url: string; data: { data: unknown } };

const TABLES = [
  ["divisions", "divisions", "position"],
  ["categories", "categories", "name"],
  ["products", "products", "name"],
  ["tags", "tags", "position"],
  ["sites", "sites", "path"],
  ["navigations", "navigations", "identifier"],
  ["blocks", "blocks", "position"],
  ["donatees", "donatees", "position"],
] as const;

export async function initEntries(request: Request, context: AppLoadContext): Promise<Entry[]> {
  const user = await requireStaff(request, context);
  const db = context.db as unknown as Kysely<any>;
  const scope = isAdmin(user) ? null : user.branchIds.length ? [...user.branchIds] : [-1];

  const config = await db.selectFrom("settings").selectAll().executeTakeFirst();
  let branches = db.selectFrom("branches").selectAll().orderBy("position").orderBy("id");
  let tables = db.selectFrom("tables").selectAll().orderBy("branch_id").orderBy("position");
  let menus = db
    .selectFrom("menus")
    .selectAll("menus")
    .select((eb) =>
      eb
        .selectFrom("menu_branches")
        .select(eb.fn.agg<number[]>("array_agg", ["branch_id"]).as("ids"))
        .whereRef("menu_branches.menu_id", "=", "menus.id")
        .as("branchIds"),
    )
    .orderBy("available_from", "desc");
  if (scope) {
    branches = branches.where("id", "in", scope);
    tables = tables.where("branch_id", "in", scope);
    menus = menus.where((eb) =>
      eb.exists(
        eb
          .selectFrom("menu_branches")
          .select("menu_id")
          .whereRef("menu_branches.menu_id", "=", "menus.id")
          .where("branch_id", "in", scope),
      ),
    );
  }
  const lists = await Promise.all(
    TABLES.map(([, table, order]) => db.selectFrom(table).selectAll().orderBy(order).execute()),
  );
  const [branchRows, tableRows, menuRows] = await Promise.all([
    branches.execute(),
    tables.execute(),
    menus.execute(),
  ]);
  const byName = Object.fromEntries(TABLES.map(([name], index) => [name, lists[index]]));
  const entry = (name: string, data: unknown): Entry => ({ url: `/api/${name}`, data: { data } });
  return [
    entry("config", config ?? null),
    entry("divisions", byName.divisions),
    entry("branches", branchRows),
    entry("menus", menuRows),
    entry("categories", byName.categories),
    entry("products", byName.products),
    entry("tags", byName.tags),
    entry("tables", tableRows),
    entry("sites", byName.sites),
    entry("navigations", byName.navigations),
    entry("blocks", byName.blocks),
    entry("donatees", byName.donatees),
  ];
}
