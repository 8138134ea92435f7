import { sql } from "kysely";
import { z } from "zod";
import type { NavigationItem } from "#app/db/schema";
import { deContent } from "#app/i18n/de-content";
import { de } from "#app/i18n/de-backoffice";
import {
  identifierField,
  nameField,
  standardColumns,
} from "#app/features/backoffice/common-fields";
import type { Problem, ResourceDefinition } from "#app/features/backoffice/resource.server";
import { applyHoursIntent } from "#app/features/branches/opening-hours-intent";
import { navigationItemsSchema, type StoredNavigationItem } from "./navigation-items";
import { siteIdsOf } from "./navigation-items.server";

const t = deContent.navigations;

/**
 * Navigations (spec section 7: `/api/navigations`; issue 16): the shop's header (`header`) and
 * footer (`footer`) menus, arranged by the owner. The entries are a jsonb list on the row
 * (`items`), edited beside the registry's fields: rows of plain fields with up, down, remove and
 * "Untereintrag" buttons that work without JavaScript (the same list intents as the opening-hours
 * editor). An entry names a site by id; a site that is gone is refused beside the entry.
 */
export const navigationsResource: ResourceDefinition = {
  name: "navigations",
  entityType: "navigation",
  table: "navigations",
  texts: t.resource,
  fields: [
    nameField(120),
    { ...identifierField(), help: `${t.identifierHelp} ${de.fieldLabels.identifierDerived}` },
  ],
  extraSchema: {
    items: navigationItemsSchema.optional(),
    // The edit page's marker: its list is the whole list, even when it has no rows left (a form
    // without rows sends no `items` at all, which for the API means "keep the stored ones").
    itemsForm: z.literal("1").optional(),
  },
  extraFields: ["items", "itemsForm"],
  listColumns: [...standardColumns],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "identifier", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async check(db, input) {
    const items = (input.items ?? []) as StoredNavigationItem[];
    const ids = siteIdsOf(items);
    if (ids.length === 0) return [];
    const found = new Set(
      (await db.selectFrom("sites").select("id").where("id", "in", ids).execute()).map(
        (row) => row.id,
      ),
    );
    const problems: Problem[] = [];
    items.forEach((item, index) => {
      if (item.siteId !== null && !found.has(item.siteId)) {
        problems.push({ message: t.siteGone, field: `items[${index}].siteId` });
      }
      item.children.forEach((child, childIndex) => {
        if (child.siteId !== null && !found.has(child.siteId)) {
          problems.push({
            message: t.siteGone,
            field: `items[${index}].children[${childIndex}].siteId`,
          });
        }
      });
    });
    return problems;
  },
  async afterWrite(trx, id, input) {
    if (!("items" in input) && input.itemsForm !== "1") return;
    const items = (input.items ?? []) as NavigationItem[];
    await trx
      .updateTable("navigations")
      .set({ items: sql`${JSON.stringify(items)}::jsonb` })
      .where("id", "=", id)
      .execute();
  },
  async loadExtra(db, id) {
    const row = await db
      .selectFrom("navigations")
      .select("items")
      .where("id", "=", id)
      .executeTakeFirst();
    return { items: row?.items ?? [] };
  },
  async extraChoices(db) {
    const sites = await db
      .selectFrom("sites")
      .select(["id", "name", "path", "isPublic"])
      .orderBy("path")
      .execute();
    return {
      navigationSites: sites.map((site) => ({
        value: String(site.id),
        label: `${site.name} (/${site.path})${site.isPublic ? "" : t.draftSuffix}`,
      })),
    };
  },
  prepareForm: (form) =>
    applyHoursIntent(form, ["items", "items[].children"], {
      items: { label: "" },
      "items[].children": { label: "" },
    }),
};
