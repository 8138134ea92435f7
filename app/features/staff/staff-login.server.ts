import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  clearThrottle,
  consumeLoginLink,
  expireLoginLinks,
  countRecentLoginLinks,
  findLoginLink,
  insertLoginLink,
  lockThrottle,
  pruneLoginLinks,
  pruneThrottles,
  readThrottle,
  saveThrottle,
} from "#app/db/queries/login";
import { getSettings } from "#app/db/queries/settings";
import {
  findUserByEmail,
  findUserById,
  lockUserRow,
  type StaffUser as StaffUserRow,
} from "#app/db/queries/users";
import type { Database, Db } from "#app/db/schema";
import {
  ACCOUNT_ADDRESS_POLICY,
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  DEVICE_POLICY,
  LINK_REQUEST_POLICY,
  PASSWORD_CHECK_POLICY,
  addressBucket,
  countAttempt,
  forgiveAttempt,
  grownBlock,
  minutesBlocked,
  type ThrottlePolicy,
  type ThrottleState,
} from "#app/domain/login-throttle";
import { de } from "#app/i18n/de-staff";
import { enqueueEmail } from "#app/features/shared/outbox.server";
import {
  forgetUserDevices,
  knownDeviceOf,
  rememberDevice,
  type BrowserDevices,
} from "./known-devices.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { audit } from "./staff-auth.server";
import { LOGIN_LINK_MINUTES, loginSchema } from "./staff-auth-schemas";
import { createStaffSession, revokeAllStaffSessions } from "./staff-session.server";

export { LOGIN_LINK_MINUTES };

/**
 * Signing in (docs/decisions/011 and 028): by password through remix-auth's form strategy, or by
 * a one-time e-mailed link. Lockout per account and client address, per account from everywhere
 * (a higher limit) and per client address; the same message and comparable work for an unknown
 * e-mail as for a wrong password. A successful sign-in writes its session row in the same
 * transaction, so a password set or a lock at the same moment cannot leave a session behind.
 */
/** Links one account may be sent within LOGIN_LINK_MINUTES; further requests send nothing. */
export const LOGIN_LINKS_PER_WINDOW = 3;
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export type LoginOutcome =
  /**
   * `sessionToken` goes into the session cookie (`staffSessionCookie`), `deviceTokens` into the
   * known-device cookie (`knownDeviceCookie`).
   */
  | { ok: true; user: StaffUserRow; sessionToken: string; deviceTokens: string[] }
  | { ok: false; reason: "invalid" | "locked" | "invalid-link" }
  /** Blocked at this address (or device): wait. */
  | { ok: false; reason: "throttled"; minutes: number }
  /** Blocked for unknown devices everywhere: a known device or a login link still gets in. */
  | { ok: false; reason: "account-throttled"; minutes: number };

export interface AttemptSource {
  /** The client's address (load context); the lockout counts by its bucket. */
  clientAddress: string | undefined;
  now: Date;
  /** The known-device cookie's tokens (decision 028, addendum); none for an unknown browser. */
  devices?: BrowserDevices;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const normalEmail = (email: string) => email.trim().toLowerCase();

export const throttleKeys = {
  /** The account from every address together (unknown devices only). */
  account: (email: string) => `account:${sha256(normalEmail(email))}`,
  /** The account-wide blocks in a row, each longer than the last. */
  accountBlocks: (email: string) => `accountblocks:${sha256(normalEmail(email))}`,
  /** The account from one address (bucket): what a guesser at that address can block. */
  accountAddress: (email: string, clientAddress: string | undefined) =>
    `accountaddress:${sha256(`${normalEmail(email)}\n${addressBucket(clientAddress)}`)}`,
  address: (clientAddress: string | undefined) => `address:${sha256(addressBucket(clientAddress))}`,
  linkRequests: (clientAddress: string | undefined) =>
    `linkrequest:${sha256(addressBucket(clientAddress))}`,
  /** One known device (its row's id): what a stolen device cookie can block. */
  device: (deviceId: number) => `device:${sha256(`device:${deviceId}`)}`,
  /** Wrong "current password" entries of a signed-in user (never the sign-in's keys). */
  passwordCheck: (userId: number) => `passwordcheck:${sha256(`user:${userId}`)}`,
};

/** The message the sign-in page shows for a refused attempt. */
export function loginMessage(outcome: Exclude<LoginOutcome, { ok: true }>): string {
  switch (outcome.reason) {
    case "invalid":
      return de.staffAuth.invalidCredentials;
    case "locked":
      return de.staffAuth.accountLocked;
    case "invalid-link":
      return de.staffAuth.invalidLink;
    case "throttled":
      return de.staffAuth.tooManyAttempts(outcome.minutes);
    case "account-throttled":
      return de.staffAuth.tooManyAttemptsForAccount(outcome.minutes);
  }
}

let dummyHash: Promise<string> | undefined;
/** A real hash of nothing anyone knows: unknown e-mails cost the same scrypt run. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummyHash;
}

interface Counted {
  key: string;
  policy: ThrottlePolicy;
  /** The key that records this key's blocks in a row, when each one should be longer. */
  growth?: string;
}

type Reservation =
  { blocked: number; blockedKeys: string[] } | { blocked: null; after: Map<string, ThrottleState> };

/** The keys of `states` blocked at `now`, and for how many minutes at most. */
function blockedBy(
  states: Map<string, ThrottleState>,
  now: Date,
): { minutes: number; keys: string[] } {
  let minutes = 0;
  const keys: string[] = [];
  for (const [key, state] of states) {
    const blocked = minutesBlocked(state, now);
    if (blocked === null) continue;
    keys.push(key);
    minutes = Math.max(minutes, blocked);
  }
  return { minutes, keys };
}

/**
 * Counts the attempt against every key before the password is checked (one transaction, rows
 * locked in key order), unless one of them is already blocked.
 */
async function reserveAttempt(
  db: Kysely<Database>,
  counted: Counted[],
  now: Date,
): Promise<Reservation> {
  const ordered = [...counted].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction().execute(async (trx) => {
    const states = new Map<string, ThrottleState>();
    for (const { key } of ordered) states.set(key, await lockThrottle(trx, key));
    const blocked = blockedBy(states, now);
    if (blocked.keys.length > 0) return { blocked: blocked.minutes, blockedKeys: blocked.keys };
    const after = new Map<string, ThrottleState>();
    for (const { key, policy, growth } of ordered) {
      let next = countAttempt(states.get(key)!, now, policy);
      if (growth && minutesBlocked(next, now) !== null) {
        // This attempt starts a block (none was running, or it would have been refused above).
        // Only the holder of this key's row lock gets here, so the record needs no other order.
        const grown = grownBlock(await lockThrottle(trx, growth), now, policy);
        await saveThrottle(trx, growth, grown.record, now);
        next = { ...next, blockedUntil: grown.blockedUntil };
      }
      after.set(key, next);
      await saveThrottle(trx, key, next, now);
    }
    return { blocked: null, after };
  });
}

const THROTTLED_AUDIT_EVERY_MS = 60_000;

/**
 * Whether a refused attempt from this address is already in the audit log within the last
 * minute: a throttled address keeps being refused without a row per request, so a script cannot
 * fill the log with refusals (issue 35); the log still shows that it was refused, once a minute.
 */
async function throttledRecently(db: Db, source: AttemptSource, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - THROTTLED_AUDIT_EVERY_MS);
  const ip = source.clientAddress ? source.clientAddress : null;
  const row = await db
    .selectFrom("auditLog")
    .select("id")
    .where("action", "=", "login.throttled")
    .where("at", ">", since)
    .where("at", "<=", now)
    .where((eb) => (ip === null ? eb("ip", "is", null) : eb("ip", "=", ip)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function forgive(trx: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<void> {
  const state = await lockThrottle(trx, key);
  await saveThrottle(trx, key, forgiveAttempt(state, policy), now);
}

/** Thrown inside the sign-in's transaction when the account changed under it: roll back. */
class ChangedMeanwhile extends Error {}

/**
 * The sign-in succeeded: this address (or known device) starts afresh for the account, and the
 * account's and the address's counts get this attempt back. A login link proved the mailbox, so
 * it also clears the account's count from everywhere (`clearAccount`). The browser becomes (or
 * stays) a known device of the account. Answers the new session's token and the device tokens.
 */
async function recordSuccess(
  trx: Db,
  user: StaffUserRow,
  source: AttemptSource,
  how: { action: string; clearAccount: boolean; knownDevice?: { id: number } },
): Promise<{ sessionToken: string; deviceTokens: string[] }> {
  // Still the password that was checked, still unlocked: a new password or a lock committed a
  // moment ago wins (the row lock makes the two run one after the other).
  const current = await trx
    .updateTable("users")
    .set({ lastLoginAt: source.now })
    .where("id", "=", user.id)
    .where("passwordHash", "=", user.passwordHash)
    .where("isLocked", "=", false)
    .returning("id")
    .executeTakeFirst();
  if (!current) throw new ChangedMeanwhile();
  if (how.knownDevice) {
    // Counted against the device only: the account's count is the unknown devices' business.
    await clearThrottle(trx, throttleKeys.device(how.knownDevice.id));
  } else {
    await clearThrottle(trx, throttleKeys.accountAddress(user.email, source.clientAddress));
  }
  if (how.clearAccount) await clearThrottle(trx, throttleKeys.account(user.email));
  else if (!how.knownDevice) {
    await forgive(trx, throttleKeys.account(user.email), ACCOUNT_POLICY, source.now);
  }
  await forgive(trx, throttleKeys.address(source.clientAddress), ADDRESS_POLICY, source.now);
  await audit(trx, {
    user,
    action: how.action,
    entityType: "user",
    entityId: user.id,
    data: { knownDevice: Boolean(how.knownDevice) },
    context: source,
    at: source.now,
  });
  const deviceTokens = await rememberDevice(trx, user.id, source.devices, source);
  const sessionToken = await createStaffSession(trx, user.id, source);
  return { sessionToken, deviceTokens };
}

/**
 * The browser's known device of the account, unless that device is blocked itself (five wrong
 * passwords from it): then it counts as an unknown device, as OWASP's device cookies do.
 */
async function usableKnownDevice(
  db: Db,
  user: StaffUserRow | undefined,
  source: AttemptSource,
): Promise<{ id: number } | undefined> {
  const device = await knownDeviceOf(db, source.devices, user?.id, source.now);
  if (!device) return undefined;
  const state = await readThrottle(db, throttleKeys.device(device.id));
  if (state && minutesBlocked(state, source.now) !== null) return undefined;
  return { id: device.id };
}

export async function attemptPasswordLogin(
  db: Kysely<Database>,
  credentials: { email: string; password: string },
  source: AttemptSource,
): Promise<LoginOutcome> {
  const { now } = source;
  await pruneThrottles(db, new Date(now.getTime() - PRUNE_AFTER_MS));
  const user = await findUserByEmail(db, credentials.email);
  // A known device of this very account counts its guesses apart from the unknown devices', so
  // guessers elsewhere cannot block it (decision 028, addendum); a token of another account is
  // no help here.
  const knownDevice = await usableKnownDevice(db, user, source);
  const accountKey = throttleKeys.account(credentials.email);
  const counted: Counted[] = knownDevice
    ? [{ key: throttleKeys.device(knownDevice.id), policy: DEVICE_POLICY }]
    : [
        {
          key: throttleKeys.accountAddress(credentials.email, source.clientAddress),
          policy: ACCOUNT_ADDRESS_POLICY,
        },
        {
          key: accountKey,
          policy: ACCOUNT_POLICY,
          growth: throttleKeys.accountBlocks(credentials.email),
        },
      ];
  counted.push({ key: throttleKeys.address(source.clientAddress), policy: ADDRESS_POLICY });
  /** Only the account-wide bound blocks: a known device or a login link still gets in. */
  const refusal = (minutes: number, keys: string[]): LoginOutcome =>
    keys.length === 1 && keys[0] === accountKey
      ? { ok: false, reason: "account-throttled", minutes }
      : { ok: false, reason: "throttled", minutes };
  const reservation = await reserveAttempt(db, counted, now);
  if (reservation.blocked !== null) {
    if (!(await throttledRecently(db, source, now))) {
      await db.transaction().execute((trx) =>
        audit(trx, {
          user: null,
          action: "login.throttled",
          entityType: "user",
          entityId: user?.id ?? null,
          data: { minutes: reservation.blocked },
          context: source,
          at: now,
        }),
      );
    }
    return refusal(reservation.blocked, reservation.blockedKeys);
  }
  const matches = await verifyPassword(
    credentials.password,
    user ? user.passwordHash : await dummyPasswordHash(),
  );
  if (user && matches && !user.isLocked) {
    const rehash = needsRehash(user.passwordHash) ? await hashPassword(credentials.password) : null;
    const tokens = await db
      .transaction()
      .execute(async (trx) => {
        const token = await recordSuccess(trx, user, source, {
          action: "login.succeeded",
          clearAccount: false,
          knownDevice,
        });
        if (rehash) {
          await trx
            .updateTable("users")
            .set({ passwordHash: rehash })
            .where("id", "=", user.id)
            .execute();
        }
        return token;
      })
      .catch((error: unknown) => {
        if (error instanceof ChangedMeanwhile) return null;
        throw error;
      });
    if (tokens) return { ok: true, user, ...tokens };
    return { ok: false, reason: "invalid" };
  }
  const reason = user && matches ? "locked" : user ? "wrong-password" : "unknown-email";
  await db.transaction().execute((trx) =>
    audit(trx, {
      user: null,
      action: "login.failed",
      entityType: "user",
      entityId: user?.id ?? null,
      data: { reason },
      context: source,
      at: now,
    }),
  );
  if (reason === "locked") return { ok: false, reason: "locked" };
  // The attempt that reached the limit already says so.
  const blocked = blockedBy(reservation.after, now);
  return blocked.keys.length > 0
    ? refusal(blocked.minutes, blocked.keys)
    : { ok: false, reason: "invalid" };
}

/**
 * remix-auth 4 only checks credentials: the strategy answers the outcome, the route commits the
 * session cookie itself. Built per request, since the check needs the request's database and
 * client address.
 */
export function passwordAuthenticator(
  db: Kysely<Database>,
  source: AttemptSource,
): Authenticator<LoginOutcome> {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse({
        email: form.get("email"),
        password: form.get("password"),
      });
      if (!parsed.success) return { ok: false, reason: "invalid" };
      return attemptPasswordLogin(db, parsed.data, source);
    }),
    "password",
  );
  return authenticator;
}

const tokenHash = (token: string) => sha256(`login-link:${token}`);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function loginLinkPath(token: string): string {
  return `/backend/login-link/${token}`;
}

/**
 * Queues a login link for the account with this e-mail, if there is one that may sign in. The
 * answer never says whether there was: only whether the address asked too often.
 */
export async function requestLoginLink(
  db: Kysely<Database>,
  request: { email: string; origin: string },
  source: AttemptSource,
): Promise<{ throttledMinutes: number | null }> {
  const { now } = source;
  const reservation = await reserveAttempt(
    db,
    [{ key: throttleKeys.linkRequests(source.clientAddress), policy: LINK_REQUEST_POLICY }],
    now,
  );
  if (reservation.blocked !== null) return { throttledMinutes: reservation.blocked };
  const user = await findUserByEmail(db, request.email);
  if (!user || user.isLocked || user.roles.length === 0) return { throttledMinutes: null };
  await db
    .transaction()
    .execute((trx) => sendLoginLink(trx, user, { origin: request.origin, by: null, source }));
  return { throttledMinutes: null };
}

/**
 * Writes a link for the user and queues its mail in `trx`, unless the account already had its
 * share of links in the last minutes. `by` is the administrator who sent it, if any.
 */
export async function sendLoginLink(
  trx: Db,
  user: Pick<StaffUserRow, "id" | "email" | "name">,
  options: { origin: string; by: { id: number } | null; source: AttemptSource },
): Promise<boolean> {
  const { now } = options.source;
  await pruneLoginLinks(trx, new Date(now.getTime() - PRUNE_AFTER_MS));
  const since = new Date(now.getTime() - LOGIN_LINK_MINUTES * 60_000);
  if ((await countRecentLoginLinks(trx, user.id, since)) >= LOGIN_LINKS_PER_WINDOW) return false;
  const token = randomBytes(32).toString("base64url");
  await insertLoginLink(trx, {
    userId: user.id,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + LOGIN_LINK_MINUTES * 60_000),
    requestedFrom: options.source.clientAddress ?? null,
  });
  const { shopName } = await getSettings(trx);
  const texts = de.staffAuth.linkMail;
  await enqueueEmail(trx, {
    to: user.email,
    subject: texts.subject(shopName),
    text: [
      texts.greeting(user.name),
      "",
      texts.intro,
      `${options.origin}${loginLinkPath(token)}`,
      "",
      texts.validity(LOGIN_LINK_MINUTES),
      texts.ignore,
      "",
      de.mails.signature(shopName),
    ].join("\n"),
  });
  await audit(trx, {
    user: options.by,
    action: "login-link.sent",
    entityType: "user",
    entityId: user.id,
    context: options.source,
    at: now,
  });
  return true;
}

/** Whether the link may still be used (the confirmation page asks before anything is spent). */
export async function isLoginLinkUsable(db: Db, token: string, now: Date): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const link = await findLoginLink(db, tokenHash(token));
  return Boolean(link && !link.usedAt && link.expiresAt.getTime() > now.getTime());
}

/**
 * Spends the link and signs its user in. A link proves the mailbox, so it works while the
 * account's password sign-in is blocked for a few minutes and lifts that block (from everywhere,
 * and at this address); not for a locked account, and not while the client address is blocked (a
 * wrong link counts against the address).
 */
export async function redeemLoginLink(
  db: Kysely<Database>,
  token: string,
  source: AttemptSource,
): Promise<LoginOutcome> {
  const { now } = source;
  const addressKey = throttleKeys.address(source.clientAddress);
  const reservation = await reserveAttempt(db, [{ key: addressKey, policy: ADDRESS_POLICY }], now);
  if (reservation.blocked !== null) {
    return { ok: false, reason: "throttled", minutes: reservation.blocked };
  }
  return db.transaction().execute(async (trx): Promise<LoginOutcome> => {
    const hash = TOKEN_PATTERN.test(token) ? tokenHash(token) : null;
    const link = hash ? await findLoginLink(trx, hash) : undefined;
    // The user's row first, then the link: a new password or a lock takes them in the same order.
    if (link) await lockUserRow(trx, link.userId);
    const userId = hash && link ? await consumeLoginLink(trx, hash, now) : undefined;
    const user = userId === undefined ? undefined : await findUserById(trx, userId);
    if (!user || user.isLocked) {
      await audit(trx, {
        user: null,
        action: "login.failed",
        entityType: "user",
        entityId: user?.id ?? null,
        data: { reason: user ? "locked" : "invalid-link" },
        context: source,
        at: now,
      });
      return { ok: false, reason: user ? "locked" : "invalid-link" };
    }
    const tokens = await recordSuccess(trx, user, source, {
      action: "login.link-succeeded",
      clearAccount: true,
    });
    return { ok: true, user, ...tokens };
  });
}

/**
 * Checks a signed-in user's current password (before they change it). It has its own limit per
 * user: an unlocked screen must not become a way to guess the password, and a user who mistypes
 * it here must not lock their own sign-in (decision 028).
 */
export async function verifyCurrentPassword(
  db: Kysely<Database>,
  user: Pick<StaffUserRow, "id" | "email" | "passwordHash">,
  password: string,
  source: AttemptSource,
): Promise<{ ok: true } | { ok: false; minutes: number | null }> {
  const key = throttleKeys.passwordCheck(user.id);
  const reservation = await reserveAttempt(
    db,
    [{ key, policy: PASSWORD_CHECK_POLICY }],
    source.now,
  );
  if (reservation.blocked !== null) return { ok: false, minutes: reservation.blocked };
  if (await verifyPassword(password, user.passwordHash)) {
    await clearThrottle(db, key);
    return { ok: true };
  }
  await db.transaction().execute((trx) =>
    audit(trx, {
      user,
      action: "password.check-failed",
      entityType: "user",
      entityId: user.id,
      context: source,
      at: source.now,
    }),
  );
  const blocked = minutesBlocked(reservation.after.get(key)!, source.now);
  return { ok: false, minutes: blocked };
}

/**
 * Ends everything that signs the user in without the password: every running session and every
 * unused login link (a new password, a lock, "Überall abmelden"), and forgets the user's known
 * devices (a device of someone who once had the password must not keep its own guessing budget
 * past a new one). Call it in the change's transaction after the user's row was written or
 * locked. Answers the sessions ended.
 */
export async function endUserAccess(trx: Db, userId: number, now: Date): Promise<number> {
  await expireLoginLinks(trx, userId, now);
  await forgetUserDevices(trx, userId);
  return revokeAllStaffSessions(trx, userId, now);
}
