import { sql, type Kysely } from "kysely";

/**
 * A version stamp for the shop's reference data: settings, branches, menus, the catalogue,
 * content. Every statement that changes one of these tables moves the stamp (statement-level
 * triggers), so an app instance can keep what it read in memory and check one number per request
 * instead of reloading some twenty tables (docs/decisions/017).
 *
 * The stamp comes from a sequence, not from `version + 1`: a rolled-back change has used up its
 * number, so no later commit can ever show the same stamp with other data behind it.
 *
 * Frozen in time: no app imports.
 */
const TABLES = [
  "settings",
  "images",
  "divisions",
  "branches",
  "branch_images",
  "branch_hours",
  "delivery_areas",
  "tags",
  "branch_tags",
  "tables",
  "donatees",
  "categories",
  "products",
  "product_images",
  "product_tags",
  "product_alternative_units",
  "product_parts",
  "product_part_options",
  "product_bundle_items",
  "product_groups",
  "product_group_products",
  "menus",
  "menu_branches",
  "menu_categories",
  "menu_entries",
  "sites",
  "blocks",
  "navigations",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence reference_data_version_seq`.execute(db);
  await sql`
    create table reference_data_version (
      id boolean primary key default true check (id),
      version bigint not null
    )`.execute(db);
  await sql`insert into reference_data_version (version) values (nextval('reference_data_version_seq'))`.execute(
    db,
  );
  await sql`
    create function bump_reference_data_version() returns trigger language plpgsql as $$
    begin
      update reference_data_version set version = nextval('reference_data_version_seq');
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_reference_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_reference_data_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_reference_version`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function bump_reference_data_version()`.execute(db);
  await sql`drop table reference_data_version`.execute(db);
  await sql`drop sequence reference_data_version_seq`.execute(db);
}
