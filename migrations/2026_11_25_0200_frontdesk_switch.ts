import { sql, type Kysely } from "kysely";

/**
 * `enablePluginFrontdesk` now switches the counter views on and off (decision 033). Until now they
 * answered whatever the switch said, and its default is off: a shop whose counter devices already
 * use a key keeps them working, with the switch turned on for it. Shops without keys keep it off.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update settings set enable_plugin_frontdesk = true
    where not enable_plugin_frontdesk and exists (select 1 from branch_api_keys)
  `.execute(db);
}

export async function down(): Promise<void> {
  // Which shops had the switch off before cannot be told apart afterwards; it stays as it is.
}
