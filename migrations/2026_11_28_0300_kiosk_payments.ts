import type { Kysely } from "kysely";

/**
 * What the self-service kiosk's counter takes (issue 19, decision 053): cash and card at the
 * counter by default, vouchers only when switched on. Online providers are never offered on a
 * kiosk (their pages lead out of the shop), so they have no switch here.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .addColumn("kiosk_cash", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("kiosk_atm_card", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("kiosk_voucher", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .dropColumn("kiosk_cash")
    .dropColumn("kiosk_atm_card")
    .dropColumn("kiosk_voucher")
    .execute();
}
