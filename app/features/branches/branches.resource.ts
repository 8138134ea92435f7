import type { Transaction } from "kysely";
import { deTimeTracking } from "#app/i18n/de-time-tracking";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de-backoffice";
import type { Field } from "#app/features/backoffice/fields";
import { flagField as flag } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import { deliveryAreasSchema, type DeliveryAreaValue } from "./delivery-areas.schema";
import { openingPreview } from "#app/domain/opening-preview";
import { HOLIDAY_COUNTRIES, HOLIDAY_REGIONS, isHolidayRegionOf } from "#app/domain/holidays";
import { applyHoursIntent } from "./opening-hours-intent";
import { openingRulesSchema, toDomainRule, type OpeningRuleValue } from "./opening-rules.schema";

/**
 * Branches (spec section 3) on the resource pattern: the registry fields below, plus opening and
 * delivery hours (the section 4 rules, `opening-rules.schema.ts`), delivery areas and
 * `orderableFrom`, which live in their own tables or need the business's time zone and are
 * written by `afterWrite`. Administrators create and delete branches; a manager edits theirs.
 */
const t = de.branches;
const label = de.fieldLabels;

const modes = [
  ["Delivery", t.modes.delivery],
  ["DineIn", t.modes.dineIn],
  ["Takeaway", t.modes.takeaway],
] as const;

export const branchFields: Field[] = [
  {
    name: "name",
    type: "text",
    label: label.name,
    required: true,
    max: 120,
    section: t.sections.identity,
  },
  {
    name: "identifier",
    type: "text",
    format: "identifier",
    label: label.identifier,
    help: `${t.identifierHelp} ${label.identifierDerived}`,
    derivedFrom: "name",
    max: 80,
    section: t.sections.identity,
  },
  {
    name: "divisionId",
    type: "reference",
    resource: "divisions",
    label: label.division,
    section: t.sections.identity,
  },
  {
    name: "description",
    type: "textarea",
    label: label.description,
    max: 2_000,
    section: t.sections.identity,
  },
  {
    name: "street",
    type: "text",
    label: t.street,
    max: 120,
    emptyString: true,
    section: t.sections.address,
  },
  {
    name: "zipCode",
    type: "text",
    label: t.zipCode,
    max: 10,
    emptyString: true,
    section: t.sections.address,
  },
  {
    name: "city",
    type: "text",
    label: t.city,
    max: 80,
    emptyString: true,
    section: t.sections.address,
  },
  {
    name: "phone",
    type: "text",
    format: "phone",
    label: t.phone,
    max: 30,
    section: t.sections.address,
  },
  {
    name: "email",
    type: "text",
    format: "email",
    label: t.email,
    max: 200,
    section: t.sections.address,
  },
  {
    name: "latitude",
    type: "number",
    label: t.latitude,
    min: -90,
    max: 90,
    decimals: 6,
    section: t.sections.address,
  },
  {
    name: "longitude",
    type: "number",
    label: t.longitude,
    min: -180,
    max: 180,
    decimals: 6,
    section: t.sections.address,
  },
  flag("isPublic", t.isPublic, t.sections.visibility, t.isPublicHelp),
  {
    name: "closedMessage",
    type: "textarea",
    label: t.closedMessage,
    help: t.closedMessageHelp,
    max: 500,
    section: t.sections.visibility,
  },
  {
    name: "orderableFrom",
    type: "date",
    mode: "dateTime",
    label: t.orderableFrom,
    help: t.orderableFromHelp,
    section: t.sections.visibility,
  },
  {
    name: "keywords",
    type: "text",
    format: "keywords",
    label: t.keywords,
    help: t.keywordsHelp,
    max: 500,
    emptyString: true,
    section: t.sections.visibility,
  },
  {
    name: "tagIds",
    // Spec section 3: "tags (list with id)".
    apiName: "tags",
    apiShape: "object",
    type: "reference",
    resource: "tags",
    multiple: true,
    label: t.tags,
    section: t.sections.visibility,
  },
  {
    name: "logoImageId",
    apiName: "logo",
    apiShape: "object",
    type: "image",
    label: t.logo,
    section: t.sections.images,
  },
  {
    name: "imageIds",
    apiName: "images",
    apiShape: "object",
    type: "images",
    label: t.images,
    section: t.sections.images,
  },
  {
    name: "position",
    type: "number",
    label: label.position,
    help: label.positionHelp,
    max: 100_000,
    default: 0,
    section: t.sections.visibility,
  },
  flag("isTakeawayEnabled", t.modes.takeaway, t.sections.modes),
  flag("isDeliveryEnabled", t.modes.delivery, t.sections.modes),
  flag("isDineInEnabled", t.modes.dineIn, t.sections.modes),
  flag(
    "isDeliveryHoursEnabled",
    t.deliveryHoursEnabled,
    t.sections.modes,
    t.deliveryHoursEnabledHelp,
  ),
  flag("isPreorderEnabled", t.preorder, t.sections.modes, t.preorderHelp),
  flag("isQuotationRequired", t.quotation, t.sections.modes, t.quotationHelp),
  flag("isAppointmentRequired", t.appointment, t.sections.modes),
  flag("isTableSelectionEnabled", t.tableSelection, t.sections.modes),
  ...modes.flatMap(([mode, name]) => [
    flag(`is${mode}EmailRequired`, t.requires.email(name), t.sections.requirements),
    flag(`is${mode}PhoneRequired`, t.requires.phone(name), t.sections.requirements),
    flag(`is${mode}AddressRequired`, t.requires.address(name), t.sections.requirements),
  ]),
  {
    name: "holidayCountry",
    type: "select",
    label: t.holidayCountry,
    help: t.holidayCountryHelp,
    options: HOLIDAY_COUNTRIES.map((country) => ({ value: country.value, label: country.label })),
    section: t.sections.hours,
  },
  {
    name: "holidayRegion",
    type: "select",
    label: t.holidayRegion,
    help: t.holidayRegionHelp,
    options: HOLIDAY_COUNTRIES.flatMap((country) =>
      HOLIDAY_REGIONS[country.value].map((region) => ({
        value: region.value,
        label: `${region.label} (${country.label.replace(/ \(.*\)$/, "")})`,
      })),
    ),
    section: t.sections.hours,
  },
  flag("isCashEnabled", t.payments.cash, t.sections.payments),
  {
    ...flag("isAtmCardEnabled", t.payments.atmCard, t.sections.payments),
    apiName: "isATMCardEnabled",
  },
  flag("isVoucherEnabled", t.payments.voucher, t.sections.payments),
  flag("isStripeEnabled", t.payments.stripe, t.sections.payments),
  flag("isPaypalEnabled", t.payments.paypal, t.sections.payments),
];

/** Stored elsewhere or converted: written by `afterWrite`, read by `loadExtra`. */
const EXTRA = ["openingHours", "deliveryHours", "deliveryAreas", "orderableFrom"] as const;

async function zoneOf(db: Db): Promise<string> {
  const row = await db.selectFrom("settings").select("businessTimeZone").executeTakeFirst();
  return row?.businessTimeZone ?? "Europe/Berlin";
}

async function writeHours(
  trx: Transaction<any>,
  branchId: number,
  kind: "opening" | "delivery",
  rules: OpeningRuleValue[],
) {
  await trx
    .deleteFrom("branch_hours")
    .where("branch_id", "=", branchId)
    .where("kind", "=", kind)
    .execute();
  if (rules.length === 0) return;
  await trx
    .insertInto("branch_hours")
    .values(
      rules.map((rule, position) => ({
        branch_id: branchId,
        kind,
        position,
        type: rule.type,
        date: rule.date,
        is_closed: rule.isClosed,
        from_time: rule.from,
        to_time: rule.to,
      })),
    )
    .execute();
}

async function writeAreas(trx: Transaction<any>, branchId: number, areas: DeliveryAreaValue[]) {
  // Areas are matched by name, so an order that names its area keeps pointing at it.
  const names = areas.map((area) => area.name);
  let stale = trx.deleteFrom("delivery_areas").where("branch_id", "=", branchId);
  if (names.length) stale = stale.where("name", "not in", names);
  await stale.execute();
  for (const [position, area] of areas.entries()) {
    const values = {
      price: area.price ?? 0,
      tax_rate: area.taxRate,
      is_free: area.isFree,
      free_from_order_value: area.freeFromOrderValue,
      minimum_order_value: area.minimumOrderValue,
      postcodes: area.postcodes ?? "",
      position,
    };
    await trx
      .insertInto("delivery_areas")
      .values({ branch_id: branchId, name: area.name, ...values })
      .onConflict((oc) => oc.columns(["branch_id", "name"]).doUpdateSet(values))
      .execute();
  }
}

export const branchesResource: ResourceDefinition = {
  name: "branches",
  entityType: "branch",
  table: "branches",
  texts: de.resources.branches,
  fields: branchFields,
  extraSchema: {
    openingHours: openingRulesSchema,
    deliveryHours: openingRulesSchema,
    deliveryAreas: deliveryAreasSchema,
  },
  extraFields: EXTRA,
  // Spec section 3: "Delivery area: area, price, tax, free, freeFromOrderValue, minimumOrderValue".
  extraApiNames: { deliveryAreas: { rows: { name: "area", taxRate: "tax", isFree: "free" } } },
  // The API's list shows each branch with its hours and areas (decision 099).
  listsExtra: true,
  links: [
    { field: "tagIds", table: "branch_tags", own: "branch_id", other: "tag_id" },
    {
      field: "imageIds",
      table: "branch_images",
      own: "branch_id",
      other: "image_id",
      position: "position",
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "city", label: t.city, sortable: true },
    { name: "isPublic", label: t.isPublic, sortable: true },
    { name: "position", label: label.position, sortable: true },
  ],
  searchColumns: ["name", "identifier", "city", "street", "keywords"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "id" },
  touchesUpdatedAt: true,
  async afterWrite(trx, id, input) {
    if ("openingHours" in input) {
      await writeHours(trx, id, "opening", input.openingHours as OpeningRuleValue[]);
    }
    if ("deliveryHours" in input) {
      await writeHours(trx, id, "delivery", input.deliveryHours as OpeningRuleValue[]);
    }
    if ("deliveryAreas" in input) {
      await writeAreas(trx, id, input.deliveryAreas as DeliveryAreaValue[]);
    }
    if ("orderableFrom" in input) {
      const local = input.orderableFrom as string | null;
      const at = local ? DateTime.fromISO(local, { zone: await zoneOf(trx) }).toJSDate() : null;
      await trx.updateTable("branches").set({ orderable_from: at }).where("id", "=", id).execute();
    }
  },
  async loadExtra(db, id) {
    const hours = await db
      .selectFrom("branchHours")
      .select(["kind", "type", "date", "isClosed", "fromTime", "toTime"])
      .where("branchId", "=", id)
      .orderBy("kind")
      .orderBy("position")
      .execute();
    const rules = (kind: string) =>
      hours
        .filter((rule) => rule.kind === kind)
        .map((rule) => ({
          type: rule.type,
          date: rule.date ? String(rule.date).slice(0, 10) : null,
          isClosed: rule.isClosed,
          from: rule.fromTime ? String(rule.fromTime).slice(0, 5) : null,
          to: rule.toTime ? String(rule.toTime).slice(0, 5) : null,
        }));
    const areas = await db
      .selectFrom("deliveryAreas")
      .selectAll()
      .where("branchId", "=", id)
      .orderBy("position")
      .execute();
    const branch = await db
      .selectFrom("branches")
      .select("orderableFrom")
      .where("id", "=", id)
      .executeTakeFirst();
    const zone = await zoneOf(db);
    return {
      openingHours: rules("opening"),
      deliveryHours: rules("delivery"),
      deliveryAreas: areas.map((area) => ({
        name: area.name,
        price: area.price,
        taxRate: Number(area.taxRate),
        isFree: area.isFree,
        freeFromOrderValue: area.freeFromOrderValue,
        minimumOrderValue: area.minimumOrderValue,
        postcodes: (area as { postcodes?: string }).postcodes ?? "",
      })),
      orderableFrom: branch?.orderableFrom
        ? DateTime.fromJSDate(new Date(branch.orderableFrom))
            .setZone(zone)
            .toFormat("yyyy-LL-dd'T'HH:mm")
        : null,
    };
  },
  async inUse(db, id) {
    if (await countWhere(db, "orders", "branch_id", id)) return de.inUse.branchHasOrders;
    // Recorded working time must be kept (decision 058).
    if (await countWhere(db, "working_activities", "branch_id", id)) {
      return deTimeTracking.branchHasActivities;
    }
    return null;
  },
  refine(input, context) {
    const region = input.holidayRegion;
    if (region === null || region === undefined || region === "") return;
    if (!input.holidayCountry) {
      context.addIssue({
        code: "custom",
        message: t.holidayRegionWithoutCountry,
        path: ["holidayRegion"],
      });
    } else if (!isHolidayRegionOf(input.holidayCountry, region)) {
      context.addIssue({
        code: "custom",
        message: t.holidayRegionMismatch,
        path: ["holidayRegion"],
      });
    }
  },
  prepareForm: (form) => applyHoursIntent(form, ["openingHours", "deliveryHours", "deliveryAreas"]),
  async pageExtras(db, row) {
    const rules = (row.openingHours as OpeningRuleValue[]).map(toDomainRule);
    return {
      preview: openingPreview(rules, new Date(), await zoneOf(db)),
      // What the delivery hours' empty list says depends on it (issue 36).
      isDeliveryHoursEnabled: row.isDeliveryHoursEnabled === true,
    };
  },
};
