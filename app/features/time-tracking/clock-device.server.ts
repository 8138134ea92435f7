import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { formatTime } from "#app/domain/format";
import { parseId, parseIsoDate } from "#app/domain/values";
import {
  CLOCK_ACTIONS,
  isValidCardNumber,
  isValidPin,
  type ClockAction,
} from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import { checkBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import {
  clock,
  identifyAtDevice,
  stateOf,
  type ClockPerson,
  type ClockTap,
  type Identification,
} from "./clock.server";
import { zoneOf } from "./staff-scope.server";
import { activityJson, listActivities } from "./working-activities.server";
import { workingSchedulesOf } from "./working-schedules-hook.server";

/**
 * The time clock of a branch (issue 21, decision 058), for its API
 * `/api/time-tracking/{branchId}/{deviceKey}/…` and its page `/time-clock/{branchId}/{deviceKey}`:
 * the key's branch, who is at the clock (a username or the page's name list with a PIN, or a card
 * alone), the taps and the person's own reads.
 */

const MAX_DAYS = 62;

export interface ClockDevice {
  branch: { id: number; name: string };
  deviceKey: string;
}

/** The branch of a valid time-clock key; null for anything else (wrong branch, key, purpose). */
export async function clockDevice(
  db: Db,
  params: { branchId?: string; deviceKey?: string },
): Promise<ClockDevice | null> {
  const branchId = parseId(params.branchId);
  const deviceKey = params.deviceKey ?? "";
  if (branchId === null || !(await checkBranchApiKey(db, branchId, deviceKey, "time_clock"))) {
    return null;
  }
  const branch = await db
    .selectFrom("branches")
    .select(["id", "name"])
    .where("id", "=", branchId)
    .executeTakeFirst();
  return branch ? { branch, deviceKey } : null;
}

export function clockActionOf(value: unknown): ClockAction | null {
  return CLOCK_ACTIONS.includes(value as ClockAction) ? (value as ClockAction) : null;
}

const short = (value: unknown, max: number) =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : null;

/**
 * The person of a time-clock API call: a username (e-mail) and an access token. With a username
 * the token is the PIN; without, the card.
 */
export function apiIdentification(
  branchId: number,
  input: { username: unknown; token: unknown },
): Outcome<Identification> {
  const username = short(input.username, 254);
  const token = short(input.token, 64);
  if (!token) return refused(401, de.identify.missing);
  if (username) {
    return isValidPin(token)
      ? succeeded({ branchId, username, pin: token })
      : refused(401, de.identify.wrong);
  }
  return isValidCardNumber(token)
    ? succeeded({ branchId, card: token })
    : refused(401, de.identify.wrong);
}

/** The person of a tap on the clock's page: a card, or a name from the list with a PIN. */
export function pageIdentification(
  branchId: number,
  fields: Record<string, unknown>,
): Outcome<Identification> {
  const card = typeof fields.card === "string" ? fields.card.trim() : "";
  const pin = typeof fields.pin === "string" ? fields.pin.trim() : "";
  if (card) {
    return isValidCardNumber(card)
      ? succeeded({ branchId, card })
      : refused(400, de.identify.wrong);
  }
  const userId = parseId(fields.person);
  if (!userId || !pin) return refused(400, de.identify.missing);
  if (!isValidPin(pin)) return refused(401, de.identify.wrong);
  return succeeded({ branchId, userId, pin });
}

/** Who is at the clock (counted against the device, decision 068). */
export function personAtClock(
  db: Db,
  device: ClockDevice,
  identification: Identification,
): Promise<Outcome<ClockPerson>> {
  return identifyAtDevice(db, device.deviceKey, identification, new Date());
}

/** The person an API call names by username and token, checked at the device. */
export async function personOfApiCall(
  db: Db,
  device: ClockDevice,
  input: { username: unknown; token: unknown },
): Promise<Outcome<ClockPerson>> {
  const identification = apiIdentification(device.branch.id, input);
  return identification.ok ? personAtClock(db, device, identification.value) : identification;
}

/** One tap of `person` on the device's clock. */
export function tapAtClock(
  db: Db,
  device: ClockDevice,
  person: ClockPerson,
  action: ClockAction,
): Promise<Outcome<ClockTap>> {
  return clock(db, {
    userId: person.id,
    branchId: device.branch.id,
    action,
    now: new Date(),
    source: "clock",
  });
}

/** `GET …/me`: who the token names and where they stand. */
export async function clockStatus(db: Db, person: ClockPerson) {
  const { state, open } = await stateOf(db, person.id);
  const activity = open
    ? {
        id: open.id,
        branchId: open.branchId,
        start: open.startedAt.toISOString(),
        pauses: open.pauses.map((pause) => ({
          start: pause.startedAt.toISOString(),
          end: pause.endedAt?.toISOString() ?? null,
        })),
      }
    : null;
  return { id: person.id, name: person.name, state, activity };
}

/** `from`/`to` of a query (default: the last `days` days up to today), at most 62 days. */
export function dayRange(
  input: { from: string | null; to: string | null },
  zone: string,
  days = 7,
): { from: string; to: string } | null {
  const today = DateTime.now().setZone(zone).toISODate()!;
  const to = input.to === null ? today : parseIsoDate(input.to);
  const from =
    input.from === null
      ? DateTime.fromISO(to ?? today)
          .minus({ days: days - 1 })
          .toISODate()
      : parseIsoDate(input.from);
  if (!from || !to || from > to) return null;
  if (DateTime.fromISO(to).diff(DateTime.fromISO(from), "days").days >= MAX_DAYS) return null;
  return { from, to };
}

/** `GET …/working-activities?from&to`: the person's own activities. */
export async function ownActivities(
  db: Db,
  person: ClockPerson,
  query: { from: string | null; to: string | null },
) {
  const zone = await zoneOf(db);
  const range = dayRange(query, zone);
  if (!range) return refused(400, `${de.loadError} ${de.errors.invalidDate}`);
  const rows = await listActivities(db, {
    branches: "all",
    userId: person.id,
    ...range,
    zone,
    now: new Date(),
  });
  return succeeded(rows.map(activityJson));
}

/** `GET …/working-schedules?from&to`: the person's planned shifts (decision 059's hook). */
export async function ownShifts(
  db: Db,
  device: ClockDevice,
  person: ClockPerson,
  query: { from: string | null; to: string | null },
) {
  const zone = await zoneOf(db);
  const range = dayRange(query, zone);
  if (!range) return refused(400, de.errors.invalidDate);
  return succeeded(
    await workingSchedulesOf(db, { userId: person.id, branchId: device.branch.id, ...range, zone }),
  );
}

/**
 * `?erfasst=start-12`: the confirmation after a tap's redirect, for a tap of the last two minutes
 * (of the branch's clock, or any for "Meine Arbeitszeit").
 */
export async function tapNotice(
  db: Db,
  erfasst: string | null,
  branchId: number | null,
  zone: string,
): Promise<string | null> {
  const match = /^(start|end|pause|resume)-(\d{1,10})$/.exec(erfasst ?? "");
  const id = match ? parseId(match[2]) : null;
  if (!match || !id) return null;
  const row = await db
    .selectFrom("workingActivities as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select(["u.name", "a.updatedAt", "a.branchId"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!row || (branchId !== null && row.branchId !== branchId)) return null;
  if (Date.now() - row.updatedAt.getTime() > 2 * 60_000) return null;
  return de.done[match[1] as ClockAction](row.name, formatTime(row.updatedAt, zone));
}
