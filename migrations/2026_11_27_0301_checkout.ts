import { sql, type Kysely } from "kysely";

/**
 * Issue 17, the checkout:
 * - a branch names the country and federal state whose public holidays close it (DE / BW), unless
 *   staff open it on that date with an explicit rule (decision 045); empty: no holidays;
 * - the shop words the submit area of the checkout (§ 312j BGB, decision 046): the two order
 *   buttons and the note beside them; empty means the default wording.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("branches")
    .addColumn("holiday_country", "text")
    .addColumn("holiday_region", "text")
    .execute();
  await sql`alter table branches add constraint branches_holiday_country_check
    check (holiday_country in ('DE', 'AT', 'CH'))`.execute(db);
  await sql`alter table branches add constraint branches_holiday_region_check
    check (holiday_region is null or (holiday_country is not null
      and holiday_region ~ '^[A-Z0-9]{1,3}$'))`.execute(db);
  await db.schema
    .alterTable("settings")
    .addColumn("checkout_order_button", "text")
    .addColumn("checkout_preorder_button", "text")
    .addColumn("checkout_payment_notice", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .dropColumn("checkout_order_button")
    .dropColumn("checkout_preorder_button")
    .dropColumn("checkout_payment_notice")
    .execute();
  await db.schema
    .alterTable("branches")
    .dropColumn("holiday_country")
    .dropColumn("holiday_region")
    .execute();
}
