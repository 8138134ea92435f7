import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { startPeriodicJob, type PeriodicJob } from "#app/server/periodic-job.server";

/**
 * Carts nobody ordered from, and the files uploaded into them, are removed after a while
 * (ABANDONED_CART_DAYS, decision 027). Every app instance runs the clean-up; each batch takes its
 * rows with `FOR UPDATE SKIP LOCKED`, so two instances never remove (or count) the same row, and
 * an order's rows are never candidates: a cart an order names stays, and so does every upload an
 * order item names.
 */

const DEFAULT_BATCH_SIZE = 200;
/** A round stops after this many full batches and goes on at the next tick. */
const MAX_BATCHES_PER_ROUND = 50;
const DEFAULT_INTERVAL_MS = 15 * 60_000;

export interface SweepOptions {
  now: Date;
  /** Carts unchanged, and uploads without a cart, for longer than this are removed. */
  maxAgeMs: number;
  batchSize?: number;
}

export interface SweepResult {
  carts: number;
  uploads: number;
}

/**
 * One batch of abandoned carts: unchanged since the cut-off and named by no order (an online
 * payment keeps its cart until the money arrives). Their items go with them (cascade); their
 * uploads lose the cart and are removed by `removeOrphanedUploads` below.
 */
export async function removeAbandonedCarts(
  db: Kysely<Database>,
  cutoff: Date,
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<number> {
  const removed = await db
    .deleteFrom("carts")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("carts as candidate")
        .select("candidate.id")
        .where("candidate.updatedAt", "<", cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("orders")
                .select("orders.id")
                .whereRef("orders.cartId", "=", "candidate.id"),
            ),
          ),
        )
        .orderBy("candidate.updatedAt")
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returning("id")
    .execute();
  return removed.length;
}

/**
 * One batch of uploads without a cart, older than the cut-off and named by no order item: the
 * rows are deleted, then their files, and only then is the deletion committed. A file that cannot
 * be removed rolls the batch back (it is tried again next round); a commit that fails after the
 * files went leaves rows whose files are gone, which the next round removes (removing a missing
 * file is no error).
 */
export async function removeOrphanedUploads(
  db: Kysely<Database>,
  storage: FileStorage,
  cutoff: Date,
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom("uploads as candidate")
      .select(["candidate.id", "candidate.storageKey"])
      .where("candidate.cartId", "is", null)
      .where("candidate.isStaffFile", "=", false)
      .where("candidate.createdAt", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("orderItemUploads")
              .select("orderItemUploads.uploadId")
              .whereRef("orderItemUploads.uploadId", "=", "candidate.id"),
          ),
        ),
      )
      .orderBy("candidate.createdAt")
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (candidates.length === 0) return 0;
    await trx
      .deleteFrom("uploads")
      .where(
        "id",
        "in",
        candidates.map((candidate) => candidate.id),
      )
      .execute();
    for (const candidate of candidates) await storage.remove(candidate.storageKey);
    return candidates.length;
  });
}

/** Removes abandoned carts, then the uploads they leave without a cart, batch by batch. */
export async function sweepAbandoned(
  db: Kysely<Database>,
  storage: FileStorage,
  options: SweepOptions,
): Promise<SweepResult> {
  const cutoff = new Date(options.now.getTime() - options.maxAgeMs);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const result: SweepResult = { carts: 0, uploads: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
    const carts = await removeAbandonedCarts(db, cutoff, batchSize);
    result.carts += carts;
    if (carts < batchSize) break;
  }
  for (let batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
    const uploads = await removeOrphanedUploads(db, storage, cutoff, batchSize);
    result.uploads += uploads;
    if (uploads < batchSize) break;
  }
  return result;
}

/** Stops the timer and waits for a running round. */
export type CleanupWorker = Pick<PeriodicJob, "stop">;

export interface CleanupWorkerOptions {
  maxAgeMs: number;
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
}

/**
 * Runs the clean-up now and then every quarter hour, in every instance. A failed round (the
 * database away, a file that cannot be removed) is logged once per streak and tried again at the
 * next tick.
 */
export function startCleanupWorker(
  db: Kysely<Database>,
  storage: FileStorage,
  log: (line: string) => void,
  options: CleanupWorkerOptions,
): CleanupWorker {
  const clock = options.now ?? (() => new Date());
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
    log,
    failed: (problem) =>
      `Aufräumen verlassener Warenkörbe fehlgeschlagen (neuer Versuch später): ${problem}`,
    round: async () => {
      const result = await sweepAbandoned(db, storage, {
        now: clock(),
        maxAgeMs: options.maxAgeMs,
        batchSize: options.batchSize,
      });
      if (result.carts > 0 || result.uploads > 0) {
        log(
          `Aufgeräumt: ${result.carts} verlassene Warenkörbe, ${result.uploads} Dateien ohne Bestellung.`,
        );
      }
    },
  });
}
