import { data, type AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { getSettings } from "../../db/queries/settings";
import { csvDocument } from "../../domain/csv";
import { formatMoney, formatNumber } from "../../domain/format";
import {
  MAX_RANGE_DAYS,
  parseRange,
  percentChange,
  presetRanges,
  previousPeriod,
  type DayRange,
  type RangeProblem,
} from "../../domain/statistics-range";
import { isManager } from "../../domain/staff-permissions";
import { hoursText } from "../../domain/working-time";
import { parseId } from "../../domain/values";
import { deStatistics as de } from "../../i18n/de-statistics";
import { de as staffDe } from "../../i18n/de-staff";
import { forbidden, requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { businessDay } from "./rollups.server";
import {
  isMetric,
  METRICS,
  statistics,
  type BranchFilter,
  type EventRow,
  type ItemRow,
  type Metric,
  type PageRow,
  type SeriesPoint,
  type TimeCell,
} from "./statistics.server";

/**
 * The statistics' loaders (decision 055): `GET /api/statistics/{metric}?from=&to=&branch=`, the
 * back office's page `/backend/statistics?von=&bis=&filiale=` and its CSV downloads
 * `/backend/statistics/{metric}.csv`. Administrators see every branch, managers theirs;
 * employees see no figures (revenue is the head office's and the branch manager's business).
 */

export function mayReadStatistics(user: Pick<StaffUser, "roles">): boolean {
  return user.roles.includes("ROLE_ADMIN") || isManager(user);
}

class BadInput {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly message: string,
    readonly field?: string,
  ) {}
}

const RANGE_MESSAGES: Record<RangeProblem, { message: string; field: string }> = {
  missing: { message: de.errors.missingRange, field: "from" },
  invalidFrom: { message: de.errors.invalidFrom, field: "from" },
  invalidTo: { message: de.errors.invalidTo, field: "to" },
  fromAfterTo: { message: de.errors.fromAfterTo, field: "from" },
  tooLong: { message: de.errors.tooLong(MAX_RANGE_DAYS), field: "to" },
};

function rangeOf(from: string | null, to: string | null): DayRange {
  const parsed = parseRange(from, to);
  if ("problem" in parsed) {
    const { message, field } = RANGE_MESSAGES[parsed.problem];
    throw new BadInput(400, message, field);
  }
  return parsed.range;
}

/** The branches in scope: the chosen one (if the user may see it) or all the user's. */
async function branchesOf(
  context: AppLoadContext,
  user: StaffUser,
  raw: string | null,
): Promise<{ branches: BranchFilter; branchId: number | null }> {
  if (raw === null || raw === "") {
    return { branches: user.isAdmin ? "all" : user.branchIds, branchId: null };
  }
  const id = parseId(raw);
  if (id === null) throw new BadInput(400, de.errors.invalidBranch, "branch");
  if (!user.isAdmin && !user.branchIds.includes(id)) {
    throw new BadInput(403, staffDe.errors.forbidden, "branch");
  }
  const exists = await context.db
    .selectFrom("branches")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!exists) throw new BadInput(404, de.errors.unknownBranch, "branch");
  return { branches: [id], branchId: id };
}

async function guard(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!mayReadStatistics(user)) throw forbidden(user.surface);
  const zone = (await getSettings(context.db)).businessTimeZone;
  return { user, zone };
}

export async function statisticsApi(
  request: Request,
  context: AppLoadContext,
  params: { metric?: string },
): Promise<Response> {
  const { user, zone } = await guard(request, context);
  try {
    if (!isMetric(params.metric)) throw new BadInput(400, de.errors.unknownMetric, "metric");
    const search = new URL(request.url).searchParams;
    const range = rangeOf(search.get("from"), search.get("to"));
    const { branches } = await branchesOf(
      context,
      user,
      search.get("branch") ?? search.get("branchId"),
    );
    const figures = await statistics(context.db, params.metric, { range, branches, zone });
    return Response.json({ data: figures }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof BadInput) {
      return Response.json(
        { errors: [{ message: error.message, ...(error.field ? { field: error.field } : {}) }] },
        { status: error.status },
      );
    }
    throw error;
  }
}

// ——— The page ———

const SERIES_METRICS = [
  "orders",
  "revenue",
  "canceled-orders",
  "items",
  "unique-visitors",
  "page-views",
] as const;
type SeriesMetric = (typeof SERIES_METRICS)[number];

export interface SeriesFigure {
  metric: SeriesMetric;
  title: string;
  money: boolean;
  total: number;
  totalText: string;
  previousTotalText: string;
  change: number | null;
  points: { date: string; label: string; value: number; text: string }[];
}

function pageRange(search: URLSearchParams, today: string): DayRange {
  const from = search.get("von") ?? search.get("from");
  const to = search.get("bis") ?? search.get("to");
  if (!from && !to)
    return { from: DateTime.fromISO(today).minus({ days: 6 }).toISODate()!, to: today };
  return rangeOf(from || null, to || null);
}

const shortDate = (date: string) => DateTime.fromISO(date).toFormat("dd.MM.yyyy");

function valueText(value: number, money: boolean): string {
  return money ? formatMoney(value) : formatNumber(value, 0);
}

export async function statisticsPage(request: Request, context: AppLoadContext) {
  const { user, zone } = await guard(request, context);
  const search = new URL(request.url).searchParams;
  const today = businessDay(new Date(), zone);
  const branchChoices = await context.db
    .selectFrom("branches")
    .select(["id", "name"])
    .$if(!user.isAdmin, (qb) => qb.where("id", "in", user.branchIds.length ? user.branchIds : [0]))
    .orderBy("position")
    .orderBy("name")
    .execute();
  const form = {
    von: search.get("von") ?? "",
    bis: search.get("bis") ?? "",
    filiale: search.get("filiale") ?? "",
  };
  const base = {
    form,
    branches: branchChoices.map((row) => ({ value: String(row.id), label: row.name })),
    presets: presetRanges(today).map(({ key, range }) => ({
      label: de.presets[key],
      href: `?${new URLSearchParams({ von: range.from, bis: range.to, ...(form.filiale ? { filiale: form.filiale } : {}) })}`,
    })),
  };
  let range: DayRange;
  let branches: BranchFilter;
  try {
    range = pageRange(search, today);
    ({ branches } = await branchesOf(context, user, search.get("filiale")));
  } catch (error) {
    if (error instanceof BadInput) {
      return data({ ...base, problem: error.message, figures: null }, { status: error.status });
    }
    throw error;
  }
  if (!form.von) form.von = range.from;
  if (!form.bis) form.bis = range.to;
  const previous = previousPeriod(range);
  const query = { range, branches, zone };
  const before = { range: previous, branches, zone };

  const series: SeriesFigure[] = [];
  for (const metric of SERIES_METRICS) {
    const money = metric === "revenue";
    const points = (await statistics(context.db, metric, query)) as SeriesPoint[];
    const past = (await statistics(context.db, metric, before)) as SeriesPoint[];
    const total = sum(points);
    const previousTotal = sum(past);
    series.push({
      metric,
      title: de.metrics[metric],
      money,
      total,
      totalText: valueText(total, money),
      previousTotalText: valueText(previousTotal, money),
      change: percentChange(total, previousTotal),
      points: points.map((point) => ({
        date: point.date,
        label: shortDate(point.date),
        value: point.value,
        text: valueText(point.value, money),
      })),
    });
  }
  // Time tracking (decision 058): the minutes worked in the branches, as one total.
  const workedTotal = sum(
    (await statistics(context.db, "working-activities", query)) as SeriesPoint[],
  );
  const [orderTimes, visitorTimes, popular, pages, events] = [
    (await statistics(context.db, "order-times", query)) as TimeCell[],
    (await statistics(context.db, "visitor-times", query)) as TimeCell[],
    (await statistics(context.db, "popular-items", query)) as ItemRow[],
    (await statistics(context.db, "pages", query)) as PageRow[],
    (await statistics(context.db, "events", query)) as EventRow[],
  ];
  const csvQuery = new URLSearchParams({
    von: range.from,
    bis: range.to,
    ...(form.filiale ? { filiale: form.filiale } : {}),
  }).toString();
  return {
    ...base,
    problem: null,
    figures: {
      rangeText: de.page.range(shortDate(range.from), shortDate(range.to)),
      previousText: de.page.comparedWith(shortDate(previous.from), shortDate(previous.to)),
      csvQuery,
      series,
      orderHours: byHour(orderTimes),
      visitorHours: byHour(visitorTimes),
      popular: popular.slice(0, 10).map((row) => ({
        name: row.name,
        count: row.count,
        grossText: formatMoney(row.gross),
      })),
      pages: pages.slice(0, 10),
      events: events.slice(0, 10),
      workedText: hoursText(workedTotal),
    },
  };
}

function sum(points: SeriesPoint[]): number {
  return points.reduce((total, point) => total + point.value, 0);
}

function byHour(cells: TimeCell[]): { hour: number; value: number }[] {
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, value: 0 }));
  for (const cell of cells) hours[cell.hour]!.value += cell.value;
  return hours;
}

// ——— CSV ———

const decimal = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function csvRows(metric: Metric, figures: unknown[]): string[][] {
  const t = de.page;
  switch (metric) {
    case "pages":
      return [[t.path, t.count], ...(figures as PageRow[]).map((r) => [r.path, String(r.value)])];
    case "events":
      return [
        [t.type, t.name, t.count],
        ...(figures as EventRow[]).map((r) => [r.type, r.name, String(r.value)]),
      ];
    case "popular-items":
      return [
        [t.name, t.count, `${t.gross} (EUR)`],
        ...(figures as ItemRow[]).map((r) => [r.name, String(r.count), decimal(r.gross)]),
      ];
    case "visitor-times":
    case "order-times":
      return [
        [t.weekday, t.hour, t.count],
        ...(figures as TimeCell[]).map((r) => [
          de.weekdays[r.weekday - 1]!,
          `${String(r.hour).padStart(2, "0")}:00`,
          String(r.value),
        ]),
      ];
    case "working-schedules":
    case "working-activities":
      return [
        [t.day, `${de.metrics[metric]} (Minuten)`],
        ...(figures as SeriesPoint[]).map((r) => [shortDate(r.date), String(r.value)]),
      ];
    default:
      return [
        [t.day, metric === "revenue" ? `${de.metrics.revenue} (EUR)` : de.metrics[metric]],
        ...(figures as SeriesPoint[]).map((r) => [
          shortDate(r.date),
          metric === "revenue" ? decimal(r.value) : String(r.value),
        ]),
      ];
  }
}

export async function statisticsCsv(
  request: Request,
  context: AppLoadContext,
  params: { metric?: string },
): Promise<Response> {
  const { user, zone } = await guard(request, context);
  const metric = params.metric?.replace(/\.csv$/, "");
  const search = new URL(request.url).searchParams;
  try {
    if (!isMetric(metric)) throw new BadInput(404, de.errors.unknownMetric);
    const today = businessDay(new Date(), zone);
    const range = pageRange(search, today);
    const { branches } = await branchesOf(context, user, search.get("filiale"));
    const figures = await statistics(context.db, metric, { range, branches, zone });
    // The formula guard for every text cell (paths, event names, product names): csvDocument.
    const csv = csvDocument(csvRows(metric, figures));
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="statistik-${metric}-${range.from}-${range.to}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof BadInput) {
      return new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
}

export const STATISTICS_METRICS = METRICS;
