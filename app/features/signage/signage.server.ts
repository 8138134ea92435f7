import { createHash, randomBytes, randomInt } from "node:crypto";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { findImagesByIds, imagePath } from "#app/db/queries/images";
import { lockThrottle, saveThrottle } from "#app/db/queries/login";
import {
  addressBucket,
  countAttempt,
  minutesBlocked,
  type ThrottlePolicy,
} from "#app/domain/login-throttle";
import { formatMoney } from "#app/domain/money";
import {
  chooseStream,
  isPairingCodeShape,
  minutesToNextChange,
  normalisePairingCode,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  parseSchedule,
  type SignageSlot,
} from "#app/domain/signage-schedule";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { deSignage } from "#app/i18n/de-signage";
import { de } from "#app/i18n/de-backoffice";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { referenceSettings, referenceVersion } from "#app/features/shared/reference-data.server";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import type { Problem, Row } from "#app/features/backoffice/resource.server";

/**
 * Digital signage's server side (issue 22, decision 060): pairing a TV browser by a short code,
 * what a TV plays now (its stream's segments, or those of the stream a time slot names, with the
 * menu boards drawn from the live catalogue), and what the TVs report.
 */

export const DEVICE_COOKIE = "tv_geraet";
/** A TV stays paired for ten years, unless it is deleted in the back office. */
const DEVICE_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;
/** A code shown on a TV is good for this long; the TV asks for a new one after. */
export const PAIRING_CODE_MINUTES = 30;
/** Wrong codes per person and for the whole shop within `LOCK_MINUTES` before pairing locks. */
export const WRONG_CODES_PER_USER = 10;
export const WRONG_CODES_PER_SHOP = 100;
export const LOCK_MINUTES = 15;
/**
 * New pairing codes per client address (IPv6: its /64) within a code's lifetime (issue 35,
 * decision 069): a browser keeps its code by its cookie, so only a browser without one, or whose
 * code ran out, makes a row. Ten TVs set up at once behind one address get theirs; a script that
 * drops the cookie gets ten rows, then a 429 page until the window is over.
 */
export const NEW_CODES_PER_ADDRESS: ThrottlePolicy = {
  maxFailures: 10,
  windowMinutes: PAIRING_CODE_MINUTES,
  blockMinutes: PAIRING_CODE_MINUTES,
};
/** Expired codes removed at each new code; more than the new codes can leave behind. */
const EXPIRED_CODES_PER_ROUND = 100;
/** A TV not heard of for this long is offline (it reports every 30 s). */
export const OFFLINE_AFTER_SECONDS = 90;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Path `/`: a cookie for `/tv` would not reach `/tv.data`, where the player reloads its data. */
export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Max-Age=${DEVICE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

export function deviceTokenOf(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The paired TV's device id from its cookie, or null (no cookie, unpaired, device removed). */
export async function pairedDeviceId(db: Db, request: Request): Promise<number | null> {
  const token = deviceTokenOf(request);
  if (!token) return null;
  const pairing = await db
    .selectFrom("signagePairings")
    .select("deviceId")
    .where("tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  return pairing?.deviceId ?? null;
}

function newCode(): string {
  let code = "";
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1) {
    code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  }
  return code;
}

export type TvState =
  | { kind: "unpaired"; token: string | null; code: string }
  /** Too many new codes from this address: none made, try again in `minutes`. */
  | { kind: "busy"; minutes: number }
  | { kind: "paired"; deviceId: number; branchId: number; streamId: number | null; name: string };

/**
 * What this browser is: a paired TV, or one showing a code (a new token and code when it has
 * none, or its code ran out). `token` is set when the cookie must be (re)written. A new code is
 * counted against the client address (`NEW_CODES_PER_ADDRESS`); past it the answer is `busy` and
 * nothing is written. Making one also removes codes that ran out unpaired.
 */
export async function tvStateOf(
  db: Db,
  token: string | null,
  now: Date,
  clientAddress?: string,
): Promise<TvState> {
  if (token) {
    const pairing = await db
      .selectFrom("signagePairings")
      .leftJoin("signageDevices", "signageDevices.id", "signagePairings.deviceId")
      .select([
        "signagePairings.id",
        "signagePairings.code",
        "signagePairings.createdAt",
        "signageDevices.id as deviceId",
        "signageDevices.branchId",
        "signageDevices.streamId",
        "signageDevices.name",
      ])
      .where("signagePairings.tokenHash", "=", hashToken(token))
      .executeTakeFirst();
    if (pairing?.deviceId != null) {
      return {
        kind: "paired",
        deviceId: pairing.deviceId,
        branchId: pairing.branchId!,
        streamId: pairing.streamId ?? null,
        name: pairing.name ?? "",
      };
    }
    if (pairing && now.getTime() - pairing.createdAt.getTime() < PAIRING_CODE_MINUTES * 60_000) {
      return { kind: "unpaired", token: null, code: pairing.code };
    }
  }
  return db.transaction().execute(async (trx) => {
    const key = `tvpairing:${hashToken(addressBucket(clientAddress))}`;
    const counted = await lockThrottle(trx, key);
    const blocked = minutesBlocked(counted, now);
    if (blocked !== null) return { kind: "busy", minutes: blocked };
    await saveThrottle(trx, key, countAttempt(counted, now, NEW_CODES_PER_ADDRESS), now);
    await removeExpiredCodes(trx, now);
    const fresh = randomBytes(32).toString("base64url");
    for (let attempt = 0; ; attempt += 1) {
      const code = newCode();
      const inserted = await trx
        .insertInto("signagePairings")
        .values({ code, tokenHash: hashToken(fresh) })
        .onConflict((conflict) => conflict.column("code").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { kind: "unpaired", token: fresh, code };
      if (attempt > 20) throw new Error("Kein freier Kopplungscode gefunden.");
    }
  });
}

/** Unpaired codes older than `PAIRING_CODE_MINUTES` (this browser's old one too), a batch. */
export async function removeExpiredCodes(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("signagePairings")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("signagePairings")
        .select("id")
        .where("deviceId", "is", null)
        .where("createdAt", "<=", new Date(now.getTime() - PAIRING_CODE_MINUTES * 60_000))
        .limit(EXPIRED_CODES_PER_ROUND),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface PairInput {
  code: string;
  name: string;
  branchId: number;
  streamId: number | null;
}

export type PairOutcome =
  { ok: true; deviceId: number } | { ok: false; status: 400 | 403 | 429; errors: Problem[] };

/**
 * Pairs the TV showing `code` as a new device of a branch. Wrong codes are counted (outside any
 * transaction, so a refusal still counts): ten per person or a hundred in the whole shop within
 * 15 minutes lock pairing with a 429 (decision 060).
 */
export async function pairDevice(
  db: Db,
  user: StaffUser,
  input: PairInput,
  clientAddress?: string,
): Promise<PairOutcome> {
  const texts = deSignage.pairing;
  const since = new Date(Date.now() - LOCK_MINUTES * 60_000);
  const [mine, all] = await Promise.all([
    db
      .selectFrom("signagePairingFailures")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("userId", "=", user.id)
      .where("at", ">", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("signagePairingFailures")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("at", ">", since)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(mine.count) >= WRONG_CODES_PER_USER || Number(all.count) >= WRONG_CODES_PER_SHOP) {
    return { ok: false, status: 429, errors: [{ field: "code", message: texts.tooMany }] };
  }
  if (!canAccessBranch(user, input.branchId)) {
    return {
      ok: false,
      status: 403,
      errors: [{ field: "branchId", message: de.resources.edit.forbidden }],
    };
  }
  const code = normalisePairingCode(input.code);
  const pairing = isPairingCodeShape(code)
    ? await db
        .selectFrom("signagePairings")
        .select(["id", "createdAt"])
        .where("code", "=", code)
        .where("deviceId", "is", null)
        .where("createdAt", ">", new Date(Date.now() - PAIRING_CODE_MINUTES * 60_000))
        .executeTakeFirst()
    : undefined;
  if (!pairing) {
    await db.insertInto("signagePairingFailures").values({ userId: user.id }).execute();
    return { ok: false, status: 400, errors: [{ field: "code", message: texts.wrongCode }] };
  }
  const [branch, stream] = await Promise.all([
    db.selectFrom("branches").select("id").where("id", "=", input.branchId).executeTakeFirst(),
    input.streamId === null
      ? Promise.resolve({ id: null })
      : db
          .selectFrom("signageStreams")
          .select("id")
          .where("id", "=", input.streamId)
          .executeTakeFirst(),
  ]);
  if (!branch) {
    return {
      ok: false,
      status: 400,
      errors: [{ field: "branchId", message: de.fields.unknownReference }],
    };
  }
  if (!stream) {
    return {
      ok: false,
      status: 400,
      errors: [{ field: "streamId", message: de.fields.unknownReference }],
    };
  }
  return db.transaction().execute(async (trx) => {
    const device = await trx
      .insertInto("signageDevices")
      .values({
        name: input.name,
        branchId: input.branchId,
        streamId: input.streamId,
        pairedAt: new Date(),
      })
      .returning(["id", "name", "branchId", "streamId"])
      .executeTakeFirstOrThrow();
    const claimed = await trx
      .updateTable("signagePairings")
      .set({ deviceId: device.id })
      .where("id", "=", pairing.id)
      .where("deviceId", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) throw new Error("Der Code wurde gerade schon verwendet.");
    await audit(trx, {
      user,
      action: "digitalSignageDevice.paired",
      entityType: "digitalSignageDevice",
      entityId: device.id,
      branchId: device.branchId,
      data: { before: null, after: device },
      context: clientAddress ? { clientAddress } : undefined,
    });
    return { ok: true as const, deviceId: device.id };
  });
}

// ——— What a TV plays ———

export interface MenuBoardProduct {
  name: string;
  price: string;
  soldOut: boolean;
}

export interface PlayerSegment {
  id: number;
  name: string;
  kind: "image" | "video" | "page" | "text" | "menu";
  seconds: number;
  imageUrl?: string;
  imageAlt?: string;
  videoUrl?: string;
  pagePath?: string;
  body?: string;
  menu?: { branchName: string; categories: { name: string; products: MenuBoardProduct[] }[] };
}

export interface PlayerView {
  streamId: number | null;
  streamName: string;
  transition: string;
  segments: PlayerSegment[];
  /** The reference-data stamp the view was built from (reported back as the TV's version). */
  version: string;
  /** Seconds until a time slot may switch the stream (the player reloads then). */
  nextChangeSeconds: number;
  zone: string;
}

/** What a TV assigned to `streamId` plays at `now`: slots resolved, menu boards filled in. */
export async function playerView(
  db: Db,
  streamId: number | null,
  now: Date,
  options: { fixed?: boolean } = {},
): Promise<PlayerView> {
  const [stamp, settings] = await Promise.all([referenceVersion(db), referenceSettings(db)]);
  const zone = settings.businessTimeZone;
  const version = String(stamp);
  const empty = {
    streamId: null,
    streamName: "",
    transition: "none",
    segments: [],
    version,
    nextChangeSeconds: 3600,
    zone,
  };
  if (streamId === null) return empty;
  const streams = await db
    .selectFrom("signageStreams")
    .select(["id", "name", "schedule", "transition"])
    .execute();
  const slots = new Map<number, SignageSlot[]>();
  for (const stream of streams) {
    const parsed = parseSchedule(stream.schedule);
    slots.set(stream.id, parsed.ok ? parsed.slots : []);
  }
  if (!slots.has(streamId)) return empty;
  const local = DateTime.fromJSDate(now, { zone });
  // `fixed`: this stream's own segments, whatever its slots say (the player chooses itself).
  const chosen = options.fixed
    ? streamId
    : chooseStream(streamId, (id) => slots.get(id) ?? [], local);
  const stream = streams.find((candidate) => candidate.id === chosen)!;
  // Every slot on the way may switch: the soonest boundary of any stream's slots.
  const allSlots = [...slots.values()].flat();
  const minutes = minutesToNextChange(allSlots, local);
  const nextChangeSeconds = Math.max(1, minutes * 60 - local.second);
  const rows = await db
    .selectFrom("signageStreamSegments")
    .innerJoin("signageSegments", "signageSegments.id", "signageStreamSegments.segmentId")
    .selectAll("signageSegments")
    .select("signageStreamSegments.durationSeconds as entrySeconds")
    .where("signageStreamSegments.streamId", "=", chosen)
    .orderBy("signageStreamSegments.position")
    .orderBy("signageSegments.id")
    .execute();
  const boardCategories = await categoriesOfBoards(
    db,
    rows.flatMap((row) => (row.kind === "menu" ? [row.id] : [])),
  );
  const images = await findImagesByIds(
    db,
    rows.flatMap((row) => (row.imageId == null ? [] : [row.imageId])),
  );
  const segments: PlayerSegment[] = [];
  for (const row of rows) {
    const segment: PlayerSegment = {
      id: row.id,
      name: row.name,
      kind: row.kind,
      // The stream's entry may have its own duration (decision 060).
      seconds: row.entrySeconds ?? row.durationSeconds,
    };
    if (row.kind === "image" && row.imageId != null) {
      const image = images.get(row.imageId);
      if (!image) continue;
      segment.imageUrl = imagePath(image);
      segment.imageAlt = image.alt ?? row.name;
    } else if (row.kind === "video") {
      if (!row.videoPath) continue;
      segment.videoUrl = `/tv/video/${row.id}`;
    } else if (row.kind === "page") {
      segment.pagePath = row.pagePath ?? "/";
    } else if (row.kind === "text") {
      segment.body = row.body ?? "";
    } else if (row.kind === "menu" && row.branchId != null) {
      segment.menu = await menuBoard(db, row.branchId, now, zone, boardCategories.get(row.id));
    }
    segments.push(segment);
  }
  return {
    streamId: chosen,
    streamName: stream.name,
    transition: stream.transition,
    segments,
    version,
    nextChangeSeconds,
    zone,
  };
}

/** The chosen categories of menu boards, in their order, by segment (absent: the whole menu). */
async function categoriesOfBoards(db: Db, segmentIds: number[]): Promise<Map<number, number[]>> {
  const chosen = new Map<number, number[]>();
  if (segmentIds.length === 0) return chosen;
  const rows = await db
    .selectFrom("signageSegmentCategories")
    .select(["segmentId", "categoryId"])
    .where("segmentId", "in", segmentIds)
    .orderBy("position")
    .orderBy("categoryId")
    .execute();
  for (const row of rows) {
    chosen.set(row.segmentId, [...(chosen.get(row.segmentId) ?? []), row.categoryId]);
  }
  return chosen;
}

async function menuBoard(
  db: Db,
  branchId: number,
  now: Date,
  zone: string,
  categoryIds?: readonly number[],
) {
  const branch = await db
    .selectFrom("branches")
    .select("name")
    .where("id", "=", branchId)
    .executeTakeFirst();
  const catalogue = await loadActiveCatalogue(db, branchId, now, zone);
  // Chosen categories in the menu's own order; a chosen one the live menu lacks shows nothing.
  const shown = categoryIds?.length
    ? catalogue.categories.filter((category) => categoryIds.includes(category.id))
    : catalogue.categories;
  return {
    branchName: branch?.name ?? "",
    categories: shown.map((category) => ({
      name: category.name,
      products: category.products.map((entry) => ({
        name: entry.product.name,
        price: formatMoney(entry.product.price),
        soldOut: entry.isSoldOut === true,
      })),
    })),
  };
}

// ——— What TVs report ———

export async function recordHeartbeat(
  db: Db,
  deviceId: number,
  report: { playing: string | null; version: string | null },
  now: Date,
): Promise<void> {
  const values = {
    lastSeenAt: now,
    playing: report.playing?.slice(0, 200) ?? null,
    contentVersion: report.version?.slice(0, 40) ?? null,
  };
  await db
    .insertInto("signageDeviceStatus")
    .values({ deviceId, ...values })
    .onConflict((conflict) => conflict.column("deviceId").doUpdateSet(values))
    .execute();
}

export type DeviceHealth = "online" | "offline" | "outdated";

export function healthOf(
  status: { lastSeenAt: Date; contentVersion: string | null } | undefined,
  currentVersion: string,
  now: Date,
): DeviceHealth {
  if (!status || now.getTime() - status.lastSeenAt.getTime() > OFFLINE_AFTER_SECONDS * 1000) {
    return "offline";
  }
  return status.contentVersion === currentVersion ? "online" : "outdated";
}

/** The TVs' list rows with their state ('online · zuletzt 12:03 · spielt: Frühstück'). */
export async function deviceStatusRows(db: Db, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const [stamp, settings, statuses] = await Promise.all([
    referenceVersion(db),
    referenceSettings(db),
    db
      .selectFrom("signageDeviceStatus")
      .selectAll()
      .where(
        "deviceId",
        "in",
        rows.map((row) => row.id),
      )
      .execute(),
  ]);
  const byDevice = new Map(statuses.map((status) => [status.deviceId, status]));
  const now = new Date();
  const texts = deSignage.status;
  return rows.map((row) => {
    const status = byDevice.get(row.id);
    const health = healthOf(status, String(stamp), now);
    const parts: string[] = [texts[health]];
    if (status) {
      const seen = DateTime.fromJSDate(status.lastSeenAt, { zone: settings.businessTimeZone });
      parts.push(texts.lastSeen(seen.toFormat("dd.MM.yyyy HH:mm")));
      if (status.playing) parts.push(status.playing);
    } else {
      parts.push(texts.never);
    }
    return { ...row, status: parts.join(" · "), health };
  });
}
