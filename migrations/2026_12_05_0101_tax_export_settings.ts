import { sql, type Kysely } from "kysely";

/**
 * The tax adviser's export (issue 39 part 3, decision 116): one row of settings for the DATEV
 * Buchungsstapel, the chart of accounts (SKR03 or SKR04), the adviser's and the client's number,
 * the first month of the financial year, the length of the general ledger accounts and the
 * accounts per tax rate and payment method (JSON, keyed by name; a key left out takes the
 * chart's default). No row yet means the defaults of SKR03 and no numbers.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tax_export_settings")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("chart", "text", (c) => c.notNull().defaultTo("SKR03"))
    .addColumn("consultant_number", "integer")
    .addColumn("client_number", "integer")
    .addColumn("fiscal_year_start_month", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("account_length", "integer", (c) => c.notNull().defaultTo(4))
    .addColumn("accounts", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("updated_by", "integer")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("tax_export_settings_pkey", ["id"])
    .addForeignKeyConstraint(
      "tax_export_settings_updated_by_fkey",
      ["updated_by"],
      "users",
      ["id"],
      (fk) => fk.onDelete("set null"),
    )
    .addCheckConstraint("tax_export_settings_single_row", sql`id = 1`)
    .addCheckConstraint("tax_export_settings_chart_check", sql`chart in ('SKR03', 'SKR04')`)
    .addCheckConstraint(
      "tax_export_settings_consultant_check",
      sql`consultant_number is null or consultant_number between 1001 and 9999999`,
    )
    .addCheckConstraint(
      "tax_export_settings_client_check",
      sql`client_number is null or client_number between 1 and 99999`,
    )
    .addCheckConstraint(
      "tax_export_settings_month_check",
      sql`fiscal_year_start_month between 1 and 12`,
    )
    .addCheckConstraint("tax_export_settings_length_check", sql`account_length between 4 and 8`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tax_export_settings").execute();
}
