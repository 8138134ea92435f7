import { sql, type Kysely } from "kysely";

/**
 * The production list by department and on the receipt printer (issue 39 part 1, decisions 106
 * and 107):
 * - a product's department ("Abteilung", optional): the production list can group by it; a
 *   department that is deleted leaves its products without one;
 * - a print job may carry a production list (`reason` 'production_list', `payload` the list as
 *   printed, without customer data), rendered per protocol at its first delivery as an order's
 *   ticket is.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("department_id", "integer", (c) =>
      c.references("departments.id").onDelete("set null"),
    )
    .execute();
  await db.schema
    .createIndex("products_department_id_idx")
    .on("products")
    .column("department_id")
    .execute();

  await sql`alter table print_jobs drop constraint if exists print_jobs_reason_check`.execute(db);
  await db.schema
    .alterTable("print_jobs")
    .addCheckConstraint(
      "print_jobs_reason_check",
      sql`reason in ('new', 'confirmed', 'reprint', 'test', 'production_list')`,
    )
    .execute();
  await db.schema.alterTable("print_jobs").addColumn("payload", "jsonb").execute();
  // A production list's job carries its list and no order; every other job has no payload.
  await db.schema
    .alterTable("print_jobs")
    .addCheckConstraint(
      "print_jobs_payload_check",
      sql`(reason = 'production_list') = (payload is not null) and (payload is null or jsonb_typeof(payload) = 'object')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("print_jobs").where("reason", "=", "production_list").execute();
  await db.schema.alterTable("print_jobs").dropConstraint("print_jobs_payload_check").execute();
  await db.schema.alterTable("print_jobs").dropColumn("payload").execute();
  await db.schema.alterTable("print_jobs").dropConstraint("print_jobs_reason_check").execute();
  await db.schema
    .alterTable("print_jobs")
    .addCheckConstraint(
      "print_jobs_reason_check",
      sql`reason in ('new', 'confirmed', 'reprint', 'test')`,
    )
    .execute();
  await db.schema.alterTable("products").dropColumn("department_id").execute();
}
