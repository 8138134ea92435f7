import { sql, type Kysely } from "kysely";
import { unwatchReferenceTable, watchReferenceTable } from "./helpers/reference-data";

/**
 * Allergens as a list of their own (issue 37, decision 083), with the EU's 14 of the food
 * information regulation (LMIV, Annex II) and the letter codes German menus print. `regulation_code`
 * ties the 14 to the codes products have stored since 2026_11_25_0300 (`products.allergen_codes`);
 * a shop's own allergens have none. `product_allergens` is what a product names. Both are watched:
 * the storefront shows what a product contains.
 *
 * Frozen in time: no app imports.
 */
const EU_ALLERGENS: [code: string, name: string, regulationCode: string][] = [
  ["A", "Glutenhaltiges Getreide", "gluten"],
  ["B", "Krebstiere", "crustaceans"],
  ["C", "Eier", "eggs"],
  ["D", "Fisch", "fish"],
  ["E", "Erdnüsse", "peanuts"],
  ["F", "Soja", "soybeans"],
  ["G", "Milch (einschließlich Laktose)", "milk"],
  ["H", "Schalenfrüchte (Nüsse)", "nuts"],
  ["L", "Sellerie", "celery"],
  ["M", "Senf", "mustard"],
  ["N", "Sesam", "sesame"],
  ["O", "Schwefeldioxid und Sulfite", "sulphites"],
  ["P", "Lupinen", "lupin"],
  ["R", "Weichtiere", "molluscs"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("allergens")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("regulation_code", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("allergens_pkey", ["id"])
    .addUniqueConstraint("allergens_code_key", ["code"])
    .addUniqueConstraint("allergens_regulation_code_key", ["regulation_code"])
    .addCheckConstraint("allergens_code_check", sql`code ~ '^[A-Z0-9]{1,3}$'`)
    .addCheckConstraint("allergens_name_check", sql`length(name) between 1 and 120`)
    .execute();
  await db
    .insertInto("allergens")
    .values(
      EU_ALLERGENS.map(([code, name, regulationCode], index) => ({
        code,
        name,
        regulation_code: regulationCode,
        position: (index + 1) * 10,
      })),
    )
    .execute();
  await watchReferenceTable(db, "allergens");
  // What a product contains; an allergen a product names cannot go (the back office says which).
  await db.schema
    .createTable("product_allergens")
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("allergen_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_allergens_pkey", ["product_id", "allergen_id"])
    .addForeignKeyConstraint(
      "product_allergens_product_id_fkey",
      ["product_id"],
      "products",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "product_allergens_allergen_id_fkey",
      ["allergen_id"],
      "allergens",
      ["id"],
      (fk) => fk.onDelete("restrict"),
    )
    .execute();
  await db.schema
    .createIndex("product_allergens_allergen_id_idx")
    .on("product_allergens")
    .column("allergen_id")
    .execute();
  await watchReferenceTable(db, "product_allergens");
}

export async function down(db: Kysely<any>): Promise<void> {
  await unwatchReferenceTable(db, "product_allergens");
  await db.schema.dropTable("product_allergens").execute();
  await unwatchReferenceTable(db, "allergens");
  await db.schema.dropTable("allergens").execute();
}
