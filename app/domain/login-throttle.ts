/**
 * Lockout arithmetic for sign-in attempts (docs/decisions/011 and 028). One state per account and
 * client address, one per account from all addresses together (both keyed by the e-mail typed,
 * known or not) and one per client address. An attempt is counted *before* the password is
 * checked, so parallel guesses cannot slip past the limit; a successful sign-in then takes its own
 * attempt back.
 */
export interface ThrottleState {
  /** Attempts counted in the current window. */
  failures: number;
  windowStartedAt: Date | null;
  blockedUntil: Date | null;
}

export interface ThrottlePolicy {
  /** The attempt that reaches this number within the window starts the block. */
  maxFailures: number;
  windowMinutes: number;
  blockMinutes: number;
}

/**
 * Five wrong passwords for one account from one address (or IPv6 /64) within 15 minutes block
 * that account's password sign-in *from that address* for 15 minutes. Someone guessing from
 * elsewhere does not lock the real user out (decision 028).
 */
export const ACCOUNT_ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  blockMinutes: 15,
};

/**
 * Twenty wrong passwords for one account from unknown devices, all addresses together, within 15
 * minutes block its password sign-in *from unknown devices* for 15 minutes: the bound on guessing
 * spread over many addresses (at most 20 guesses per 15 minutes). The owner's known devices are
 * not blocked, and a login link still signs in and lifts the block (decision 028, addendum).
 */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  maxFailures: 20,
  windowMinutes: 15,
  blockMinutes: 15,
};

/**
 * Five wrong passwords from one known device of the account (decision 028, addendum) within 15
 * minutes block that device for 15 minutes; it then counts as an unknown device. The device's
 * wrong passwords never count toward the account-wide bound, so they cannot block the owner.
 */
export const DEVICE_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  blockMinutes: 15,
};

/**
 * Wrong "current password" entries on the own password page, per user: an unlocked screen must
 * not become a way to guess the password, yet these never block the user's sign-in.
 */
export const PASSWORD_CHECK_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  blockMinutes: 15,
};

/**
 * Twenty failures from one address (or IPv6 /64) within 15 minutes block it for 15 minutes: a
 * shop's shared PC or a NAT with several staff stays well below, a guesser spreading over many
 * accounts does not.
 */
export const ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 20,
  windowMinutes: 15,
  blockMinutes: 15,
};

/** Login-link requests per address: a mail bomb costs more than it is worth. */
export const LINK_REQUEST_POLICY: ThrottlePolicy = {
  maxFailures: 10,
  windowMinutes: 15,
  blockMinutes: 15,
};

export const NO_FAILURES: ThrottleState = {
  failures: 0,
  windowStartedAt: null,
  blockedUntil: null,
};

const MINUTE_MS = 60_000;

/** Whole minutes (at least 1) until the block ends, or null when not blocked at `now`. */
export function minutesBlocked(state: ThrottleState, now: Date): number | null {
  if (!state.blockedUntil) return null;
  const remaining = state.blockedUntil.getTime() - now.getTime();
  if (remaining <= 0) return null;
  return Math.max(1, Math.ceil(remaining / MINUTE_MS));
}

/** The state after one more attempt at `now` (call only when not blocked). */
export function countAttempt(
  state: ThrottleState,
  now: Date,
  policy: ThrottlePolicy,
): ThrottleState {
  const windowEnd = state.windowStartedAt
    ? state.windowStartedAt.getTime() + policy.windowMinutes * MINUTE_MS
    : -Infinity;
  const blockOver = state.blockedUntil !== null && state.blockedUntil.getTime() <= now.getTime();
  const freshWindow = blockOver || now.getTime() >= windowEnd;
  const failures = freshWindow ? 1 : state.failures + 1;
  const windowStartedAt = freshWindow ? now : state.windowStartedAt;
  const blockedUntil =
    failures >= policy.maxFailures
      ? new Date(now.getTime() + policy.blockMinutes * MINUTE_MS)
      : blockOver
        ? null
        : state.blockedUntil;
  return { failures, windowStartedAt, blockedUntil };
}

/**
 * Takes back one counted attempt (the sign-in succeeded). A block this very attempt started is
 * lifted again; one that earlier attempts started stays.
 */
export function forgiveAttempt(state: ThrottleState, policy: ThrottlePolicy): ThrottleState {
  const failures = Math.max(0, state.failures - 1);
  return {
    failures,
    windowStartedAt: state.windowStartedAt,
    blockedUntil: failures < policy.maxFailures ? null : state.blockedUntil,
  };
}

/**
 * Account-wide blocks grow while they follow one another (decision 028, addendum): 15, 30, 60,
 * 120, then 240 minutes at most; a day without a new block starts again at 15. They block unknown
 * devices only, so a longer block costs the owner nothing on a known device or with a login link,
 * and it cuts guessing spread over many addresses from 1 920 tries a day to 200 on the first
 * day and 120 on each further one.
 */
export const ACCOUNT_BLOCK_GROWTH = {
  /** A new block within this time after the last one ended is one step longer. */
  resetAfterMinutes: 24 * 60,
  maxBlockMinutes: 240,
};

/**
 * The block that starts at `now` for a key whose earlier blocks are recorded in `record`
 * (`failures`: blocks in a row, `blockedUntil`: when the last one ended or ends). Answers the
 * block's end and the record to keep.
 */
export function grownBlock(
  record: ThrottleState,
  now: Date,
  policy: ThrottlePolicy,
  growth = ACCOUNT_BLOCK_GROWTH,
): { blockedUntil: Date; record: ThrottleState } {
  const follows =
    record.blockedUntil !== null &&
    now.getTime() - record.blockedUntil.getTime() < growth.resetAfterMinutes * MINUTE_MS;
  const inARow = follows ? record.failures + 1 : 1;
  const minutes = Math.min(policy.blockMinutes * 2 ** (inARow - 1), growth.maxBlockMinutes);
  const blockedUntil = new Date(now.getTime() + minutes * MINUTE_MS);
  return { blockedUntil, record: { failures: inARow, windowStartedAt: now, blockedUntil } };
}

/**
 * The part of a client address that one person controls: IPv4 as it is, IPv6 by its /64 prefix
 * (one connection usually owns a whole /64), IPv4-mapped IPv6 as IPv4.
 */
export function addressBucket(address: string | null | undefined): string {
  const raw = (address ?? "").trim().toLowerCase();
  if (!raw) return "unbekannt";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped?.[1]) return mapped[1];
  if (!raw.includes(":")) return raw;
  const groups = expandIpv6(raw.replace(/%.*$/, ""));
  if (!groups) return raw;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // An embedded IPv4 tail ('::1.2.3.4') takes two groups.
  const last = tail.length > 0 ? tail : head;
  const lastGroup = last[last.length - 1];
  if (lastGroup?.includes(".")) {
    const octets = lastGroup.split(".").map(Number);
    if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255))) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ""));
}
