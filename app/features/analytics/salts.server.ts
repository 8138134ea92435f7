import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { dateOf } from "#app/domain/time";

/**
 * The secret daily salt of visitor hashes (decision 054). One random salt per business day,
 * kept in `analytics_salts` so that every server process hashes a visitor alike; a day's salt is
 * deleted once the day is over, after which nobody can tell from an address whose hash it was.
 * Plausible and Umami count this way; a salt derived from something guessable (umami #4219) would
 * make the hashes reversible, so ours comes from `crypto.randomBytes`.
 */
export const SALT_BYTES = 32;

export interface SaltKeeper {
  /** The salt of `day` (a business day, 'YYYY-MM-DD'), made once for all processes. */
  saltFor(day: string): Promise<Buffer>;
  /** Deletes the salts of the days before `today`: those days' hashes are forgotten. */
  forgetBefore(today: string): Promise<number>;
}

export function saltKeeper(db: Db): SaltKeeper {
  // The current day's salt in memory: a flush needs it every second.
  let kept: { day: string; salt: Buffer } | null = null;
  return {
    async saltFor(day) {
      if (kept?.day === day) return kept.salt;
      // Whoever comes first makes it; the others read theirs.
      await db
        .insertInto("analyticsSalts")
        .values({ day, salt: randomBytes(SALT_BYTES) })
        .onConflict((conflict) => conflict.column("day").doNothing())
        .execute();
      const row = await db
        .selectFrom("analyticsSalts")
        .select("salt")
        .where("day", "=", day)
        .executeTakeFirstOrThrow();
      const salt = Buffer.from(row.salt);
      // Only a later day replaces the one in memory (an old row waiting in a buffer must not).
      if (!kept || kept.day < day) kept = { day, salt };
      return salt;
    },
    async forgetBefore(today) {
      if (kept && kept.day < today) kept = null;
      const result = await db
        .deleteFrom("analyticsSalts")
        .where("day", "<", sql<string>`${today}::date`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * A visitor of a day: sha256 over the salt, the day, the address and the browser's user agent,
 * 32 hex digits (128 bits; unique visitors of a day are counted by it, never across days).
 */
export function visitorHash(salt: Buffer, day: string, address: string, userAgent: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\0")
    .update(day)
    .update("\0")
    .update(address)
    .update("\0")
    .update(userAgent)
    .digest("hex")
    .slice(0, 32);
}

/** The business day of an instant in the shop's time zone. */
export function businessDay(at: Date, zone: string): string {
  return dateOf(at, zone);
}
