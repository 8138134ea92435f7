import { de } from "../../i18n/de-backoffice";
import { deSignage } from "../../i18n/de-signage";
import { nameField } from "../backoffice/common-fields";
import { countWhere, type Problem, type ResourceDefinition } from "../backoffice/resource.server";
import type { Db } from "../../db/schema";
import { containsItself, parseSchedule, type SignageSlot } from "../../domain/signage-schedule";
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
  async check(db, input, id) {
    const found: Problem[] = [];
    const kind = String(input.kind ?? "");
    if (kind === "image" && input.imageId == null) {
      found.push({ field: "imageId", message: problems.imageRequired });
    }
    if (kind === "video" && id === null) {
      found.push({ field: "kind", message: problems.videoRequired });
    }
    if (kind === "video" && id !== null) {
      const row = await db
        .selectFrom("signageSegments")
        .select("videoPath")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row?.videoPath) found.push({ field: "kind", message: problems.videoRequired });
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
    return found;
  },
  async inUse(db, id) {
    const streams = await countWhere(db, "signage_stream_segments", "segment_id", id);
    return streams ? problems.segmentInStreams(streams) : null;
  },
};

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
