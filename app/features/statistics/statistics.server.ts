import { sql } from "kysely";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { daysOf, isoWeekday, type DayRange } from "#app/domain/statistics-range";
import { workedMinutes } from "#app/domain/working-time";
import { businessDay, liveRows, type RollupRow } from "./rollups.server";

/**
 * The figures of `GET /api/statistics/{metric}` and the back office's page (decision 055): the
 * rollups of rolled days plus the live figures of the days not rolled yet (today), for the
 * branches in scope.
 */
export const METRICS = [
  "unique-visitors",
  "page-views",
  "pages",
  "events",
  "orders",
  "revenue",
  "canceled-orders",
  "items",
  "popular-items",
  "visitor-times",
  "order-times",
  "working-activities",
  "working-schedules",
] as const;
export type Metric = (typeof METRICS)[number];

export function isMetric(value: string | undefined): value is Metric {
  return (METRICS as readonly string[]).includes(value ?? "");
}

/** Which branches' rows count: all of them (branch 0, no branch, included) or these. */
export type BranchFilter = "all" | readonly number[];

export type SeriesPoint = { date: string; value: number };
export type TimeCell = { weekday: number; hour: number; value: number };
export type PageRow = { path: string; value: number };
export type EventRow = { type: string; name: string; value: number };
export type ItemRow = { name: string; count: number; gross: number };

export type MetricData = SeriesPoint[] | TimeCell[] | PageRow[] | EventRow[] | ItemRow[];

const SERIES: Partial<Record<Metric, string>> = {
  "unique-visitors": "unique-visitors",
  "page-views": "page-views",
  orders: "orders",
  revenue: "revenue",
  "canceled-orders": "canceled-orders",
  items: "items",
};

const KIND: Record<string, "visitors" | "orders"> = {
  "unique-visitors": "visitors",
  "unique-visitors-total": "visitors",
  "page-views": "visitors",
  pages: "visitors",
  events: "visitors",
  "visits-hour": "visitors",
  orders: "orders",
  revenue: "orders",
  "canceled-orders": "orders",
  items: "orders",
  "popular-items": "orders",
  "popular-items-gross": "orders",
  "order-hour": "orders",
};

/** Keyed lists name at most this many entries (the most frequent). */
export const LIST_LIMIT = 100;

export interface StatisticsQuery {
  range: DayRange;
  branches: BranchFilter;
  zone: string;
  now?: Date;
}

export async function statistics(db: Db, metric: Metric, query: StatisticsQuery) {
  switch (metric) {
    case "working-activities":
      return workedPerDay(db, query);
    case "working-schedules":
      return plannedPerDay(db, query);
    case "visitor-times":
      return times(db, "visits-hour", query);
    case "order-times":
      return times(db, "order-hour", query);
    case "pages": {
      const rows = await keyed(db, "pages", query);
      return rows.map(({ key, value }): PageRow => ({ path: key, value }));
    }
    case "events": {
      const rows = await keyed(db, "events", query);
      return rows.map(({ key, value }): EventRow => {
        const [type = "", name = ""] = key.split("\t");
        return { type, name, value };
      });
    }
    case "popular-items":
      return popularItems(db, query);
    default:
      return series(db, metric, query);
  }
}

/** The rollup metric that answers unique visitors: every visitor once over all branches. */
function rollupMetric(metric: string, branches: BranchFilter): string {
  return metric === "unique-visitors" && branches === "all" ? "unique-visitors-total" : metric;
}

function branchCondition(branches: BranchFilter) {
  if (branches === "all") return sql`true`;
  if (branches.length === 0) return sql`false`;
  return sql`branch_id in (${sql.join(branches.map((id) => sql`${id}`))})`;
}

function inScope(row: RollupRow, branches: BranchFilter): boolean {
  return branches === "all" || branches.includes(row.branchId);
}

/**
 * The days of the range that have no rollups yet: today, closed days the job has not reached,
 * and days before the first raw row (their live query finds nothing, cheaply). Never after today.
 */
async function openDays(db: Db, kind: "visitors" | "orders", query: StatisticsQuery) {
  const today = businessDay(query.now ?? new Date(), query.zone);
  if (query.range.from > today) return [];
  const to = query.range.to < today ? query.range.to : today;
  const rolledTable = kind === "visitors" ? sql`analytics_rolled_days` : sql`statistics_order_days`;
  const { rows } = await sql<{ day: string }>`
    select r.day::text as day from ${rolledTable} r
     where r.day between ${query.range.from}::date and ${to}::date`.execute(db);
  const rolled = new Set(rows.map((row) => row.day));
  return daysOf({ from: query.range.from, to }).filter((day) => !rolled.has(day));
}

async function live(db: Db, metric: string, query: StatisticsQuery): Promise<RollupRow[]> {
  const kind = KIND[metric]!;
  const days = await openDays(db, kind, query);
  const rows = await liveRows(db, kind, days, query.zone);
  return rows.filter((row) => row.metric === metric && inScope(row, query.branches));
}

async function series(db: Db, metric: Metric, query: StatisticsQuery): Promise<SeriesPoint[]> {
  const name = rollupMetric(SERIES[metric]!, query.branches);
  const [stored, fresh] = await Promise.all([
    sql<{ day: string; value: number }>`
      select day::text as day, sum(value)::bigint as value from analytics_daily
       where metric = ${name} and day between ${query.range.from}::date and ${query.range.to}::date
         and ${branchCondition(query.branches)}
       group by day`.execute(db),
    live(db, name, query),
  ]);
  const byDay = new Map<string, number>();
  for (const row of stored.rows) byDay.set(row.day, Number(row.value));
  for (const row of fresh) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.value);
  return daysOf(query.range).map((date) => ({ date, value: byDay.get(date) ?? 0 }));
}

async function keyed(db: Db, metric: string, query: StatisticsQuery) {
  const [stored, fresh] = await Promise.all([
    sql<{ key: string; value: number }>`
      select key, sum(value)::bigint as value from analytics_daily
       where metric = ${metric} and day between ${query.range.from}::date and ${query.range.to}::date
         and ${branchCondition(query.branches)}
       group by key order by 2 desc, key limit ${LIST_LIMIT * 5}`.execute(db),
    live(db, metric, query),
  ]);
  const byKey = new Map<string, number>();
  for (const row of stored.rows) byKey.set(row.key, Number(row.value));
  for (const row of fresh) byKey.set(row.key, (byKey.get(row.key) ?? 0) + row.value);
  return [...byKey]
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key))
    .slice(0, LIST_LIMIT);
}

async function popularItems(db: Db, query: StatisticsQuery): Promise<ItemRow[]> {
  const [counts, gross] = await Promise.all([
    keyed(db, "popular-items", query),
    keyed(db, "popular-items-gross", query),
  ]);
  const grossOf = new Map(gross.map((row) => [row.key, row.value]));
  return counts
    .slice(0, 20)
    .map((row) => ({ name: row.key, count: row.value, gross: grossOf.get(row.key) ?? 0 }));
}

/** 7 × 24 cells: weekday (1 = Monday) and hour of the business's day. */
async function times(db: Db, metric: string, query: StatisticsQuery): Promise<TimeCell[]> {
  const [stored, fresh] = await Promise.all([
    sql<{ weekday: number; hour: string; value: number }>`
      select extract(isodow from day)::int as weekday, key as hour, sum(value)::bigint as value
        from analytics_daily
       where metric = ${metric} and day between ${query.range.from}::date and ${query.range.to}::date
         and ${branchCondition(query.branches)}
       group by 1, 2`.execute(db),
    live(db, metric, query),
  ]);
  const cells = new Map<string, number>();
  const add = (weekday: number, hour: number, value: number) => {
    const key = `${weekday}:${hour}`;
    cells.set(key, (cells.get(key) ?? 0) + value);
  };
  for (const row of stored.rows) add(Number(row.weekday), Number(row.hour), Number(row.value));
  for (const row of fresh) add(isoWeekday(row.day), Number(row.key), row.value);
  const list: TimeCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    for (let hour = 0; hour < 24; hour += 1) {
      list.push({ weekday, hour, value: cells.get(`${weekday}:${hour}`) ?? 0 });
    }
  }
  return list;
}

/**
 * `working-activities` (decision 058): the minutes worked per business day (the day an activity
 * starts; pauses taken off; an open activity counts until now), every day of the range listed.
 */
/** The planned shift minutes of each day of the range (decision 059), 0 where none. */
async function plannedPerDay(db: Db, query: StatisticsQuery): Promise<SeriesPoint[]> {
  const totals = new Map(daysOf(query.range).map((day) => [day, 0]));
  if (query.branches === "all" || query.branches.length > 0) {
    const rows = await db
      .selectFrom("workingSchedules")
      .select(["day", (eb) => eb.fn.sum<string>(sql`end_minute - start_minute`).as("minutes")])
      .where("day", ">=", query.range.from)
      .where("day", "<=", query.range.to)
      .$if(query.branches !== "all", (qb) => qb.where("branchId", "in", query.branches as number[]))
      .groupBy("day")
      .execute();
    for (const row of rows) totals.set(String(row.day).slice(0, 10), Number(row.minutes));
  }
  return [...totals].map(([date, value]) => ({ date, value }));
}

async function workedPerDay(db: Db, query: StatisticsQuery): Promise<SeriesPoint[]> {
  const now = query.now ?? new Date();
  const start = DateTime.fromISO(query.range.from, { zone: query.zone }).startOf("day").toJSDate();
  const end = DateTime.fromISO(query.range.to, { zone: query.zone })
    .plus({ days: 1 })
    .startOf("day")
    .toJSDate();
  const totals = new Map(daysOf(query.range).map((day) => [day, 0]));
  if (query.branches !== "all" && query.branches.length === 0) {
    return [...totals].map(([date, value]) => ({ date, value }));
  }
  const activities = await db
    .selectFrom("workingActivities")
    .select(["id", "startedAt", "endedAt"])
    .where("startedAt", ">=", start)
    .where("startedAt", "<", end)
    .$if(query.branches !== "all", (qb) => qb.where("branchId", "in", query.branches as number[]))
    .execute();
  const ids = activities.map((row) => row.id);
  const pauses = ids.length
    ? await db
        .selectFrom("workingActivityPauses")
        .select(["workingActivityId", "startedAt", "endedAt"])
        .where("workingActivityId", "in", ids)
        .execute()
    : [];
  for (const activity of activities) {
    const day = DateTime.fromJSDate(activity.startedAt, { zone: query.zone }).toISODate()!;
    const own = pauses.filter((pause) => pause.workingActivityId === activity.id);
    const minutes = workedMinutes({ ...activity, pauses: own }, now);
    totals.set(day, (totals.get(day) ?? 0) + Math.round(minutes));
  }
  return [...totals].map(([date, value]) => ({ date, value }));
}
