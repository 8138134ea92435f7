import { sql, type Kysely, type RawBuilder } from "kysely";
import { DateTime } from "luxon";
import type { Database, Db } from "#app/db/schema";
import { startPeriodicJob, type PeriodicJob } from "#app/server/periodic-job.server";

/**
 * The daily rollups of the statistics (decision 055), kept for ever in `analytics_daily`:
 *
 * - visitors, from `page_views` and `analytics_events`: `page-views`, `unique-visitors` (per
 *   branch), `unique-visitors-total` (branch 0: each visitor once, whichever branches they saw),
 *   `visits-hour` (key: hour '00'..'23'), `pages` (key: path, the 100 most viewed of a day and
 *   branch), `events` (key: type TAB name);
 * - orders, from `orders` and `order_items`: `orders`, `revenue` (gross cents), `canceled-orders`,
 *   `items` (order lines), `order-hour` (key: hour), `popular-items` and `popular-items-gross`
 *   (key: the item's name, the 100 most ordered of a day and branch).
 *
 * A closed business day's visitor rollups are written once (`analytics_rolled_days`); its order
 * rollups are written again when one of its orders changed after the day was rolled
 * (`statistics_order_days`). The same queries compute days not rolled yet (today) live.
 */

export interface RollupRow {
  day: string;
  branchId: number;
  metric: string;
  key: string;
  value: number;
}

/** A business day's first instant and the next day's, in the business's time zone. */
export function dayBounds(day: string, zone: string): { start: Date; end: Date } {
  const start = DateTime.fromISO(day, { zone }).startOf("day");
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).startOf("day").toJSDate() };
}

export function businessDay(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

const TOP_KEYS = 100;

/** The visitor rollup rows of every day between the instants. */
export function visitorRowsQuery(start: Date, end: Date, zone: string): RawBuilder<RollupRow> {
  return sql<RollupRow>`
    with v as materialized (
      select (viewed_at at time zone ${zone})::date as day,
             coalesce(branch_id, 0) as branch_id,
             path, visitor,
             extract(hour from viewed_at at time zone ${zone})::int as hour
        from page_views
       where viewed_at >= ${start} and viewed_at < ${end}
    )
    select day, branch_id, 'page-views' as metric, '' as key, count(*) as value
      from v group by day, branch_id
    union all
    select day, branch_id, 'unique-visitors', '', count(distinct visitor)
      from v group by day, branch_id
    union all
    select day, 0, 'unique-visitors-total', '', count(distinct visitor)
      from v group by day
    union all
    select day, branch_id, 'visits-hour', lpad(hour::text, 2, '0'), count(*)
      from v group by day, branch_id, hour
    union all
    select day, branch_id, 'pages', path, value from (
      select day, branch_id, path, count(*) as value,
             row_number() over (partition by day, branch_id order by count(*) desc, path) as rank
        from v group by day, branch_id, path
    ) ranked where rank <= ${TOP_KEYS}
    union all
    select (occurred_at at time zone ${zone})::date, coalesce(branch_id, 0), 'events',
           type || E'\t' || coalesce(name, action, ''), count(*)
      from analytics_events
     where occurred_at >= ${start} and occurred_at < ${end}
     group by 1, 2, 4`;
}

/** The order rollup rows of every day between the instants (by the order's creation). */
export function orderRowsQuery(start: Date, end: Date, zone: string): RawBuilder<RollupRow> {
  return sql<RollupRow>`
    with o as materialized (
      select id, (created_at at time zone ${zone})::date as day, branch_id,
             extract(hour from created_at at time zone ${zone})::int as hour,
             total_gross, is_canceled,
             not (is_canceled or is_rejected or is_failed or is_quotation) as counted
        from orders
       where created_at >= ${start} and created_at < ${end}
    ), i as materialized (
      select o.day, o.branch_id, oi.name, oi.gross
        from o join order_items oi on oi.order_id = o.id
       where o.counted
    )
    select day, branch_id, 'orders' as metric, '' as key, count(*) as value
      from o where counted group by day, branch_id
    union all
    select day, branch_id, 'revenue', '', sum(total_gross)
      from o where counted group by day, branch_id
    union all
    select day, branch_id, 'canceled-orders', '', count(*)
      from o where is_canceled group by day, branch_id
    union all
    select day, branch_id, 'order-hour', lpad(hour::text, 2, '0'), count(*)
      from o where counted group by day, branch_id, hour
    union all
    select day, branch_id, 'items', '', count(*) from i group by day, branch_id
    union all
    select day, branch_id, metric, name, value from (
      select day, branch_id, name, count(*) as lines, sum(gross) as gross,
             row_number() over (partition by day, branch_id order by count(*) desc, name) as rank
        from i group by day, branch_id, name
    ) ranked
    cross join lateral (values ('popular-items', lines), ('popular-items-gross', gross))
      as pair(metric, value)
     where rank <= ${TOP_KEYS}`;
}

export const VISITOR_METRICS = [
  "page-views",
  "unique-visitors",
  "unique-visitors-total",
  "visits-hour",
  "pages",
  "events",
] as const;
export const ORDER_METRICS = [
  "orders",
  "revenue",
  "canceled-orders",
  "order-hour",
  "items",
  "popular-items",
  "popular-items-gross",
] as const;

/**
 * The live rows of these days (not rolled yet), computed from the raw rows: one query per run of
 * consecutive days, so that days before the first raw row and today do not scan the rolled year
 * between them.
 */
export async function liveRows(
  db: Db,
  kind: "visitors" | "orders",
  days: readonly string[],
  zone: string,
): Promise<RollupRow[]> {
  const rows: RollupRow[] = [];
  for (const run of consecutiveRuns(days)) {
    const { start } = dayBounds(run[0]!, zone);
    const { end } = dayBounds(run[run.length - 1]!, zone);
    const query =
      kind === "visitors" ? visitorRowsQuery(start, end, zone) : orderRowsQuery(start, end, zone);
    const result = await sql<RawRow>`select * from (${query}) as r`.execute(db);
    rows.push(...result.rows.map(fromRaw));
  }
  const wanted = new Set(days);
  return rows.filter((row) => wanted.has(row.day));
}

export function consecutiveRuns(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(days)].sort()) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (previous && DateTime.fromISO(previous).plus({ days: 1 }).toISODate() === day)
      run!.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** The result's names pass the camel-case plugin: `branch_id` arrives as `branchId`. */
interface RawRow {
  day: string | Date;
  branchId: number | string;
  metric: string;
  key: string;
  value: number | string;
}

function fromRaw(row: RawRow): RollupRow {
  return {
    day: typeof row.day === "string" ? row.day : row.day.toISOString().slice(0, 10),
    branchId: Number(row.branchId),
    metric: row.metric,
    key: row.key,
    value: Number(row.value),
  };
}

/** One lock for the whole job: a second process finds it taken and leaves the work to the first. */
const ROLLUP_LOCK = sql`hashtext('statistics-rollup')`;

/** Writes the visitor rollups of one closed day, unless it is rolled already. True if written. */
export async function rollVisitorDay(
  db: Kysely<Database>,
  day: string,
  zone: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const done = await trx
      .selectFrom("analyticsRolledDays")
      .select("day")
      .where("day", "=", day)
      .executeTakeFirst();
    if (done) return false;
    const { start, end } = dayBounds(day, zone);
    await trx
      .deleteFrom("analyticsDaily")
      .where("day", "=", day)
      .where("metric", "in", VISITOR_METRICS)
      .execute();
    await sql`
      insert into analytics_daily (day, branch_id, metric, key, value)
      select day, branch_id, metric, key, value from (${visitorRowsQuery(start, end, zone)}) r
       where day = ${day}::date`.execute(trx);
    await trx
      .insertInto("analyticsRolledDays")
      .values({ day })
      .onConflict((c) => c.column("day").doNothing())
      .execute();
    return true;
  });
}

/** Writes (again) the order rollups of one closed day. True if written. */
export async function rollOrderDay(
  db: Kysely<Database>,
  day: string,
  zone: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const { start, end } = dayBounds(day, zone);
    await trx
      .deleteFrom("analyticsDaily")
      .where("day", "=", day)
      .where("metric", "in", ORDER_METRICS)
      .execute();
    await sql`
      insert into analytics_daily (day, branch_id, metric, key, value)
      select day, branch_id, metric, key, value from (${orderRowsQuery(start, end, zone)}) r
       where day = ${day}::date`.execute(trx);
    await trx
      .insertInto("statisticsOrderDays")
      .values({ day, rolledAt: now })
      .onConflict((c) => c.column("day").doUpdateSet({ rolledAt: now }))
      .execute();
    return true;
  });
}

/** An order changed this long before its day's roll may have committed after it: roll again. */
const COMMIT_LAG = "2 minutes";

export interface RollupResult {
  visitorDays: number;
  orderDays: number;
}

/**
 * One round of the job: every closed day since the first raw row that is not rolled, and the
 * order days whose orders changed since. The raw rows past the retention are the analytics
 * retention's to delete (`analytics/retention.server.ts`, only of rolled days).
 */
export async function runRollups(
  db: Kysely<Database>,
  { now = new Date(), zone, maxDays = 1000 }: { now?: Date; zone: string; maxDays?: number },
): Promise<RollupResult> {
  const today = businessDay(now, zone);
  const result: RollupResult = { visitorDays: 0, orderDays: 0 };

  // Days are rolled in order: after the last rolled day, or from the first raw row on. (After a
  // large purge `min(viewed_at)` walks dead index entries until vacuum; the last day does not.)
  const last = await db
    .selectFrom("analyticsRolledDays")
    .select((eb) => eb.fn.max("day").as("last"))
    .executeTakeFirst();
  let firstVisitDay: string | null = last?.last
    ? DateTime.fromISO(String(last.last)).plus({ days: 1 }).toISODate()!
    : null;
  if (!firstVisitDay) {
    const first = await sql<{ first: Date | null }>`
      select least((select min(viewed_at) from page_views),
                   (select min(occurred_at) from analytics_events)) as first`.execute(db);
    const firstVisit = first.rows[0]?.first;
    firstVisitDay = firstVisit ? businessDay(new Date(firstVisit), zone) : null;
  }
  if (firstVisitDay) {
    const rolled = await db
      .selectFrom("analyticsRolledDays")
      .select("day")
      .where("day", ">=", firstVisitDay)
      .execute();
    const done = new Set(rolled.map((row) => row.day));
    for (const day of closedDays(firstVisitDay, today, done, maxDays)) {
      if (await rollVisitorDay(db, day, zone)) result.visitorDays += 1;
      // A day another process holds stays open: later days wait for it, as before.
      else if (!(await isVisitorDayRolled(db, day))) break;
    }
  }

  const firstOrder = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.min("createdAt").as("first"))
    .executeTakeFirst();
  if (firstOrder?.first) {
    const firstDay = businessDay(new Date(firstOrder.first), zone);
    const rolled = await db
      .selectFrom("statisticsOrderDays")
      .select(["day", "rolledAt"])
      .where("day", ">=", firstDay)
      .execute();
    const done = new Set(rolled.map((row) => row.day));
    const changed = await changedOrderDays(db, zone, today);
    const days = [...closedDays(firstDay, today, done, maxDays), ...changed].sort();
    for (const day of new Set(days)) {
      if (await rollOrderDay(db, day, zone, now)) result.orderDays += 1;
    }
  }

  return result;
}

async function isVisitorDayRolled(db: Db, day: string): Promise<boolean> {
  const row = await db
    .selectFrom("analyticsRolledDays")
    .select("day")
    .where("day", "=", day)
    .executeTakeFirst();
  return row !== undefined;
}

function closedDays(first: string, today: string, done: Set<string>, maxDays: number): string[] {
  const days: string[] = [];
  let day = DateTime.fromISO(first, { zone: "utc" });
  const end = DateTime.fromISO(today, { zone: "utc" });
  while (day < end && days.length < maxDays) {
    const iso = day.toISODate()!;
    if (!done.has(iso)) days.push(iso);
    day = day.plus({ days: 1 });
  }
  return days;
}

/** Rolled order days with an order that changed after (or shortly before) the day was rolled. */
async function changedOrderDays(db: Db, zone: string, today: string): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    select distinct d.day::text as day
      from orders o
      join statistics_order_days d on d.day = (o.created_at at time zone ${zone})::date
     where o.updated_at > (select max(rolled_at) from statistics_order_days) - ${COMMIT_LAG}::interval
       and o.updated_at > d.rolled_at - ${COMMIT_LAG}::interval
       and d.day < ${today}::date`.execute(db);
  return rows.map((row) => row.day);
}

export type RollupWorker = PeriodicJob;

/**
 * The job in the background of every server process: a round at start and then every
 * `intervalMs`. Processes share the work through the advisory lock; a failed round is logged once
 * per distinct problem and tried again at the next turn.
 */
export function startRollupWorker(
  db: Kysely<Database>,
  log: (line: string) => void,
  options: {
    intervalMs?: number;
    zone: () => Promise<string>;
    messages: { rolled: (days: number) => string; failed: (problem: string) => string };
  },
): RollupWorker {
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? 5 * 60_000,
    log,
    failed: options.messages.failed,
    round: async () => {
      const result = await runRollups(db, { zone: await options.zone() });
      const days = result.visitorDays + result.orderDays;
      if (days > 0) log(options.messages.rolled(days));
    },
  });
}
