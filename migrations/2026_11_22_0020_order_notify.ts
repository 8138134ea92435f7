import { sql, type Kysely } from "kysely";

/**
 * Live order updates: every new order and every change to one is announced on the channel
 * `orders` with `pg_notify`, so that each app instance (each has one listener) can tell the open
 * order boards of that branch. The payload stays small, far below PostgreSQL's 8000-byte limit:
 *
 *   {"id": 17, "branchId": 2, "uid": "…", "kind": "created" | "updated"}
 *
 * plus `"fromBranchId"` when an update moved the order to another branch (that board must drop
 * it). A notification is sent when the transaction commits, never for one that rolls back, and
 * identical ones of one transaction arrive once.
 *
 * Updates announce themselves when a status column or `updated_at` changes; since the trigger of
 * 2026_11_22_0002 moves `updated_at` on every update, that is every change a board may show.
 *
 * Frozen in time: no app imports.
 */
const STATUS_COLUMNS = [
  "updated_at",
  "branch_id",
  "is_confirmed",
  "is_in_delivery",
  "is_delivered",
  "is_completed",
  "is_rejected",
  "is_canceled",
  "is_failed",
  "is_paid",
  "is_refunded",
  "appointment",
  "counter_appointment",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function orders_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('orders', json_strip_nulls(json_build_object(
        'id', new.id,
        'branchId', new.branch_id,
        'uid', new.uid,
        'kind', case when tg_op = 'INSERT' then 'created' else 'updated' end,
        'fromBranchId', case
          when tg_op = 'UPDATE' and old.branch_id <> new.branch_id then old.branch_id
        end
      ))::text);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger orders_notify_insert after insert on orders
    for each row execute function orders_notify()`.execute(db);
  const changed = STATUS_COLUMNS.map((column) => `old.${column} is distinct from new.${column}`);
  await sql`
    create trigger orders_notify_update after update on orders
    for each row when (${sql.raw(changed.join(" or "))})
    execute function orders_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger orders_notify_update on orders`.execute(db);
  await sql`drop trigger orders_notify_insert on orders`.execute(db);
  await sql`drop function orders_notify()`.execute(db);
}
