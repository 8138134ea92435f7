import { sql, type Kysely } from "kysely";

/**
 * Every change of a cart's version, and every deleted cart, is announced on the channel `carts`
 * with the cart's id (issue 18, decision 049): each app instance's one listener drops the parts
 * of the menu page it keeps for that cart, so a customer's kept parts need no database round trip
 * to be trusted. Sent on commit only, once per cart and transaction (PostgreSQL folds equal
 * payloads).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function announce_cart_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('carts', old.id::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger carts_announce_version
      after update of version on carts
      for each row when (old.version is distinct from new.version)
      execute function announce_cart_change()`.execute(db);
  await sql`
    create trigger carts_announce_delete
      after delete on carts
      for each row execute function announce_cart_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger carts_announce_delete on carts`.execute(db);
  await sql`drop trigger carts_announce_version on carts`.execute(db);
  await sql`drop function announce_cart_change()`.execute(db);
}
