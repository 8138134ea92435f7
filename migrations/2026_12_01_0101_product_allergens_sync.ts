import { sql, type Kysely } from "kysely";

/**
 * Products name their allergens from the list (issue 37, decision 083): `product_allergens` is the
 * product's reference, and `products.allergen_codes` (the EU codes the storefront, the labels and
 * the CSV read) follows it. Writers that still set the codes (the CSV import, a copied product,
 * the demo data) keep the links of the EU's 14 in step through this trigger; the products' form
 * sets both. Existing products get their links from the codes they have.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function sync_product_allergens() returns trigger language plpgsql as $$
    begin
      delete from product_allergens pa using allergens a
        where pa.product_id = new.id and pa.allergen_id = a.id
          and a.regulation_code is not null
          and not (a.regulation_code = any(new.allergen_codes));
      insert into product_allergens (product_id, allergen_id)
        select new.id, a.id from allergens a where a.regulation_code = any(new.allergen_codes)
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_allergen_links
    after insert or update of allergen_codes on products
    for each row execute function sync_product_allergens()`.execute(db);
  await sql`
    insert into product_allergens (product_id, allergen_id)
    select p.id, a.id from products p join allergens a on a.regulation_code = any(p.allergen_codes)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists products_allergen_links on products`.execute(db);
  await sql`drop function if exists sync_product_allergens()`.execute(db);
}
