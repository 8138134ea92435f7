import { sql } from "kysely";
import { z } from "zod";
import { sanitizeRichText } from "#app/domain/rich-text.server";
import { deContent } from "#app/i18n/de-content";
import { nameField } from "#app/features/backoffice/common-fields";
import type { ResourceDefinition } from "#app/features/backoffice/resource.server";
import { KNOWN_SITE_TYPES } from "#app/features/storefront/site.server";
import { isReservedSitePath, normaliseSitePath, SITE_PATH } from "./site-paths";
import { navigationsNaming } from "./navigation-items.server";

const t = deContent.sites;

/** The body of one page: a long legal text fits many times over; 100 KB of HTML does not. */
export const MAX_BODY_LENGTH = 60_000;

/**
 * Content pages (spec section 3, Site: path, type, title, name, description, isPublic, content
 * by layout key; issue 16). The one type 'Standardseite' has one wysiwyg field 'Inhalt', kept
 * in `content.body` and cleaned by `sanitizeRichText` when it is saved (and again when shown).
 * The SEO fields are columns (migration 2026_11_26_0300, decision 039).
 */
export const sitesResource: ResourceDefinition = {
  name: "sites",
  entityType: "site",
  table: "sites",
  texts: t.resource,
  fields: [
    nameField(120),
    { name: "title", type: "text", label: t.title, max: 200 },
    { name: "path", type: "text", label: t.path, help: t.pathHelp, required: true, max: 200 },
    {
      name: "type",
      type: "select",
      label: t.type,
      required: true,
      options: KNOWN_SITE_TYPES.map((value) => ({ value, label: t.typeDefault })),
    },
    { name: "description", type: "textarea", label: t.description, max: 500 },
    { name: "isPublic", type: "boolean", label: t.isPublic, help: t.isPublicHelp },
    {
      name: "seoTitle",
      type: "text",
      label: t.seoTitle,
      help: t.seoTitleHelp,
      max: 120,
      section: t.seo,
    },
    {
      name: "seoDescription",
      type: "textarea",
      label: t.seoDescription,
      help: t.seoDescriptionHelp,
      max: 300,
      section: t.seo,
    },
    { name: "noindex", type: "boolean", label: t.noindex, section: t.seo },
  ],
  extraSchema: {
    body: z
      .string({ error: t.bodyTooLong(MAX_BODY_LENGTH) })
      .max(MAX_BODY_LENGTH, t.bodyTooLong(MAX_BODY_LENGTH))
      .optional(),
  },
  extraFields: ["body"],
  listColumns: [
    { name: "name", label: t.name, sortable: true },
    { name: "path", label: t.path, sortable: true },
    { name: "isPublic", label: t.isPublic, sortable: true },
  ],
  searchColumns: ["name", "title", "path"],
  defaultSort: { column: "path", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  refine(input, context) {
    if (typeof input.path !== "string" || input.path === "") return;
    const path = normaliseSitePath(input.path);
    if (!SITE_PATH.test(path)) {
      context.addIssue({ code: "custom", message: t.pathFormat, path: ["path"] });
    } else if (isReservedSitePath(path)) {
      context.addIssue({ code: "custom", message: t.pathReserved, path: ["path"] });
    }
  },
  async storedColumns(_trx, input) {
    return typeof input.path === "string" ? { path: normaliseSitePath(input.path) } : {};
  },
  async afterWrite(trx, id, input) {
    if (typeof input.body !== "string") return;
    // Other layout keys a later type may add stay as they are.
    await trx
      .updateTable("sites")
      .set({
        content: sql`content || jsonb_build_object('body', ${sanitizeRichText(input.body)}::text)`,
      })
      .where("id", "=", id)
      .execute();
  },
  async loadExtra(db, id) {
    const row = await db
      .selectFrom("sites")
      .select("content")
      .where("id", "=", id)
      .executeTakeFirst();
    const body = row?.content.body;
    return { body: typeof body === "string" ? body : "" };
  },
  async inUse(db, id) {
    const names = await navigationsNaming(db, id);
    return names.length ? t.inNavigations(names) : null;
  },
};
