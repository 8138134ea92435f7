import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { inZone } from "#app/domain/time";
import { saltKeeper } from "./salts.server";
import { startPeriodicJob, type PeriodicJob } from "#app/server/periodic-job.server";

/**
 * Raw page views and events older than `analytics_retention_days` (a setting) go, but only for
 * business days whose rollups are complete (`analytics_rolled_days`, filled by the statistics):
 * a day not yet rolled keeps its rows until it is, however old (decision 054). The salts of past
 * days go too. Deleted in slices, so that a year of rows does not lock the table at once.
 */
export async function purgeAnalytics(
  db: Db,
  { now, sliceSize = 10_000 }: { now: Date; sliceSize?: number },
): Promise<{ pageViews: number; events: number; salts: number }> {
  const settings = await db
    .selectFrom("settings")
    .select(["analyticsRetentionDays", "businessTimeZone"])
    .executeTakeFirst();
  const days = settings?.analyticsRetentionDays ?? 90;
  const zone = settings?.businessTimeZone ?? "Europe/Berlin";
  const today = inZone(now, zone).startOf("day");
  // The first business day kept; everything before its start may go (if rolled).
  const cutoff = today.minus({ days }).toJSDate();
  const salts = await saltKeeper(db).forgetBefore(today.toISODate());

  let pageViews = 0;
  for (;;) {
    const result = await sql`
      delete from page_views where id in (
        select pv.id from page_views pv
        join analytics_rolled_days r on r.day = (pv.viewed_at at time zone ${zone})::date
        where pv.viewed_at < ${cutoff}
        limit ${sliceSize}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    pageViews += deleted;
    if (deleted < sliceSize) break;
  }
  let events = 0;
  for (;;) {
    const result = await sql`
      delete from analytics_events where id in (
        select e.id from analytics_events e
        join analytics_rolled_days r on r.day = (e.occurred_at at time zone ${zone})::date
        where e.occurred_at < ${cutoff}
        limit ${sliceSize}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    events += deleted;
    if (deleted < sliceSize) break;
  }
  return { pageViews, events, salts };
}

/** The advisory lock the instances take turns with (issue 41 part 6). */
const RETENTION_LOCK = "backstube:analytics-retention";

/**
 * `purgeAnalytics` in one instance at a time: several app instances run the worker, and two
 * purges at once would delete the same slices twice over and wait on each other's row locks. The
 * lock is a session lock on one connection of the pool (the slices commit one by one, so a
 * transaction's lock would not do); an instance that does not get it skips its round (null).
 */
export async function purgeAnalyticsAlone(
  db: Db,
  options: { now: Date; sliceSize?: number },
): Promise<Awaited<ReturnType<typeof purgeAnalytics>> | null> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(hashtext(${RETENTION_LOCK})) as locked`.execute(connection);
    if (!rows[0]?.locked) return null;
    try {
      return await purgeAnalytics(connection, options);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${RETENTION_LOCK}))`.execute(connection);
    }
  });
}

export type RetentionWorker = Pick<PeriodicJob, "stop">;

/** Runs `purgeAnalytics` a minute after the start and then every `intervalMs` (an hour). */
export function startAnalyticsRetention(
  db: Db,
  log: (line: string) => void,
  options: { intervalMs?: number; now?: () => Date } = {},
): RetentionWorker {
  const interval = options.intervalMs ?? 60 * 60 * 1000;
  const clock = options.now ?? (() => new Date());
  return startPeriodicJob({
    intervalMs: interval,
    // A minute after the start: the start itself has enough to do.
    firstAfterMs: Math.min(60_000, interval),
    log,
    failed: (problem) =>
      `Aufräumen der Statistik fehlgeschlagen (neuer Versuch später): ${problem}`,
    round: async () => {
      const result = await purgeAnalyticsAlone(db, { now: clock() });
      if (result && (result.pageViews > 0 || result.events > 0)) {
        log(
          `Statistik aufgeräumt: ${result.pageViews} Seitenaufrufe, ${result.events} Ereignisse älter als die Aufbewahrungsfrist.`,
        );
      }
    },
  });
}
