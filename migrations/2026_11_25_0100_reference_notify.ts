import { sql, type Kysely } from "kysely";

/**
 * The reference-data stamp's trigger (2026_11_22_0003) also announces the new stamp on the
 * channel `reference_data`: every app instance listens there and drops its kept storefront pages
 * and in-memory reference data at once, instead of waiting for them to run out
 * (docs/decisions/032). A notification is sent on commit only (never for a rollback), one per
 * changing statement.
 *
 * New reference tables get the trigger with `watchReferenceTable` (migrations/helpers).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_reference_data_version() returns trigger language plpgsql as $$
    declare
      stamp bigint := nextval('reference_data_version_seq');
    begin
      update reference_data_version set version = stamp;
      perform pg_notify('reference_data', stamp::text);
      return null;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_reference_data_version() returns trigger language plpgsql as $$
    begin
      update reference_data_version set version = nextval('reference_data_version_seq');
      return null;
    end
    $$`.execute(db);
}
