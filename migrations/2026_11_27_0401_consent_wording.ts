import { sql, type Kysely } from "kysely";

/**
 * The cookie banner's two buttons carry the shop's own words (issue 17, decision 047): the spec's
 * 'Akzeptieren' and our 'Ablehnen' by default, each at most 40 characters and never empty, so
 * declining stays as easy to find as accepting.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .addColumn("consent_accept_label", "text", (c) => c.notNull().defaultTo("Akzeptieren"))
    .addColumn("consent_decline_label", "text", (c) => c.notNull().defaultTo("Ablehnen"))
    .execute();
  await sql`alter table settings add constraint settings_consent_labels_check
    check (length(btrim(consent_accept_label)) between 1 and 40
       and length(btrim(consent_decline_label)) between 1 and 40)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settings").dropConstraint("settings_consent_labels_check").execute();
  await db.schema
    .alterTable("settings")
    .dropColumn("consent_accept_label")
    .dropColumn("consent_decline_label")
    .execute();
}
