import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { IMAGE_SIZE_NAMES, sizedDimensions, type ImageSize } from "#app/domain/image-sizes";
import { cleanLine } from "#app/domain/values";
import { deMedia } from "#app/i18n/de-media";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { storageFor } from "#app/integrations/storage/storage.server";
import {
  refused,
  refusedWith,
  succeeded,
  type Outcome,
  type Problem,
  type Refusal,
} from "#app/server/outcome";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import { allSizeKeys, normaliseUpload, type StoredImage } from "./image-pipeline.server";

/**
 * The images of the back office (issue 16, decision 038): upload with a required alt text and a
 * focal point, change the alt text or focal point, replace the file, delete. A change to the
 * pixels (a new file, a new focal point) moves the version, which is part of every address, so
 * no cache ever serves the old picture under the new address. Every write is one transaction with
 * its audit entry; files are written before it and removed again when it does not commit.
 */

const t = deMedia.refusals;

/** What an image change needs of the request: the database, the stores and the client's address. */
export type ImageContext = Pick<AppLoadContext, "db" | "config" | "clientAddress">;

export interface ImageStores {
  originals: FileStorage;
  sizes: FileStorage;
}

export function imageStores(config: AppLoadContext["config"]): ImageStores {
  const stores = { dataDir: config.dataDir, storage: config.storage ?? { kind: "local" as const } };
  return { originals: storageFor(stores, "images"), sizes: storageFor(stores, "image-sizes") };
}

export interface ImageRecord extends StoredImage {
  mimeType: string;
  alt: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  "id",
  "version",
  "extension",
  "mimeType",
  "width",
  "height",
  "alt",
  "focalX",
  "focalY",
  "storageKey",
  "createdAt",
  "updatedAt",
] as const;

/** An image as the API shows it (spec section 3), with the addresses of its sizes. */
export function imageJson(image: ImageRecord, usage?: number) {
  const name = `${image.id}-${image.version}.${image.extension}`;
  return {
    id: image.id,
    version: image.version,
    extension: image.extension,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    alt: image.alt,
    focalPoint: { x: image.focalX, y: image.focalY },
    url: `/image/${name}`,
    sizes: Object.fromEntries(
      IMAGE_SIZE_NAMES.map((size) => [
        size,
        { url: `/image/${size}/${name}`, ...sizedDimensions(size, image.width, image.height) },
      ]),
    ) as Record<ImageSize, { url: string; width: number; height: number }>,
    ...(usage === undefined ? {} : { usage }),
    createdAt: image.createdAt,
    updatedAt: image.updatedAt,
  };
}

// ——— Input ———

export interface ImageInput {
  /** The file's bytes, null when none was sent (or it was too big: `tooBig`). */
  file: Uint8Array | null;
  tooBig?: boolean;
  tooMany?: boolean;
  alt: unknown;
  /** 0..100 (per cent) from the form, 0..1 from the API: see `focalScale`. */
  focalX: unknown;
  focalY: unknown;
  focalScale: 1 | 100;
  /** The version the caller read (optional), for refusing a stale change. */
  version?: unknown;
}

interface CleanInput {
  alt: string | undefined;
  focal: { x: number; y: number } | undefined;
}

function readFocal(value: unknown, scale: number): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(String(value).trim().replace(",", "."));
  if (!Number.isFinite(number) || number < 0 || number > scale) return null;
  return Math.round((number / scale) * 1000) / 1000;
}

function cleanInput(input: ImageInput, creating: boolean): Outcome<CleanInput> {
  const errors: Problem[] = [];
  let alt: string | undefined;
  if (input.alt !== undefined || creating) {
    alt = typeof input.alt === "string" ? cleanLine(input.alt) : "";
    if (!alt) errors.push({ message: t.altMissing, field: "alt" });
    else if (alt.length > 200) errors.push({ message: t.altTooLong, field: "alt" });
    else if (/[<>]/.test(alt)) errors.push({ message: t.altMarkup, field: "alt" });
  }
  const x = readFocal(input.focalX, input.focalScale);
  const y = readFocal(input.focalY, input.focalScale);
  if (x === null) errors.push({ message: t.focal, field: "focalX" });
  if (y === null) errors.push({ message: t.focal, field: "focalY" });
  const focal = x === undefined && y === undefined ? undefined : { x: x ?? 0.5, y: y ?? 0.5 };
  return errors.length
    ? refusedWith(400, errors)
    : succeeded({ alt, focal: focal as { x: number; y: number } | undefined });
}

/** The file's refusal as a field error, or the checked, cleaned picture. */
async function checkFile(input: ImageInput, required: boolean) {
  if (input.tooMany) return refused(400, t.tooManyFiles, "file");
  if (input.tooBig) return refused(413, t.tooManyBytes, "file");
  if (!input.file || input.file.byteLength === 0) {
    return required ? refused(400, t.fileMissing, "file") : succeeded(null);
  }
  const checked = await normaliseUpload(input.file);
  if (!checked.ok) {
    return refused(checked.reason === "tooManyPixels" ? 413 : 400, t[checked.reason], "file");
  }
  return succeeded(checked);
}

const newKey = () => randomBytes(20).toString("hex");

// ——— Reads ———

export async function findImage(db: Db, id: number): Promise<ImageRecord | undefined> {
  return db.selectFrom("images").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The image to change, locked until the transaction ends: a second change waits for it. */
function lockedImage(trx: Db, id: number): Promise<ImageRecord | undefined> {
  return trx
    .selectFrom("images")
    .select(COLUMNS)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export const IMAGES_PAGE_SIZE = 48;

export async function listImages(
  db: Db,
  options: { search?: string; page?: number } = {},
): Promise<{
  rows: (ImageRecord & { usage: number })[];
  total: number;
  page: number;
  pages: number;
}> {
  const search = cleanLine(options.search ?? "").slice(0, 100);
  let query = db.selectFrom("images");
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where("alt", "ilike", pattern);
  }
  const { n } = await query
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / IMAGES_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pages);
  const rows = await query
    .select(COLUMNS)
    .orderBy("id", "desc")
    .limit(IMAGES_PAGE_SIZE)
    .offset((page - 1) * IMAGES_PAGE_SIZE)
    .execute();
  const usage = await usageOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, usage: usage.get(row.id)?.total ?? 0 })),
    total,
    page,
    pages,
  };
}

// ——— Where an image is used ———

interface Reference {
  table: string;
  column: string;
}

let references: Promise<Reference[]> | null = null;

/** Every column with a foreign key to images, read from the catalogue once per process. */
function imageReferences(db: Db): Promise<Reference[]> {
  references ??= sql<Reference>`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'images'::regclass
      order by 1, 2`
    .execute(db)
    .then((result) => result.rows)
    .catch((error) => {
      references = null;
      throw error;
    });
  return references;
}

/** How often each image is named, and where, for the ids given. */
export async function usageOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { total: number; places: Map<string, number> }>> {
  const result = new Map<number, { total: number; places: Map<string, number> }>();
  if (ids.length === 0) return result;
  const refs = await imageReferences(db);
  const parts = refs.map(
    (ref) => sql`select ${ref.table} as "table", ${sql.ref(ref.column)} as id, count(*)::int as n
      from ${sql.raw(quoteTable(ref.table))} where ${sql.ref(ref.column)} in (${sql.join(ids)})
      group by ${sql.ref(ref.column)}`,
  );
  // Images named inside content: a block's stored image values ({id, version, extension, alt},
  // at any depth; a file value also carries publicHash) and image templates' image layers.
  const numeric = (value: ReturnType<typeof sql>) =>
    sql`case when ${value} ~ '^[0-9]{1,9}$' then (${value})::int end`;
  parts.push(
    sql`select 'blocks' as "table", ${numeric(sql`v->>'id'`)} as id, count(*)::int as n
      from blocks, jsonb_path_query(content, 'strict $.**') v
      where jsonb_typeof(v) = 'object' and v->'extension' is not null
        and v->'version' is not null and v->'publicHash' is null and ${numeric(sql`v->>'id'`)} in (${sql.join(ids)})
      group by 2`,
    sql`select 'image_templates' as "table", ${numeric(sql`l->>'imageId'`)} as id, count(*)::int as n
      from image_templates, jsonb_array_elements(layers) l
      where jsonb_typeof(layers) = 'array' and l->>'type' = 'image'
        and ${numeric(sql`l->>'imageId'`)} in (${sql.join(ids)})
      group by 2`,
  );
  const rows = await sql<{
    table: string;
    id: number;
    n: number;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const row of rows.rows) {
    const entry = result.get(row.id) ?? { total: 0, places: new Map() };
    entry.total += row.n;
    const name = bareTable(row.table);
    entry.places.set(name, (entry.places.get(name) ?? 0) + row.n);
    result.set(row.id, entry);
  }
  return result;
}

const bareTable = (table: string) => table.split(".").pop()!.replace(/"/g, "");

/** `regclass` text is a table name as PostgreSQL itself quotes it: only checked, never built. */
function quoteTable(table: string): string {
  if (!/^("?[a-z_][a-z0-9_$]*"?\.)?"?[a-z_][a-z0-9_$]*"?$/.test(table)) {
    throw new Error(`Unerwarteter Tabellenname: ${table}`);
  }
  return table;
}

// ——— Writes ———

export async function createImage(
  context: ImageContext,
  user: StaffUser,
  input: ImageInput,
): Promise<Outcome<ImageRecord>> {
  const clean = cleanInput(input, true);
  const file = await checkFile(input, true);
  if (!clean.ok || !file.ok) return mergeRefusals(clean, file);
  const picture = file.value!;
  const stores = imageStores(context.config);
  const storageKey = newKey();
  await stores.originals.put(storageKey, picture.bytes);
  try {
    const created = await context.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("images")
        .values({
          extension: picture.facts.extension,
          mimeType: picture.facts.mimeType,
          width: picture.facts.width,
          height: picture.facts.height,
          alt: clean.value.alt ?? null,
          focalX: clean.value.focal?.x ?? 0.5,
          focalY: clean.value.focal?.y ?? 0.5,
          storageKey,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await audit(trx, {
        user,
        action: "image.created",
        entityType: "image",
        entityId: row.id,
        data: { after: auditView(row) },
        context,
      });
      return row;
    });
    return succeeded(created);
  } catch (error) {
    await stores.originals.remove(storageKey);
    throw error;
  }
}

export async function updateImage(
  context: ImageContext,
  user: StaffUser,
  id: number,
  input: ImageInput,
): Promise<Outcome<{ image: ImageRecord; replaced: boolean }>> {
  const clean = cleanInput(input, false);
  const file = await checkFile(input, false);
  if (!clean.ok || !file.ok) return mergeRefusals(clean, file);
  const picture = file.value;
  const stores = imageStores(context.config);
  const storageKey = picture ? newKey() : null;
  if (picture && storageKey) await stores.originals.put(storageKey, picture.bytes);
  let before: ImageRecord | undefined;
  try {
    const outcome = await context.db.transaction().execute(async (trx) => {
      before = await lockedImage(trx, id);
      if (!before) return notFound();
      if (input.version !== undefined && input.version !== null && input.version !== "") {
        if (String(input.version) !== String(before.version)) {
          return refused(409, t.stale, "version");
        }
      }
      const focal = clean.value.focal;
      const focalMoved = !!focal && (focal.x !== before.focalX || focal.y !== before.focalY);
      const pixelsChange = !!picture || focalMoved;
      const after = await trx
        .updateTable("images")
        .set({
          ...(clean.value.alt !== undefined ? { alt: clean.value.alt } : {}),
          ...(focal ? { focalX: focal.x, focalY: focal.y } : {}),
          ...(picture && storageKey
            ? {
                extension: picture.facts.extension,
                mimeType: picture.facts.mimeType,
                width: picture.facts.width,
                height: picture.facts.height,
                storageKey,
              }
            : {}),
          ...(pixelsChange ? { version: sql<number>`version + 1` } : {}),
          updatedAt: sql<Date>`now()`,
        })
        .where("id", "=", id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await audit(trx, {
        user,
        action: picture ? "image.replaced" : "image.updated",
        entityType: "image",
        entityId: id,
        data: { before: auditView(before), after: auditView(after) },
        context,
      });
      return succeeded({ image: after, replaced: pixelsChange });
    });
    if (!outcome.ok) {
      if (storageKey) await stores.originals.remove(storageKey);
      return outcome;
    }
    // The old version's files are of no use any more: its addresses now answer with a redirect.
    if (before && outcome.value.replaced) {
      if (picture) await stores.originals.remove(before.storageKey).catch(() => undefined);
      await removeSizes(stores, before);
    }
    return outcome;
  } catch (error) {
    if (storageKey) await stores.originals.remove(storageKey);
    throw error;
  }
}

/** Deletes an image nothing names any more; one in use is refused with the places. */
export async function deleteImage(
  context: ImageContext,
  user: StaffUser,
  id: number,
): Promise<Outcome<ImageRecord>> {
  const outcome = await context.db.transaction().execute(async (trx) => {
    const before = await lockedImage(trx, id);
    if (!before) return notFound();
    const usage = (await usageOf(trx, [id])).get(id);
    if (usage && usage.total > 0) {
      const places = [...usage.places]
        .map(([table, count]) => t.usagePlace(deMedia.tables[table] ?? table, count))
        .join(", ");
      return refused(409, t.inUse(places));
    }
    await trx.deleteFrom("images").where("id", "=", id).execute();
    await audit(trx, {
      user,
      action: "image.deleted",
      entityType: "image",
      entityId: id,
      data: { before: auditView(before) },
      context,
    });
    return succeeded(before);
  });
  if (outcome.ok) {
    const stores = imageStores(context.config);
    await stores.originals.remove(outcome.value.storageKey).catch(() => undefined);
    await removeSizes(stores, outcome.value);
  }
  return outcome;
}

async function removeSizes(stores: ImageStores, image: Pick<StoredImage, "id" | "version">) {
  await Promise.all(
    allSizeKeys(image).map((key) => stores.sizes.remove(key).catch(() => undefined)),
  );
}

const notFound = () => refused(404, t.notFound);

function auditView(image: ImageRecord) {
  const { storageKey: _key, createdAt: _created, updatedAt: _updated, ...view } = image;
  return view;
}

/** The file's problems first, then the fields'; 413 when the file was too large. */
function mergeRefusals(clean: Outcome<CleanInput>, file: Outcome<unknown>): Refusal {
  const errors: Problem[] = [...(file.ok ? [] : file.errors), ...(clean.ok ? [] : clean.errors)];
  return refusedWith(!file.ok && file.status === 413 ? 413 : 400, errors);
}
