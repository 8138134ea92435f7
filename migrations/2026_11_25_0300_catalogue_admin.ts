import { sql, type Kysely } from "kysely";
import { unwatchReferenceTable, watchReferenceTable } from "./helpers/reference-data";

/**
 * The catalogue's back office (issue 15, decision 036):
 * - categories and product groups get a position (their order in the back office lists; a menu
 *   keeps its own order in `menu_categories` and `menu_entries`);
 * - products name the EU allergens they contain as codes, beside the free text they had;
 * - configurable parts get their limits: the longest text a customer may type and the most files
 *   or options they may choose, enforced by the storefront on the server;
 * - `product_sold_out`: "sold out today" for one branch or all (branch_id null) until an instant
 *   (the end of the business day), watched like every table the storefront reads.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("product_groups")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable("products")
    .addColumn("allergen_codes", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  // The product list sorts and searches by name; with thousands of products an index pays.
  await sql`create index products_name_idx on products (lower(name), id)`.execute(db);

  await db.schema
    .alterTable("product_parts")
    .addColumn("max_length", "integer", (c) => c.check(sql`max_length between 1 and 10000`))
    .addColumn("max_count", "integer", (c) => c.check(sql`max_count between 1 and 100`))
    .execute();

  await db.schema
    .createTable("product_sold_out")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    // Null: every branch.
    .addColumn("branch_id", "integer", (c) => c.references("branches.id").onDelete("cascade"))
    .addColumn("until", "timestamptz", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index product_sold_out_branch_key on product_sold_out (product_id, branch_id) where branch_id is not null`.execute(
    db,
  );
  await sql`create unique index product_sold_out_all_key on product_sold_out (product_id) where branch_id is null`.execute(
    db,
  );
  await sql`create index product_sold_out_until_idx on product_sold_out (until)`.execute(db);
  await watchReferenceTable(db, "product_sold_out");
}

export async function down(db: Kysely<any>): Promise<void> {
  await unwatchReferenceTable(db, "product_sold_out");
  await db.schema.dropTable("product_sold_out").execute();
  await db.schema
    .alterTable("product_parts")
    .dropColumn("max_count")
    .dropColumn("max_length")
    .execute();
  await sql`drop index products_name_idx`.execute(db);
  await db.schema.alterTable("products").dropColumn("allergen_codes").execute();
  await db.schema.alterTable("product_groups").dropColumn("position").execute();
  await db.schema.alterTable("categories").dropColumn("position").execute();
}
