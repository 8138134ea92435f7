import { sql, type CreateTableBuilder, type Kysely } from "kysely";

/**
 * The catalogue: categories, products (with alternative units, configurable parts and their
 * options, bundle items, images and tags), product groups and the dated menus that place
 * categories and entries (a product or a group) in order for a set of branches.
 *
 * Frozen in time: no app imports.
 */

type Table = CreateTableBuilder<any, any>;

const IDENTIFIER = sql`~ '^[a-z0-9]+(-[a-z0-9]+)*$'`;
/** The spec's units catalogue (amount, weight, volume, length, area, cubic). */
const UNITS = [
  "piece",
  "serving",
  "pair",
  "person",
  "package",
  "gram",
  "decagram",
  "kilogram",
  "ml",
  "cl",
  "dl",
  "l",
  "mm",
  "cm",
  "dm",
  "m",
  "km",
  "mm2",
  "cm2",
  "dm2",
  "m2",
  "mm3",
  "cm3",
  "dm3",
  "m3",
]
  .map((unit) => `'${unit}'`)
  .join(", ");
const CALCULATION_MODELS = `'fixed', 'approximate', 'minimum'`;

const id = (t: Table) =>
  t.addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity());

const timestamps = (t: Table) =>
  t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`));

const percent = (column: string) => sql.raw(`${column} >= 0 and ${column} <= 100`);

/** Quantity limits as the spec names them; the same four columns on products and their units. */
function quantityLimits(t: Table, table: string): Table {
  return t
    .addColumn("minimum_quantity", "numeric(12, 3)", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`minimum_quantity > 0`),
    )
    .addColumn("maximum_quantity", "numeric(12, 3)")
    .addColumn("quantity_step_size", "numeric(12, 3)", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity_step_size > 0`),
    )
    .addCheckConstraint(
      `${table}_quantity_range_check`,
      sql`maximum_quantity is null or maximum_quantity >= minimum_quantity`,
    );
}

const schedule = (t: Table, table: string) =>
  t
    .addColumn("schedule", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint(`${table}_schedule_check`, sql`jsonb_typeof(schedule) = 'array'`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("categories")
    .$call(id)
    .addColumn("identifier", "text", (c) => c.unique().check(sql`identifier ${IDENTIFIER}`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("image_id", "integer", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("is_enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .$call((t) => schedule(t, "categories"))
    .addColumn("is_visible_when_unavailable", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_bundle_only", "boolean", (c) => c.notNull().defaultTo(false))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("products")
    .$call(id)
    .addColumn("uid", "uuid", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn("identifier", "text", (c) => c.unique().check(sql`identifier ${IDENTIFIER}`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("allergens", "text")
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .defaultTo("simple")
        .check(sql`type in ('simple', 'configurable', 'bundle')`),
    )
    .addColumn("price", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn("unit", "text", (c) =>
      c
        .notNull()
        .defaultTo("piece")
        .check(sql.raw(`unit in (${UNITS})`)),
    )
    .addColumn("pricing", "text")
    .addColumn("calculation_model", "text", (c) =>
      c
        .notNull()
        .defaultTo("fixed")
        .check(sql.raw(`calculation_model in (${CALCULATION_MODELS})`)),
    )
    .addColumn("is_price_hidden", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(7).check(percent("tax_rate")),
    )
    .addColumn("takeaway_tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(7).check(percent("takeaway_tax_rate")),
    )
    .addColumn("dine_in_tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(19).check(percent("dine_in_tax_rate")),
    )
    .$call((t) => quantityLimits(t, "products"))
    .addColumn("default_quantity", "numeric(12, 3)", (c) => c.notNull().defaultTo(1))
    .addColumn("default_unit", "text", (c) => c.check(sql.raw(`default_unit in (${UNITS})`)))
    .addCheckConstraint(
      "products_default_quantity_check",
      sql`default_quantity >= minimum_quantity and (maximum_quantity is null or default_quantity <= maximum_quantity)`,
    )
    .addColumn("is_enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .$call((t) => schedule(t, "products"))
    .addColumn("is_visible_when_unavailable", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_step_by_step", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_lead_time_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("lead_time_type", "text", (c) =>
      c.check(sql`lead_time_type in ('minutes', 'hours', 'days', 'weeks')`),
    )
    .addColumn("lead_time_value", "integer", (c) => c.check(sql`lead_time_value >= 0`))
    .addCheckConstraint(
      "products_lead_time_check",
      sql`not is_lead_time_enabled or (lead_time_type is not null and lead_time_value is not null)`,
    )
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("image_id", "integer", (c) =>
      c.notNull().references("images.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_images_pkey", ["product_id", "image_id"])
    .execute();

  await db.schema
    .createTable("product_tags")
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_tags_pkey", ["product_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("product_tags_tag_id_idx")
    .on("product_tags")
    .column("tag_id")
    .execute();

  await db.schema
    .createTable("product_alternative_units")
    .$call(id)
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unit", "text", (c) => c.notNull().check(sql.raw(`unit in (${UNITS})`)))
    .addColumn("ratio", "numeric(14, 6)", (c) => c.notNull().check(sql`ratio > 0`))
    .$call((t) => quantityLimits(t, "product_alternative_units"))
    .addColumn("calculation_model", "text", (c) =>
      c
        .notNull()
        .defaultTo("fixed")
        .check(sql.raw(`calculation_model in (${CALCULATION_MODELS})`)),
    )
    .addUniqueConstraint("product_alternative_units_product_id_unit_key", ["product_id", "unit"])
    .execute();

  await db.schema
    .createTable("product_parts")
    .$call(id)
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_optional", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .check(
          sql`type in ('text', 'textarea', 'image', 'images', 'file', 'files', 'select', 'multiselect')`,
        ),
    )
    .addUniqueConstraint("product_parts_product_id_position_key", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("product_part_options")
    .$call(id)
    .addColumn("part_id", "integer", (c) =>
      c.notNull().references("product_parts.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("modifier", "text", (c) =>
      c
        .notNull()
        .defaultTo("add")
        .check(sql`modifier in ('add', 'subtract', 'overwrite')`),
    )
    .addColumn("value", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`value >= 0`),
    )
    .addUniqueConstraint("product_part_options_part_id_position_key", ["part_id", "position"])
    .execute();

  await db.schema
    .createTable("product_bundle_items")
    .$call(id)
    .addColumn("bundle_product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("component_product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("restrict"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("quantity", "numeric(12, 3)", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity > 0`),
    )
    .addCheckConstraint(
      "product_bundle_items_component_check",
      sql`bundle_product_id <> component_product_id`,
    )
    .addUniqueConstraint("product_bundle_items_bundle_product_id_component_product_id_key", [
      "bundle_product_id",
      "component_product_id",
    ])
    .execute();
  await db.schema
    .createIndex("product_bundle_items_component_product_id_idx")
    .on("product_bundle_items")
    .column("component_product_id")
    .execute();

  await db.schema
    .createTable("product_groups")
    .$call(id)
    .addColumn("identifier", "text", (c) => c.unique().check(sql`identifier ${IDENTIFIER}`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("product_group_products")
    .addColumn("product_group_id", "integer", (c) =>
      c.notNull().references("product_groups.id").onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_group_products_pkey", ["product_group_id", "product_id"])
    .execute();
  await db.schema
    .createIndex("product_group_products_product_id_idx")
    .on("product_group_products")
    .column("product_id")
    .execute();

  await db.schema
    .createTable("menus")
    .$call(id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("available_from", "timestamptz", (c) => c.notNull())
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("menu_branches")
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menus.id").onDelete("cascade"))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("menu_branches_pkey", ["menu_id", "branch_id"])
    .execute();
  await db.schema
    .createIndex("menu_branches_branch_id_idx")
    .on("menu_branches")
    .column("branch_id")
    .execute();

  await db.schema
    .createTable("menu_categories")
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menus.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) =>
      c.notNull().references("categories.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("menu_categories_pkey", ["menu_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("menu_categories_category_id_idx")
    .on("menu_categories")
    .column("category_id")
    .execute();

  await db.schema
    .createTable("menu_entries")
    .$call(id)
    .addColumn("menu_id", "integer", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("product_group_id", "integer", (c) =>
      c.references("product_groups.id").onDelete("cascade"),
    )
    // An entry belongs to a category that the same menu lists.
    .addForeignKeyConstraint(
      "menu_entries_menu_id_category_id_fkey",
      ["menu_id", "category_id"],
      "menu_categories",
      ["menu_id", "category_id"],
      (c) => c.onDelete("cascade"),
    )
    .addCheckConstraint(
      "menu_entries_item_check",
      sql`num_nonnulls(product_id, product_group_id) = 1`,
    )
    .execute();
  await db.schema
    .createIndex("menu_entries_menu_id_category_id_position_idx")
    .on("menu_entries")
    .columns(["menu_id", "category_id", "position"])
    .execute();
  await db.schema
    .createIndex("menu_entries_menu_id_category_id_product_id_key")
    .on("menu_entries")
    .columns(["menu_id", "category_id", "product_id"])
    .unique()
    .where(sql.ref("product_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("menu_entries_product_id_idx")
    .on("menu_entries")
    .column("product_id")
    .execute();
  await db.schema
    .createIndex("menu_entries_product_group_id_idx")
    .on("menu_entries")
    .column("product_group_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "menu_entries",
    "menu_categories",
    "menu_branches",
    "menus",
    "product_group_products",
    "product_groups",
    "product_bundle_items",
    "product_part_options",
    "product_parts",
    "product_alternative_units",
    "product_tags",
    "product_images",
    "products",
    "categories",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
