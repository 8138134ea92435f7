import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { BranchApiKeyPurpose, Database, Db } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";

/**
 * Keys for counter devices without a login: `/orders/frontdesk/{branchId}/{apiKey}` and
 * `/orders/backoffice/{branchId}/{apiKey}` show that branch's orders, read-only (spec section 7).
 *
 * A key is 32 random bytes (base64url, 43 characters), shown once when made; the database keeps
 * its SHA-256 digest. A presented key is looked up by its digest and the digests are compared
 * once more with `timingSafeEqual`, so neither the lookup nor the comparison tells an attacker
 * how much of a guess was right.
 */
const KEY_BYTES = 32;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function digestOf(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("base64url");
}

export async function createBranchApiKey(
  db: Db,
  input: {
    branchId: number;
    label: string;
    createdBy: number | null;
    /** What the key opens: the counter views (default) or the time clock (decision 058). */
    purpose?: BranchApiKeyPurpose;
  },
): Promise<{ id: number; key: string }> {
  const key = randomBytes(KEY_BYTES).toString("base64url");
  const row = await db
    .insertInto("branchApiKeys")
    .values({
      branchId: input.branchId,
      label: input.label,
      keyDigest: digestOf(key),
      createdBy: input.createdBy,
      purpose: input.purpose ?? "orders",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** Revokes a key of this branch; true when it was active. */
export async function revokeBranchApiKey(db: Db, branchId: number, keyId: number) {
  const result = await db
    .updateTable("branchApiKeys")
    .set({ revokedAt: new Date() })
    .where("id", "=", keyId)
    .where("branchId", "=", branchId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listBranchApiKeys(db: Db, branchId: number) {
  return db
    .selectFrom("branchApiKeys")
    .select(["id", "label", "purpose", "createdAt", "lastUsedAt", "revokedAt"])
    .where("branchId", "=", branchId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** True when `key` is an active key of exactly this branch for this purpose (and notes its use). */
export async function checkBranchApiKey(
  db: Db,
  branchId: number,
  key: string,
  purpose: BranchApiKeyPurpose = "orders",
): Promise<boolean> {
  if (!Number.isSafeInteger(branchId) || branchId <= 0 || !KEY_PATTERN.test(key)) return false;
  const digest = digestOf(key);
  const row = await db
    .selectFrom("branchApiKeys")
    .select(["id", "branchId", "keyDigest", "lastUsedAt", "purpose"])
    .where("keyDigest", "=", digest)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (!row) return false;
  const matches = timingSafeEqual(Buffer.from(row.keyDigest), Buffer.from(digest));
  if (!matches || row.branchId !== branchId || row.purpose !== purpose) return false;
  // A device polls every 10 s; noting each poll would write a row per poll.
  const lastUsed = row.lastUsedAt ? new Date(row.lastUsedAt).getTime() : 0;
  if (Date.now() - lastUsed > 60_000) {
    await db
      .updateTable("branchApiKeys")
      .set({ lastUsedAt: new Date() })
      .where("id", "=", row.id)
      .execute();
  }
  return true;
}

/** Who makes or revokes a key, and from where (for the audit log). */
export interface KeyActor {
  user: StaffUser;
  clientAddress?: string;
}

/** A new key's addresses, shown once: the time clock's, or the two counter views'. */
export interface ShownOnce {
  label: string;
  timeClock: string | null;
  frontdesk: string | null;
  backoffice: string | null;
}

/** Makes a key for the branch with its audit entry; answers its addresses, shown this once. */
export async function makeDeviceKey(
  db: Kysely<Database>,
  actor: KeyActor,
  branchId: number,
  input: { label: string; purpose: BranchApiKeyPurpose },
  publicOrigin: string,
): Promise<ShownOnce> {
  const made = await db.transaction().execute(async (trx) => {
    const created = await createBranchApiKey(trx, {
      branchId,
      label: input.label,
      createdBy: actor.user.id,
      purpose: input.purpose,
    });
    await audit(trx, {
      user: actor.user,
      action: "device-key.create",
      entityType: "branch",
      entityId: branchId,
      data: { keyId: created.id, label: input.label, purpose: input.purpose },
      context: actor,
    });
    return created;
  });
  const origin = publicOrigin.replace(/\/+$/, "");
  const address = (view: string) => `${origin}/${view}/${branchId}/${made.key}`;
  return input.purpose === "time_clock"
    ? { label: input.label, timeClock: address("time-clock"), frontdesk: null, backoffice: null }
    : {
        label: input.label,
        timeClock: null,
        frontdesk: address("orders/frontdesk"),
        backoffice: address("orders/backoffice"),
      };
}

/** Revokes a key of the branch with its audit entry; 404 when no active key had that id. */
export async function revokeDeviceKey(
  db: Kysely<Database>,
  actor: KeyActor,
  branchId: number,
  keyId: number,
): Promise<Outcome<null>> {
  const revoked = await db.transaction().execute(async (trx) => {
    const done = await revokeBranchApiKey(trx, branchId, keyId);
    await audit(trx, {
      user: actor.user,
      action: "device-key.revoke",
      entityType: "branch",
      entityId: branchId,
      data: { keyId, revoked: done },
      context: actor,
    });
    return done;
  });
  return revoked ? succeeded(null) : refused(404, de.deviceKeys.notFound);
}
