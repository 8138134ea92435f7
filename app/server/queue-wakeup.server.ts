import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";

/**
 * The queues a worker drains (decision 119): new or reset rows are announced on the `queues`
 * channel by a trigger (migrations/2026_12_05_0301_queue_notify.ts, the table's name as the
 * payload), so a worker starts at once in whichever instance hears it first; between
 * announcements it sleeps until the queue's next pending row is due, at most `fallbackMs`.
 */
export const QUEUE_TABLES = [
  "outbox",
  "print_jobs",
  "notifier_pushes",
  "webhook_deliveries",
] as const;
export type QueueTable = (typeof QUEUE_TABLES)[number];

export const isQueueTable = (value: string): value is QueueTable =>
  (QUEUE_TABLES as readonly string[]).includes(value);

/**
 * How a worker schedules its rounds when announcements wake it: the shortest pause is its old
 * polling interval (a row that stays due, a channel not configured, cannot make it spin), the
 * longest `fallbackMs`, the safety net for an announcement lost while the listener reconnected.
 */
export interface QueueWakeup {
  table: QueueTable;
  fallbackMs: number;
}

/** When the queue's next pending row is due; null when none is pending. */
export async function nextDueAt(db: Kysely<Database>, table: QueueTable): Promise<Date | null> {
  // Deliveries to a switched-off receiver wait for it; they are not due.
  const rows =
    table === "webhook_deliveries"
      ? await sql<{ due: Date | string | null }>`
          select min(d.next_attempt_at) as due from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
          where d.status = 'pending'`.execute(db)
      : await sql<{ due: Date | string | null }>`
          select min(next_attempt_at) as due from ${sql.table(table)}
          where status = 'pending'`.execute(db);
  const due = rows.rows[0]?.due ?? null;
  return due === null ? null : new Date(due);
}

/** The pause before the next round: until the next due row, within `minMs`…`fallbackMs`. */
export function pauseBefore(due: Date | null, now: Date, minMs: number, fallbackMs: number) {
  if (due === null) return fallbackMs;
  return Math.min(fallbackMs, Math.max(minMs, due.getTime() - now.getTime()));
}

/** The pause after a round, read from the queue; `minMs` when the queue cannot be read. */
export async function pauseFor(
  db: Kysely<Database>,
  wakeup: QueueWakeup,
  minMs: number,
): Promise<number> {
  try {
    return pauseBefore(await nextDueAt(db, wakeup.table), new Date(), minMs, wakeup.fallbackMs);
  } catch {
    // The database away for a moment: try again at the old rhythm.
    return minMs;
  }
}
