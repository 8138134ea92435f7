import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import {
  allBranchIds,
  findApiTokenOwner,
  findOwnApiToken,
  countApiTokenCall,
  insertApiToken,
  revokeApiTokenRow,
  touchApiToken,
} from "#app/db/queries/api-tokens";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import type { Database, Db, Role } from "#app/db/schema";
import { tokenReach, type Reach } from "#app/domain/api-token-scope";
import { assignableRoles, isAdmin, type StaffMember } from "#app/domain/staff-permissions";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { refused, refusedWith, succeeded, type Outcome, type Problem } from "#app/server/outcome";

/**
 * Personal API tokens (issue 38, part 2; docs/decisions/095): `Authorization: Bearer bt_…` on the
 * staff API. A token is `bt_` and 32 random bytes (base64url), shown once when made; the database
 * keeps its SHA-256 (hex). Each call looks the token up by that digest (one indexed lookup, no
 * cache), so a revoked or expired token, or one whose owner was locked, is refused by every
 * instance at its next request.
 */
export const API_TOKEN_PREFIX = "bt_";
const TOKEN_PATTERN = /^bt_[A-Za-z0-9_-]{43}$/;
/** The longest `Authorization` header read at all: anything longer is not one of our tokens. */
const MAX_HEADER_LENGTH = 200;

/** A token is valid for at most this long, 90 days unless the form says otherwise (decision 095). */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;

/** `last_used_at` moves at most this often, as a session's `last_seen_at` does (decision 028). */
const LAST_USED_GAP_MS = 5 * 60_000;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export type BearerHeader = { kind: "none" } | { kind: "token"; token: string } | { kind: "bad" };

/**
 * What the request's `Authorization` header says. No header: `none` (a cookie session may
 * answer). Any header at all that is not `Bearer bt_…` of the right shape is `bad`: the caller
 * meant to use a token, so it hears 401 and never falls back to a cookie.
 */
export function readBearer(request: Request): BearerHeader {
  const header = request.headers.get("Authorization");
  if (header === null) return { kind: "none" };
  if (header.length > MAX_HEADER_LENGTH) return { kind: "bad" };
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) return { kind: "bad" };
  return { kind: "token", token };
}

export interface TokenHolder extends Reach {
  tokenId: number;
  userId: number;
  email: string;
  name: string;
}

/** The token's owner with the token's reach on this request, or null (unknown, ended, locked). */
export async function tokenHolder(db: Db, token: string, now: Date): Promise<TokenHolder | null> {
  const row = await findApiTokenOwner(db, hashApiToken(token), now);
  if (!row) return null;
  const owner = { roles: row.roles, branchIds: row.branchIds };
  const everyBranch = owner.roles.includes("ROLE_ADMIN") ? await allBranchIds(db) : [];
  const reach = tokenReach(
    { roles: row.tokenRoles, branchIds: row.tokenBranchIds },
    owner,
    everyBranch,
  );
  const lastUsed = row.tokenLastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - lastUsed >= LAST_USED_GAP_MS) {
    await touchApiToken(db, row.tokenId, now, LAST_USED_GAP_MS);
  }
  return { tokenId: row.tokenId, userId: row.userId, email: row.email, name: row.name, ...reach };
}

/**
 * Whether this token may make one more call this minute (decision 105): null when it may, else
 * the seconds until it may again. Counted in PostgreSQL on the token's row, one update per call,
 * so the limit holds for the token across every instance. A limit of 0 means none (and no write).
 */
export async function apiTokenRefusal(
  db: Db,
  limit: number,
  tokenId: number,
): Promise<number | null> {
  if (!limit) return null;
  const counted = await countApiTokenCall(db, tokenId);
  if (!counted || counted.count <= limit) return null;
  return Math.min(60, Math.max(1, counted.secondsLeft));
}

export interface NewApiToken {
  name: string;
  roles: readonly Role[];
  branchIds: readonly number[];
  /** The last day (YYYY-MM-DD, the business's time zone) on which the token works. */
  expiresOn: string;
}

/** When a token valid through `day` (in `zone`) ends: the start of the next day there. */
export function tokenExpiry(day: string, zone: string): Date | null {
  const start = DateTime.fromISO(day, { zone });
  return start.isValid ? start.plus({ days: 1 }).startOf("day").toJSDate() : null;
}

/** What the form offers as the last day: 90 days from today, in the business's time zone. */
export function defaultExpiryDay(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).plus({ days: API_TOKEN_DEFAULT_DAYS }).toISODate()!;
}

/** Who makes or revokes a token, and from where (for the audit log). */
export interface TokenActor {
  user: StaffMember & { isAdmin: boolean };
  clientAddress?: string;
}

/**
 * Checks a new token against its owner (the actor: tokens are personal, decision 096): its roles
 * and branches are the owner's or fewer, a branch scope goes without the administrator role, the
 * last day lies after today and at most a year ahead.
 */
export function newTokenProblems(
  actor: StaffMember,
  input: NewApiToken,
  branches: readonly number[],
  now: Date,
  zone: string,
): Problem[] {
  const texts = deApiTokens.errors;
  const problems: Problem[] = [];
  const roles = assignableRoles(actor);
  if (input.roles.length === 0) problems.push({ message: texts.rolesMissing, field: "roles" });
  else if (input.roles.some((role) => !roles.includes(role))) {
    problems.push({ message: texts.roleNotYours, field: "roles" });
  }
  const ownBranches = isAdmin(actor) ? branches : actor.branchIds;
  if (input.branchIds.some((id) => !ownBranches.includes(id))) {
    problems.push({ message: texts.branchNotYours, field: "branchIds" });
  } else if (input.branchIds.length > 0 && input.roles.includes("ROLE_ADMIN")) {
    problems.push({ message: texts.adminWithBranches, field: "branchIds" });
  }
  const expiresAt = tokenExpiry(input.expiresOn, zone);
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  if (!expiresAt) problems.push({ message: texts.expiryMissing, field: "expiresOn" });
  else if (expiresAt.getTime() <= today.plus({ days: 1 }).toMillis() || expiresAt <= now) {
    problems.push({ message: texts.expiryPast, field: "expiresOn" });
  } else if (expiresAt.getTime() > today.plus({ days: API_TOKEN_MAX_DAYS + 1 }).toMillis()) {
    problems.push({ message: texts.expiryTooFar(API_TOKEN_MAX_DAYS), field: "expiresOn" });
  }
  return problems;
}

/** Makes a personal token of the actor with its audit entry; the token itself is answered once. */
export async function createApiToken(
  db: Kysely<Database>,
  actor: TokenActor,
  input: NewApiToken,
  options: { now?: Date; zone: string },
): Promise<Outcome<{ id: number; name: string; token: string }>> {
  const now = options.now ?? new Date();
  const problems = newTokenProblems(actor.user, input, await allBranchIds(db), now, options.zone);
  if (problems.length > 0) return refusedWith(400, problems);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const expiresAt = tokenExpiry(input.expiresOn, options.zone)!;
  const id = await db.transaction().execute(async (trx) => {
    const made = await insertApiToken(trx, {
      userId: actor.user.id,
      name: input.name,
      tokenHash: hashApiToken(token),
      roles: input.roles,
      branchIds: input.branchIds,
      now,
      expiresAt,
    });
    await auditToken(trx, actor, "api-token.created", made, {
      name: input.name,
      roles: input.roles,
      branchIds: input.branchIds,
      expiresAt: expiresAt.toISOString(),
    });
    return made;
  });
  return succeeded({ id, name: input.name, token });
}

/** Revokes a running token (an administrator may end anyone's), with its audit entry. */
export async function revokeApiToken(
  db: Kysely<Database>,
  actor: TokenActor,
  id: number,
  now: Date = new Date(),
): Promise<Outcome<{ name: string }>> {
  if (!actor.user.isAdmin) return refused(404, deApiTokens.errors.notFound);
  const revoked = await db.transaction().execute(async (trx) => {
    const row = await revokeApiTokenRow(trx, id, now);
    if (row) {
      await auditToken(trx, actor, "api-token.revoked", row.id, {
        name: row.name,
        ownerId: row.userId,
      });
    }
    return row;
  });
  return revoked ? succeeded({ name: revoked.name }) : refused(404, deApiTokens.errors.notFound);
}

async function auditToken(
  trx: Db,
  actor: TokenActor,
  action: string,
  tokenId: number,
  data: Record<string, unknown>,
): Promise<void> {
  // The same row `audit()` of staff-auth writes; staff-auth imports this module, not the reverse.
  await insertAuditEntry(trx, {
    userId: actor.user.id,
    action,
    entityType: "api-token",
    entityId: String(tokenId),
    data,
    branchId: null,
    ip: actor.clientAddress ? actor.clientAddress : null,
  });
}

/**
 * `GET /api/users/me` with a token (decision 104): what the token may do, not the owner's whole
 * account. The owner's id, name and e-mail; the roles and branches the token reaches now (its
 * grant cut down to the owner's, as every call checks them); and the token itself — its name, its
 * grant as made (no branches: all the owner has), when it was made, ends and was last used. Never
 * the token or its digest, and nothing of the account the token may not manage (lock, sign-ins).
 */
export async function tokenSelfView(
  db: Db,
  caller: { id: number; name: string; email: string; roles: Role[]; branchIds: number[] },
  tokenId: number,
) {
  const [token, branches] = await Promise.all([
    findOwnApiToken(db, tokenId),
    caller.branchIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("branches")
          .select(["id", "name"])
          .where("id", "in", caller.branchIds)
          .orderBy("position")
          .orderBy("id")
          .execute(),
  ]);
  const user = {
    id: caller.id,
    name: caller.name,
    email: caller.email,
    roles: caller.roles,
    branches,
  };
  return {
    ...user,
    user,
    token: token
      ? {
          id: token.id,
          name: token.name,
          roles: token.roles,
          branchIds: token.branchIds,
          createdAt: token.createdAt.toISOString(),
          expiresAt: token.expiresAt.toISOString(),
          lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
        }
      : null,
  };
}
