import { sql, type CreateTableBuilder, type Kysely } from "kysely";

/**
 * The shop and its places: settings (one row), images and uploads, divisions, branches with their
 * hour rules, delivery areas, tags and tables, and the donation recipients.
 *
 * Frozen in time: no app imports. Column checks get PostgreSQL's default names
 * (`<table>_<column>_check`, `_key`, `_fkey`, `_pkey`); checks over several columns are named
 * explicitly in the same pattern.
 */

type Table = CreateTableBuilder<any, any>;

const IDENTIFIER = sql`~ '^[a-z0-9]+(-[a-z0-9]+)*$'`;
const HH_MM = `'^([01][0-9]|2[0-3]):[0-5][0-9]$'`;
const HH_MM_OR_MIDNIGHT = `'^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`;
const RULE_TYPES = `'once', 'daily', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'`;

const id = (t: Table) =>
  t.addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity());

const timestamps = (t: Table) =>
  t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`));

function booleans(t: Table, defaults: Record<string, boolean>): Table {
  for (const [name, value] of Object.entries(defaults)) {
    t = t.addColumn(name, "boolean", (c) => c.notNull().defaultTo(value));
  }
  return t;
}

function texts(t: Table, names: string[]): Table {
  for (const name of names) t = t.addColumn(name, "text");
  return t;
}

const percent = (column: string) => sql.raw(`${column} >= 0 and ${column} <= 100`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("images")
    .$call(id)
    .addColumn("version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn("extension", "text", (c) => c.notNull().check(sql`extension ~ '^[a-z0-9]{1,10}$'`))
    .addColumn("mime_type", "text", (c) => c.notNull().check(sql`mime_type like 'image/%'`))
    .addColumn("width", "integer", (c) => c.notNull().check(sql`width > 0`))
    .addColumn("height", "integer", (c) => c.notNull().check(sql`height > 0`))
    .addColumn("alt", "text")
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("uploads")
    .$call(id)
    .addColumn("version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn("extension", "text", (c) => c.notNull().check(sql`extension ~ '^[a-z0-9]{1,10}$'`))
    .addColumn("public_hash", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(public_hash) >= 16`),
    )
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("id", "integer", (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn("shop_name", "text", (c) => c.notNull().defaultTo("Backstube"))
    .addColumn("business_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .$call((t) => texts(t, ["seo_title", "seo_description", "website"]))
    .addColumn("currency", "text", (c) =>
      c
        .notNull()
        .defaultTo("EUR")
        .check(sql`currency ~ '^[A-Z]{3}$'`),
    )
    .addColumn("color1", "text", (c) =>
      c
        .notNull()
        .defaultTo("#eedcc4")
        .check(sql`color1 ~ '^#[0-9a-fA-F]{6}$'`),
    )
    .addColumn("default_delivery_method", "text", (c) =>
      c
        .notNull()
        .defaultTo("takeaway")
        .check(sql`default_delivery_method in ('takeaway', 'delivery', 'dine-in')`),
    )
    .addColumn("disable_tickets", "boolean", (c) => c.notNull().defaultTo(false))
    .$call((t) =>
      texts(t, [
        "terms_and_conditions",
        "terms_and_conditions_text",
        "privacy_policy",
        "privacy_policy_text",
        "imprint",
        "imprint_text",
        "allergens",
        "allergens_text",
      ]),
    )
    .$call((t) =>
      booleans(t, {
        enable_plugin_home_page: false,
        enable_plugin_search: true,
        enable_plugin_tags: true,
        enable_plugin_mapbox: false,
      }),
    )
    .addColumn("mapbox_access_token", "text")
    .addColumn("mapbox_zoom", "numeric(5, 2)", (c) =>
      c
        .notNull()
        .defaultTo(19)
        .check(sql`mapbox_zoom between 0 and 24`),
    )
    .addColumn("mapbox_pitch", "numeric(5, 2)", (c) =>
      c
        .notNull()
        .defaultTo(55)
        .check(sql`mapbox_pitch between 0 and 85`),
    )
    .addColumn("mapbox_bearing", "numeric(6, 2)", (c) =>
      c
        .notNull()
        .defaultTo(-85)
        .check(sql`mapbox_bearing between -180 and 180`),
    )
    .$call((t) =>
      booleans(t, {
        enable_plugin_pwa: false,
        enable_plugin_toolbar: true,
        enable_plugin_category_bar: true,
        enable_plugin_sms: false,
        enable_plugin_donations: false,
        enable_plugin_frontdesk: false,
        enable_plugin_order_reviews: true,
        enable_cash: true,
        enable_plugin_atm_card: false,
        enable_atm_card: false,
        enable_plugin_voucher: false,
        enable_voucher: false,
        enable_plugin_stripe: false,
        enable_stripe: false,
        enable_plugin_paypal: false,
        enable_paypal: false,
      }),
    )
    .addColumn("logo_image_id", "integer", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("business_time_zone", "text", (c) => c.notNull().defaultTo("Europe/Berlin"))
    .addColumn("slot_horizon_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(180)
        .check(sql`slot_horizon_days between 1 and 730`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The one row always exists, so reading the settings never has to handle "none yet".
  await db.insertInto("settings").values({ id: 1 }).execute();

  await db.schema
    .createTable("divisions")
    .$call(id)
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("branches")
    .$call(id)
    .addColumn("division_id", "integer", (c) => c.references("divisions.id").onDelete("set null"))
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("street", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("zip_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .$call((t) => texts(t, ["phone", "email"]))
    .addColumn("longitude", "numeric(9, 6)", (c) => c.check(sql`longitude between -180 and 180`))
    .addColumn("latitude", "numeric(8, 6)", (c) => c.check(sql`latitude between -90 and 90`))
    .$call((t) =>
      booleans(t, {
        is_delivery_hours_enabled: false,
        is_delivery_enabled: false,
        is_takeaway_enabled: true,
        is_dine_in_enabled: false,
        is_preorder_enabled: false,
        is_quotation_required: false,
        is_appointment_required: false,
        is_table_selection_enabled: false,
        is_delivery_email_required: true,
        is_delivery_phone_required: true,
        is_delivery_address_required: true,
        is_dine_in_email_required: false,
        is_dine_in_phone_required: false,
        is_dine_in_address_required: false,
        is_takeaway_email_required: true,
        is_takeaway_phone_required: false,
        is_takeaway_address_required: false,
        is_cash_enabled: true,
        is_atm_card_enabled: false,
        is_voucher_enabled: false,
        is_stripe_enabled: false,
        is_paypal_enabled: false,
      }),
    )
    .addColumn("orderable_from", "timestamptz")
    .addColumn("closed_message", "text")
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("keywords", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_image_id", "integer", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addCheckConstraint("branches_coordinates_check", sql`(longitude is null) = (latitude is null)`)
    .execute();
  await db.schema
    .createIndex("branches_position_idx")
    .on("branches")
    .columns(["position", "name"])
    .execute();
  await db.schema
    .createIndex("branches_division_id_idx")
    .on("branches")
    .column("division_id")
    .execute();

  await db.schema
    .createTable("branch_images")
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("image_id", "integer", (c) =>
      c.notNull().references("images.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("branch_images_pkey", ["branch_id", "image_id"])
    .execute();

  await db.schema
    .createTable("branch_hours")
    .$call(id)
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('opening', 'delivery')`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql.raw(`type in (${RULE_TYPES})`)))
    .addColumn("date", "date")
    .addColumn("is_closed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("from_time", "text", (c) => c.check(sql.raw(`from_time ~ ${HH_MM}`)))
    .addColumn("to_time", "text", (c) => c.check(sql.raw(`to_time ~ ${HH_MM_OR_MIDNIGHT}`)))
    .addCheckConstraint("branch_hours_date_check", sql`(type = 'once') = (date is not null)`)
    // An open rule needs both times; `to` at or before `from` runs past midnight (the domain's rule).
    .addCheckConstraint(
      "branch_hours_range_check",
      sql`(from_time is null and to_time is null and is_closed) or (from_time is not null and to_time is not null)`,
    )
    .addUniqueConstraint("branch_hours_branch_id_kind_position_key", [
      "branch_id",
      "kind",
      "position",
    ])
    .execute();

  await db.schema
    .createTable("delivery_areas")
    .$call(id)
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn("tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().defaultTo(7).check(percent("tax_rate")),
    )
    .addColumn("is_free", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("free_from_order_value", "integer", (c) => c.check(sql`free_from_order_value >= 0`))
    .addColumn("minimum_order_value", "integer", (c) => c.check(sql`minimum_order_value >= 0`))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("delivery_areas_branch_id_name_key", ["branch_id", "name"])
    .execute();

  await db.schema
    .createTable("tags")
    .$call(id)
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("image_id", "integer", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("branch_tags")
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("branch_tags_pkey", ["branch_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("branch_tags_tag_id_idx")
    .on("branch_tags")
    .column("tag_id")
    .execute();

  await db.schema
    .createTable("tables")
    .$call(id)
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("identifier", "text", (c) =>
      c.notNull().check(sql`identifier ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$'`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("tables_branch_id_identifier_key", ["branch_id", "identifier"])
    .execute();

  await db.schema
    .createTable("donatees")
    .$call(id)
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "donatees",
    "tables",
    "branch_tags",
    "tags",
    "delivery_areas",
    "branch_hours",
    "branch_images",
    "branches",
    "divisions",
    "settings",
    "uploads",
    "images",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
