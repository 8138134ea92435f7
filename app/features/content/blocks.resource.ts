import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de-backoffice";
import { deBlocks } from "#app/i18n/de-blocks";
import {
  optionalIdentifierField,
  nameField,
  positionColumn,
  positionField,
} from "#app/features/backoffice/common-fields";
import type { Problem, ResourceDefinition } from "#app/features/backoffice/resource.server";
import { layoutOf, resolveField, type BlockFieldConfig } from "./block-fields";
import { applyBlockIntent } from "./block-intents";
import {
  contentTargets,
  parseBlockContent,
  walkContent,
  type FileInput,
  type ImageInput,
} from "./block-values.server";

/**
 * Content blocks (spec section 3 "Block", issue 16, decision 040) on the back office's resource
 * pattern: identifier, name, isPublic, position and `content`, whose shape is the layout of the
 * block's kind (the identifier names it: intro, gallery, shop, news, vegan, events, about,
 * course-*, news-popup). The content is checked by the block field registry, its rich text
 * cleaned, its images, files and references checked to exist and completed from the database,
 * all inside the save's transaction. The landing page reads public blocks through the kept
 * reference data `blocks:public`, which the table's change notification drops (decision 032).
 */
const f = deBlocks.fields;
const label = de.fieldLabels;

const any = (db: Db) => db as unknown as Kysely<any>;

const TARGET_TABLES = {
  block: "blocks",
  site: "sites",
  category: "categories",
  product: "products",
} as const;

async function existing(db: Db, table: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await any(db)
    .selectFrom(table)
    .select("id")
    .where("id", "in", [...new Set(ids)])
    .execute()) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

/** Images, files and references a content names that do not exist (any more). */
export async function missingTargets(
  db: Db,
  identifier: unknown,
  content: Record<string, unknown>,
): Promise<Problem[]> {
  const targets = contentTargets(identifier, content);
  const problems: Problem[] = [];
  const images = await existing(
    db,
    "images",
    targets.images.map((image) => image.id),
  );
  for (const image of targets.images) {
    if (!images.has(image.id)) {
      problems.push({ message: deBlocks.errors.imageGone, field: image.field });
    }
  }
  const files = await existing(
    db,
    "uploads",
    targets.files.map((file) => file.id),
  );
  for (const file of targets.files) {
    if (!files.has(file.id))
      problems.push({ message: deBlocks.errors.fileGone, field: file.field });
  }
  for (const type of Object.keys(TARGET_TABLES) as (keyof typeof TARGET_TABLES)[]) {
    const named = targets.references.filter((reference) => reference.type === type);
    const found = await existing(
      db,
      TARGET_TABLES[type],
      named.map((reference) => reference.id),
    );
    for (const reference of named) {
      if (!found.has(reference.id)) {
        problems.push({
          message: deBlocks.errors.referenceGone[type] ?? deBlocks.errors.reference,
          field: reference.field,
        });
      }
    }
  }
  return problems;
}

/** Stored values as the spec names them: image {id, version, extension, alt}, file {… publicHash}. */
async function completed(db: Db, identifier: unknown, content: Record<string, unknown>) {
  const targets = contentTargets(identifier, content);
  const images = targets.images.length
    ? await db
        .selectFrom("images")
        .select(["id", "version", "extension"])
        .where("id", "in", [...new Set(targets.images.map((image) => image.id))])
        .execute()
    : [];
  const files = targets.files.length
    ? await db
        .selectFrom("uploads")
        .select(["id", "version", "extension", "publicHash"])
        .where("id", "in", [...new Set(targets.files.map((file) => file.id))])
        .execute()
    : [];
  const imageById = new Map(images.map((row) => [row.id, row]));
  const fileById = new Map(files.map((row) => [row.id, row]));
  const image = (value: ImageInput) => {
    const row = imageById.get(value.id);
    return row
      ? { id: row.id, version: row.version, extension: row.extension, alt: value.alt }
      : null;
  };
  const file = (value: FileInput) => fileById.get(value.id) ?? null;
  const root: BlockFieldConfig = { type: "group", layout: layoutOf(identifier) };
  return walkContent(root, content, [], (config, value) => {
    if (value === null || value === undefined) return value;
    switch (resolveField(config).type) {
      case "image":
        return image(value as ImageInput);
      case "images":
        return (value as ImageInput[]).map(image).filter(Boolean);
      case "file":
        return file(value as FileInput);
      case "files":
        return (value as FileInput[]).map(file).filter(Boolean);
      default:
        return value;
    }
  }) as Record<string, unknown>;
}

export const blocksResource: ResourceDefinition = {
  name: "blocks",
  entityType: "block",
  table: "blocks",
  texts: de.resources.blocks,
  fields: [
    nameField(120),
    // The identifier chooses the block's layout, so it is never made up (decision 098).
    { ...optionalIdentifierField(), help: f.identifierHelp, required: true },
    { name: "isPublic", type: "boolean", label: f.isPublic, help: f.isPublicHelp },
    positionField(),
  ],
  extraSchema: { content: z.unknown() },
  extraFields: ["content"],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: f.identifier, sortable: true },
    { name: "isPublic", label: f.isPublic, sortable: true },
    positionColumn,
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  refine(input, context) {
    const parsed = parseBlockContent(input.identifier, input.content);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      context.addIssue({
        code: "custom",
        message: issue.message,
        path: ["content", ...issue.path],
      });
    }
  },
  async check(db, input) {
    const parsed = parseBlockContent(input.identifier, input.content);
    return parsed.success ? missingTargets(db, input.identifier, parsed.data) : [];
  },
  async storedColumns(trx, input) {
    const parsed = parseBlockContent(input.identifier, input.content);
    if (!parsed.success) return {};
    const content = await completed(trx as unknown as Db, input.identifier, parsed.data);
    return { content: sql`${JSON.stringify(content)}::jsonb` };
  },
  prepareForm: applyBlockIntent,
  async pageExtras(_db, row) {
    return { identifier: row.identifier };
  },
  async extraChoices(db) {
    const [images, sites, blocks, categories, products] = await Promise.all([
      db
        .selectFrom("images")
        .select(["id", "version", "extension", "alt"])
        .orderBy("id", "desc")
        .limit(500)
        .execute(),
      db.selectFrom("sites").select(["id", "name"]).orderBy("name").limit(500).execute(),
      db.selectFrom("blocks").select(["id", "name"]).orderBy("name").limit(500).execute(),
      db.selectFrom("categories").select(["id", "name"]).orderBy("name").limit(500).execute(),
      db.selectFrom("products").select(["id", "name"]).orderBy("name").limit(1_000).execute(),
    ]);
    const named = (type: string, rows: { id: number; name: string }[]) =>
      rows.map((row) => ({ value: `${type}:${row.id}`, label: row.name }));
    return {
      blockImages: images.map((image) => ({
        value: String(image.id),
        label: deBlocks.controls.imageChoice(image.id, image.alt ?? ""),
      })),
      blockImageSources: images.map((image) => ({
        value: String(image.id),
        label: `/image/${image.id}-${image.version}.${image.extension}`,
      })),
      "reference:block": named("block", blocks),
      "reference:site": named("site", sites),
      "reference:category": named("category", categories),
      "reference:product": named("product", products),
    };
  },
};
