import { sql } from "kysely";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { de } from "#app/i18n/de-backoffice";
import { shopWideList } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import { applyHoursIntent } from "#app/features/branches/opening-hours-intent";
import {
  openingRulesSchema,
  type OpeningRuleValue,
} from "#app/features/branches/opening-rules.schema";
import { scheduleFromStored, scheduleToStored } from "./schedule";

const t = deCatalogue.categories;
const label = de.fieldLabels;

/**
 * Categories (spec section 3: name, image, isEnabled, schedule, isVisibleWhenUnavailable): the
 * shop's sections of the menu. A menu places them in its own order; `position` orders this list.
 * The schedule uses the opening-hours rule editor and is stored as a jsonb list.
 */
export const categoriesResource: ResourceDefinition = {
  name: "categories",
  entityType: "category",
  table: "categories",
  texts: de.resources.categories,
  ...shopWideList({
    optionalIdentifier: true,
    fields: [
      { name: "imageId", apiName: "image", apiShape: "object", type: "image", label: label.image },
      { name: "isEnabled", type: "boolean", label: t.isEnabled },
      {
        name: "isVisibleWhenUnavailable",
        type: "boolean",
        label: t.isVisibleWhenUnavailable,
        help: t.isVisibleWhenUnavailableHelp,
      },
      { name: "isBundleOnly", type: "boolean", label: t.isBundleOnly, help: t.isBundleOnlyHelp },
    ],
    columns: [{ name: "isEnabled", label: t.isEnabled, sortable: true }],
  }),
  extraSchema: { schedule: openingRulesSchema },
  extraFields: ["schedule"],
  async afterWrite(trx, id, input) {
    if (!("schedule" in input)) return;
    const stored = scheduleToStored(input.schedule as OpeningRuleValue[]);
    await trx
      .updateTable("categories")
      .set({ schedule: sql`${JSON.stringify(stored)}::jsonb` })
      .where("id", "=", id)
      .execute();
  },
  async loadExtra(db, id) {
    const row = await db
      .selectFrom("categories")
      .select("schedule")
      .where("id", "=", id)
      .executeTakeFirst();
    return { schedule: scheduleFromStored(row?.schedule ?? []) };
  },
  prepareForm: (form) => applyHoursIntent(form, ["schedule"]),
  async inUse(db, id) {
    const menus = await countWhere(db, "menu_categories", "category_id", id);
    return menus ? t.inMenus(menus) : null;
  },
};
