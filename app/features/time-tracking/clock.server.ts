import { createHash, randomBytes } from "node:crypto";
import { lockThrottle, saveThrottle } from "#app/db/queries/login";
import {
  countAttempt,
  forgiveAttempt,
  minutesBlocked,
  type ThrottlePolicy,
} from "#app/domain/login-throttle";
import { closedMonthProblem } from "./closed-months.server";
import { sql } from "kysely";
import type { Db, WorkingActivitySource } from "#app/db/schema";
import {
  afterWrongPin,
  clockState,
  clockTransition,
  PIN_LOCK_MINUTES,
  type ActivityTimes,
  type ClockAction,
  type ClockState,
} from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { hashPassword, verifyPassword } from "#app/features/staff/password.server";
import { refused, succeeded, type Outcome, type Refusal } from "#app/server/outcome";

/**
 * The clock (issue 21, decision 058): who is clocking (PIN or card, with a lock after ten wrong
 * PINs) and the four actions, each in one transaction that first locks the person's row, so two
 * taps racing are served one after the other; the partial unique index on open activities is the
 * last guard.
 */

export interface ClockPerson {
  id: number;
  name: string;
}

export const cardDigest = (card: string) =>
  createHash("sha256").update(card.trim().toUpperCase(), "utf8").digest("base64url");

/** Is the person one of the branch's staff (and not locked out of the back office)? */
async function belongsTo(db: Db, userId: number, branchId: number) {
  return db
    .selectFrom("users")
    .innerJoin("userBranches", "userBranches.userId", "users.id")
    .select(["users.id", "users.name"])
    .where("users.id", "=", userId)
    .where("userBranches.branchId", "=", branchId)
    .where("users.isLocked", "=", false)
    .executeTakeFirst();
}

/**
 * The PIN check's dummy: a name without a PIN (unknown, not at the branch, none set) costs the
 * same scrypt run as a wrong PIN, so the time taken tells nobody who has a PIN (issue 35,
 * finding 4: ~170 ms against ~5 ms before). Made once per process.
 */
let dummyPin: Promise<string> | undefined;
const dummyPinHash = () => (dummyPin ??= hashPassword(randomBytes(18).toString("base64url")));

async function spendLikeAPinCheck(pin: string) {
  await verifyPassword(pin, await dummyPinHash());
}

/**
 * Wrong cards and PINs per time clock (decision 068): 30 within 15 minutes stop that device for
 * 15 minutes, for every person (a card names no one until it matches, so only the device can
 * count wrong cards). With cards of at least 8 characters that leaves no guessing worth trying;
 * a shop's real typos stay far below. The branch's other clocks and "Meine Arbeitszeit" work on.
 */
export const CLOCK_DEVICE_POLICY: ThrottlePolicy = {
  maxFailures: 30,
  windowMinutes: 15,
  blockMinutes: 15,
};

/** The throttle row of one time-clock key (login_throttles, keyed by the key's SHA-256). */
export const clockDeviceThrottleKey = (deviceKey: string) =>
  `clockdevice:${createHash("sha256").update(deviceKey, "utf8").digest("hex")}`;

/**
 * `identify` at one time clock: the attempt is counted against the device first (so parallel
 * guesses cannot slip past the limit, as at the sign-in), a success takes it back. A stopped
 * device answers 429 with the minutes, before any lookup.
 */
export async function identifyAtDevice(
  db: Db,
  deviceKey: string,
  input: Identification,
  now: Date,
): Promise<Outcome<ClockPerson>> {
  const key = clockDeviceThrottleKey(deviceKey);
  const blocked = await db.transaction().execute(async (trx) => {
    const state = await lockThrottle(trx, key);
    const minutes = minutesBlocked(state, now);
    if (minutes !== null) return minutes;
    await saveThrottle(trx, key, countAttempt(state, now, CLOCK_DEVICE_POLICY), now);
    return null;
  });
  if (blocked !== null) {
    return refused(429, de.identify.deviceLocked(blocked));
  }
  const found = await identify(db, input, now);
  if (found.ok) {
    await db.transaction().execute(async (trx) => {
      const state = await lockThrottle(trx, key);
      await saveThrottle(trx, key, forgiveAttempt(state, CLOCK_DEVICE_POLICY), now);
    });
  }
  return found;
}

export interface Identification {
  branchId: number;
  /** The person by id (the clock page's name list) or by username (their e-mail address). */
  userId?: number | null;
  username?: string | null;
  pin?: string | null;
  card?: string | null;
}

/**
 * Who is at the clock. A card names its person; a name needs the right PIN. Unknown names, wrong
 * PINs and unknown cards answer alike (401); ten wrong PINs in a row lock that person's PIN entry
 * (429) for a while, cards still work.
 */
export async function identify(
  db: Db,
  input: Identification,
  now: Date,
): Promise<Outcome<ClockPerson>> {
  const wrong: Refusal = refused(401, de.identify.wrong);
  if (input.card) {
    const row = await db
      .selectFrom("staffClockCredentials")
      .select("userId")
      .where("cardDigest", "=", cardDigest(input.card))
      .executeTakeFirst();
    const person = row ? await belongsTo(db, row.userId, input.branchId) : undefined;
    return person ? succeeded(person) : wrong;
  }
  if (!input.pin || (!input.userId && !input.username)) {
    return refused(400, de.identify.missing);
  }
  const user = input.userId
    ? await db.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst()
    : await db
        .selectFrom("users")
        .select("id")
        .where(sql<string>`lower(email)`, "=", input.username!.trim().toLowerCase())
        .executeTakeFirst();
  const person = user ? await belongsTo(db, user.id, input.branchId) : undefined;
  if (!person) {
    await spendLikeAPinCheck(input.pin);
    return wrong;
  }
  return db.transaction().execute(async (trx): Promise<Outcome<ClockPerson>> => {
    const credentials = await trx
      .selectFrom("staffClockCredentials")
      .select(["pinHash", "pinFailures", "pinLockedUntil"])
      .where("userId", "=", person.id)
      .forUpdate()
      .executeTakeFirst();
    if (!credentials?.pinHash) {
      await spendLikeAPinCheck(input.pin!);
      return wrong;
    }
    if (credentials.pinLockedUntil && credentials.pinLockedUntil > now) {
      const minutes = Math.ceil((+credentials.pinLockedUntil - +now) / 60_000);
      return refused(429, de.identify.locked(minutes));
    }
    if (await verifyPassword(input.pin!, credentials.pinHash)) {
      if (credentials.pinFailures > 0) {
        await trx
          .updateTable("staffClockCredentials")
          .set({ pinFailures: 0 })
          .where("userId", "=", person.id)
          .execute();
      }
      return succeeded(person);
    }
    const next = afterWrongPin(credentials.pinFailures, now);
    await trx
      .updateTable("staffClockCredentials")
      .set({
        pinFailures: next.failures,
        ...(next.lockedUntil ? { pinLockedUntil: next.lockedUntil } : {}),
      })
      .where("userId", "=", person.id)
      .execute();
    if (next.lockedUntil) {
      return refused(429, de.identify.locked(PIN_LOCK_MINUTES));
    }
    return wrong;
  });
}

/** Sets a person's PIN and/or card (null removes the card); a card of someone else → 409. */
export async function setClockCredentials(
  db: Db,
  userId: number,
  input: { pin?: string | null; card?: string | null },
): Promise<Outcome> {
  const pinHash = input.pin ? await hashPassword(input.pin) : undefined;
  const digest = input.card === undefined ? undefined : input.card ? cardDigest(input.card) : null;
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    if (digest) {
      const holder = await trx
        .selectFrom("staffClockCredentials")
        .select("userId")
        .where("cardDigest", "=", digest)
        .executeTakeFirst();
      if (holder && holder.userId !== userId) {
        return refused(409, de.errors.cardTaken);
      }
    }
    const changes = {
      ...(pinHash ? { pinHash, pinFailures: 0, pinLockedUntil: null } : {}),
      ...(digest !== undefined ? { cardDigest: digest } : {}),
      updatedAt: new Date(),
    };
    await trx
      .insertInto("staffClockCredentials")
      .values({ userId, ...changes })
      .onConflict((oc) => oc.column("userId").doUpdateSet(changes))
      .execute();
    return succeeded(undefined);
  });
}

export async function clockCredentialsOf(db: Db, userId: number) {
  const row = await db
    .selectFrom("staffClockCredentials")
    .select(["pinHash", "cardDigest"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  return { hasPin: Boolean(row?.pinHash), hasCard: Boolean(row?.cardDigest) };
}

export interface OpenActivity extends ActivityTimes {
  id: number;
  branchId: number;
}

/** The person's open activity with its pauses, or null. */
export async function openActivityOf(db: Db, userId: number): Promise<OpenActivity | null> {
  const row = await db
    .selectFrom("workingActivities")
    .select(["id", "branchId", "startedAt", "endedAt"])
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const pauses = await db
    .selectFrom("workingActivityPauses")
    .select(["startedAt", "endedAt"])
    .where("workingActivityId", "=", row.id)
    .orderBy("startedAt")
    .execute();
  return { ...row, pauses };
}

export async function stateOf(db: Db, userId: number) {
  const open = await openActivityOf(db, userId);
  return { state: clockState(open) as ClockState, open };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

/** What a tap did: the activity it started or changed and the person's state after it. */
export interface ClockTap {
  activityId: number;
  state: ClockState;
}

/**
 * One tap on the clock: start, pause, resume or end the person's activity at `now`. 409 with the
 * spec's message and the reason when the tap does not fit (already working, nothing to end …).
 */
export async function clock(
  db: Db,
  input: {
    userId: number;
    branchId: number;
    action: ClockAction;
    now: Date;
    source: WorkingActivitySource;
  },
): Promise<Outcome<ClockTap>> {
  const { userId, branchId, action, now } = input;
  const refuse = (reason: string): Refusal => refused(409, `${de.failed[action]} ${reason}`);
  try {
    return await db.transaction().execute(async (trx): Promise<Outcome<ClockTap>> => {
      // Serialises this person's taps: a second tap waits here and then sees the first one's row.
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      // A closed month (decision 059) takes no more taps.
      const closed = await closedMonthProblem(trx, [now]);
      if (closed) return refuse(closed);
      const open = await openActivityOf(trx, userId);
      const latest = await trx
        .selectFrom("workingActivities")
        .select((eb) => eb.fn.max("endedAt").as("latest"))
        .where("userId", "=", userId)
        .executeTakeFirst();
      const latestEnd = latest?.latest ? new Date(latest.latest) : null;
      const verdict = clockTransition(action, open, now, latestEnd);
      if (!verdict.ok) return refuse(de.problems[verdict.problem]);
      switch (action) {
        case "start": {
          const row = await trx
            .insertInto("workingActivities")
            .values({ userId, branchId, startedAt: now, source: input.source })
            .returning("id")
            .executeTakeFirstOrThrow();
          return succeeded({ activityId: row.id, state: "working" });
        }
        case "pause":
          await trx
            .insertInto("workingActivityPauses")
            .values({ workingActivityId: open!.id, startedAt: now })
            .execute();
          await touch(trx, open!.id, now);
          return succeeded({ activityId: open!.id, state: "paused" });
        case "resume":
        case "end":
          await trx
            .updateTable("workingActivityPauses")
            .set({ endedAt: now })
            .where("workingActivityId", "=", open!.id)
            .where("endedAt", "is", null)
            .execute();
          if (action === "end") {
            await trx
              .updateTable("workingActivities")
              .set({ endedAt: now, updatedAt: now })
              .where("id", "=", open!.id)
              .execute();
            return succeeded({ activityId: open!.id, state: "off" });
          }
          await touch(trx, open!.id, now);
          return succeeded({ activityId: open!.id, state: "working" });
      }
    });
  } catch (error) {
    // The index's last word when two taps slipped past each other.
    if (isUniqueViolation(error)) return refuse(de.problems.alreadyWorking);
    throw error;
  }
}

async function touch(trx: Db, id: number, now: Date) {
  await trx.updateTable("workingActivities").set({ updatedAt: now }).where("id", "=", id).execute();
}

/** The branch's staff, for the clock's name list. */
export async function branchStaff(db: Db, branchId: number): Promise<ClockPerson[]> {
  return db
    .selectFrom("users")
    .innerJoin("userBranches", "userBranches.userId", "users.id")
    .select(["users.id", "users.name"])
    .where("userBranches.branchId", "=", branchId)
    .where("users.isLocked", "=", false)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
}
