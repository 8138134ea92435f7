import { z } from "zod";
import { de } from "#app/i18n/de-backoffice";
import { deSignage } from "#app/i18n/de-signage";
import { nameField } from "#app/features/backoffice/common-fields";
import type { Transaction } from "kysely";
import {
  countWhere,
  type Problem,
  type ResourceDefinition,
} from "#app/features/backoffice/resource.server";
import type { Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { containsItself, parseSchedule, type SignageSlot } from "#app/domain/signage-schedule";
import { deviceStatusRows } from "./signage.server";

const label = de.fieldLabels;
const texts = deSignage.fields;
const problems = deSignage.problems;

export const SEGMENT_KINDS = ["image", "video", "page", "text", "menu"] as const;
export const TRANSITIONS = ["none", "fade", "slide"] as const;

/** A path of this shop: '/…' but not '//…' or '/\…' (another host to a browser). */
export function isShopPath(path: string): boolean {
  return /^\/(?![/\\])[^\s<>"]*$/.test(path) && path.length <= 300;
}

/**
 * Film segments (Filmsequenzen, spec sections 1 and 7): one piece of screen content with a
 * duration of 1 to 3,600 seconds. Shop-wide, for administrators (decision 060).
 */
export const signageSegmentsResource: ResourceDefinition = {
  name: "digital-signage-segments",
  entityType: "digitalSignageSegment",
  table: "signage_segments",
  texts: de.resources.signageSegments,
  fields: [
    nameField(80),
    {
      name: "kind",
      type: "select",
      label: texts.kind,
      required: true,
      options: SEGMENT_KINDS.map((value) => ({ value, label: texts.kinds[value] })),
    },
    {
      name: "durationSeconds",
      type: "number",
      label: texts.duration,
      help: texts.durationHelp,
      required: true,
      decimals: 0,
      min: 1,
      max: 3600,
    },
    { name: "imageId", type: "image", label: label.image },
    { name: "pagePath", type: "text", label: texts.pagePath, help: texts.pagePathHelp, max: 300 },
    { name: "body", type: "textarea", label: texts.body, max: 500, rows: 4 },
    {
      name: "branchId",
      type: "reference",
      resource: "branches",
      label: texts.menuBranch,
      help: texts.menuBranchHelp,
    },
    {
      name: "categoryIds",
      type: "reference",
      resource: "categories",
      multiple: true,
      checkboxes: true,
      label: texts.menuCategories,
      help: texts.menuCategoriesHelp,
    },
  ],
  links: [
    {
      field: "categoryIds",
      table: "signage_segment_categories",
      own: "segment_id",
      other: "category_id",
      position: "position",
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "kind", label: texts.kind, sortable: true },
    { name: "durationSeconds", label: texts.duration, sortable: true },
  ],
  searchColumns: ["name"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  // A video segment's file is uploaded on its own page (decision 060, "Videos"); until then the
  // TVs skip the segment.
  pageActions: [{ label: deSignage.video.link, path: "video" }],
  async check(db, input) {
    const found: Problem[] = [];
    const kind = String(input.kind ?? "");
    if (kind === "image" && input.imageId == null) {
      found.push({ field: "imageId", message: problems.imageRequired });
    }
    if (kind === "page") {
      const path = typeof input.pagePath === "string" ? input.pagePath : "";
      if (!path) found.push({ field: "pagePath", message: problems.pageRequired });
      else if (!isShopPath(path)) found.push({ field: "pagePath", message: problems.pagePath });
    }
    if (kind === "text" && !input.body) {
      found.push({ field: "body", message: problems.bodyRequired });
    }
    if (kind === "menu" && input.branchId == null) {
      found.push({ field: "branchId", message: problems.branchRequired });
    }
    const categoryIds = (input.categoryIds as number[] | null | undefined) ?? [];
    if (categoryIds.length > 0 && kind !== "menu") {
      found.push({ field: "categoryIds", message: problems.categoriesOnlyForMenu });
    } else if (categoryIds.length > 0) {
      // Checked here rather than left to the foreign key, so the message names the id.
      const known = new Set(
        (
          await db.selectFrom("categories").select("id").where("id", "in", categoryIds).execute()
        ).map((row) => row.id),
      );
      const unknown = categoryIds.find((id) => !known.has(id));
      if (unknown !== undefined) {
        found.push({ field: "categoryIds", message: problems.unknownCategory(unknown) });
      }
    }
    return found;
  },
  async inUse(db, id) {
    const streams = await countWhere(db, "signage_stream_segments", "segment_id", id);
    return streams ? problems.segmentInStreams(streams) : null;
  },
};

/** A whole number in a range, or nothing ("" from an empty form field, null, absent). */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null || value === "") return null;
      const number =
        typeof value === "number" ? value : /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

/**
 * A stream's entries (decision 060): the order and an own duration of each chosen segment. The
 * form sends one row per segment (`entries[N].segmentId`, `.position`, `.durationSeconds`); the
 * API may send the same list. Which segments belong is `segmentIds`; an entry of another
 * segment is ignored (it was just taken out).
 */
export const streamEntriesSchema = z
  .array(
    z.object({
      segmentId: z.union([z.string(), z.number()]).transform((value, context) => {
        const id = parseId(value);
        if (id === null) {
          context.addIssue({ code: "custom", message: de.fields.reference });
          return z.NEVER;
        }
        return id;
      }),
      position: wholeNumber(1, 500, problems.entryPosition),
      durationSeconds: wholeNumber(1, 3600, problems.entryDuration),
    }),
  )
  .max(500);

export type StreamEntry = z.output<typeof streamEntriesSchema>[number];

/**
 * Puts the stream's segments in the entries' order (by position; ties and segments without an
 * entry keep the order of `segmentIds`, after the numbered ones) with their own durations.
 */
export async function arrangeStream(
  trx: Transaction<any>,
  streamId: number,
  segmentIds: readonly number[],
  entries: readonly StreamEntry[],
): Promise<void> {
  const byId = new Map(entries.map((entry) => [entry.segmentId, entry]));
  const rank = (segmentId: number) => byId.get(segmentId)?.position ?? Number.MAX_SAFE_INTEGER;
  const order = segmentIds
    .map((segmentId, index) => ({ segmentId, index }))
    .sort((a, b) => rank(a.segmentId) - rank(b.segmentId) || a.index - b.index);
  for (const [position, { segmentId }] of order.entries()) {
    await trx
      .updateTable("signage_stream_segments")
      .set({ position, duration_seconds: byId.get(segmentId)?.durationSeconds ?? null })
      .where("stream_id", "=", streamId)
      .where("segment_id", "=", segmentId)
      .execute();
  }
}

/** Every stream's slots, for the self-containment check and the player. */
export async function slotsByStream(db: Db): Promise<Map<number, SignageSlot[]>> {
  const rows = await db.selectFrom("signageStreams").select(["id", "schedule"]).execute();
  const slots = new Map<number, SignageSlot[]>();
  for (const row of rows) {
    const parsed = parseSchedule(row.schedule);
    slots.set(row.id, parsed.ok ? parsed.slots : []);
  }
  return slots;
}

/**
 * Streams: ordered segments, a transition, and time slots naming other streams (decision 060);
 * the stream's own segments play when no slot holds.
 */
export const signageStreamsResource: ResourceDefinition = {
  name: "digital-signage-streams",
  entityType: "digitalSignageStream",
  table: "signage_streams",
  texts: de.resources.signageStreams,
  fields: [
    nameField(80),
    {
      name: "segmentIds",
      type: "reference",
      resource: "digital-signage-segments",
      multiple: true,
      label: texts.segments,
      help: texts.segmentsHelp,
    },
    {
      name: "transition",
      type: "select",
      label: texts.transition,
      required: true,
      options: TRANSITIONS.map((value) => ({ value, label: texts.transitions[value] })),
    },
    {
      name: "schedule",
      type: "textarea",
      label: texts.schedule,
      help: texts.scheduleHelp,
      max: 2000,
      rows: 4,
      emptyString: true,
    },
  ],
  links: [
    {
      field: "segmentIds",
      table: "signage_stream_segments",
      own: "stream_id",
      other: "segment_id",
      position: "position",
    },
  ],
  extraSchema: { entries: streamEntriesSchema.optional() },
  extraFields: ["entries"],
  listColumns: [
    { name: "id", label: "Nr.", sortable: true },
    { name: "name", label: label.name, sortable: true },
    { name: "transition", label: texts.transition },
  ],
  searchColumns: ["name"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  // The live preview (a plain POST that lands on the preview page, so it works without JS).
  pageActions: [{ label: deSignage.preview.link, path: "preview" }],
  async check(db, input, id) {
    const parsed = parseSchedule(String(input.schedule ?? ""));
    if (!parsed.ok) return [{ field: "schedule", message: parsed.message }];
    const all = await slotsByStream(db);
    for (const slot of parsed.slots) {
      if (!all.has(slot.streamId)) {
        return [{ field: "schedule", message: problems.unknownStream(slot.streamId) }];
      }
    }
    if (containsItself(id, parsed.slots, (other) => all.get(other) ?? [])) {
      return [{ field: "schedule", message: problems.containsItself }];
    }
    return [];
  },
  async afterWrite(trx, id, input) {
    const entries = input.entries as StreamEntry[] | undefined;
    if (!entries) return;
    await arrangeStream(trx, id, (input.segmentIds as number[] | null) ?? [], entries);
  },
  async loadExtra(db, id) {
    const rows = await db
      .selectFrom("signageStreamSegments")
      .select(["segmentId", "durationSeconds"])
      .where("streamId", "=", id)
      .orderBy("position")
      .orderBy("segmentId")
      .execute();
    return {
      entries: rows.map((row, index) => ({
        segmentId: row.segmentId,
        position: index + 1,
        durationSeconds: row.durationSeconds,
      })),
    };
  },
  async extraChoices(db) {
    const segments = await db
      .selectFrom("signageSegments")
      .select(["id", "name", "durationSeconds"])
      .orderBy("name")
      .orderBy("id")
      .limit(1_000)
      .execute();
    return {
      streamSegments: segments.map((segment) => ({
        value: String(segment.id),
        label: segment.name,
        seconds: String(segment.durationSeconds),
      })),
    };
  },
  async inUse(db, id) {
    if (await countWhere(db, "signage_devices", "stream_id", id)) return problems.streamInUse;
    const all = await slotsByStream(db);
    const named = [...all.entries()].some(
      ([other, slots]) => other !== id && slots.some((slot) => slot.streamId === id),
    );
    return named ? problems.streamInUse : null;
  },
};

/**
 * TVs (spec: digitalSignageDevices): a screen of a branch playing a stream. Paired by the code
 * its player shows (`/backend/digital-signage-devices/pair`); managers see their branches' TVs.
 */
export const signageDevicesResource: ResourceDefinition = {
  name: "digital-signage-devices",
  entityType: "digitalSignageDevice",
  table: "signage_devices",
  texts: de.resources.signageDevices,
  fields: [
    nameField(80),
    {
      name: "branchId",
      type: "reference",
      resource: "branches",
      label: label.branch,
      required: true,
    },
    {
      name: "streamId",
      type: "reference",
      resource: "digital-signage-streams",
      label: texts.stream,
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "branchId", label: label.branch },
    { name: "streamId", label: texts.stream },
    { name: "status", label: texts.status },
  ],
  searchColumns: ["name"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "branchId" },
  listRows: (db, rows) => deviceStatusRows(db, rows),
  notices: { gekoppelt: deSignage.pairing.paired },
};
