import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { BranchApiKeyPurpose, Db } from "../../db/schema";

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
