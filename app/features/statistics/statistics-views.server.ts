import { DateTime } from "luxon";
import { getSettings } from "#app/db/queries/settings";
import { csvDocument } from "#app/domain/csv";
import {
  firstMessage,
  refused,
  succeeded,
  type Outcome,
  type RefusalStatus,
} from "#app/server/outcome";
import { formatMoney, formatNumber } from "#app/domain/format";
import {
  MAX_RANGE_DAYS,
  parseRange,
  percentChange,
  presetRanges,
  previousPeriod,
  type DayRange,
  type RangeProblem,
} from "#app/domain/statistics-range";
import { isManager } from "#app/domain/staff-permissions";
import { hoursText } from "#app/domain/working-time";
import { parseId } from "#app/domain/values";
import { deStatistics as de } from "#app/i18n/de-statistics";
import { de as staffDe } from "#app/i18n/de-staff";
import type { Db } from "#app/db/schema";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { csvRows } from "./statistics-csv";
import { businessDay } from "./rollups.server";
import {
  isMetric,
  statistics,
  type BranchFilter,
  type EventRow,
  type ItemRow,
  type PageRow,
  type SeriesPoint,
  type TimeCell,
} from "./statistics.server";

/**
 * The statistics' services (decision 055) for `GET /api/statistics/{metric}?from=&to=&branch=`,
 * the back office's page `/backend/statistics?von=&bis=&filiale=` and its CSV downloads
 * `/backend/statistics/{metric}.csv`. Administrators see every branch, managers theirs;
 * employees see no figures (revenue is the head office's and the branch manager's business).
 * Bad input is a refusal (`Outcome`), never a thrown answer.
 */

export function mayReadStatistics(user: Pick<StaffUser, "roles">): boolean {
  return user.roles.includes("ROLE_ADMIN") || isManager(user);
}

/** Thrown inside this module only, and turned into a refusal at its edge. */
class BadInput {
  constructor(
    readonly status: RefusalStatus,
    readonly message: string,
    readonly field?: string,
  ) {}
}

async function refusingBadInput<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return succeeded(await work());
  } catch (error) {
    if (error instanceof BadInput) return refused(error.status, error.message, error.field);
    throw error;
  }
}

async function zoneOf(db: Db) {
  return (await getSettings(db)).businessTimeZone;
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
  db: Db,
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
  const exists = await db
    .selectFrom("branches")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!exists) throw new BadInput(404, de.errors.unknownBranch, "branch");
  return { branches: [id], branchId: id };
}

/** One figure as the API gives it: `metric` from the path, `from`, `to`, `branch` from the query. */
export async function statisticsFigures(
  db: Db,
  user: StaffUser,
  input: {
    metric: string | undefined;
    from: string | null;
    to: string | null;
    branch: string | null;
  },
) {
  const zone = await zoneOf(db);
  return refusingBadInput(async () => {
    const metric = input.metric;
    if (!isMetric(metric)) throw new BadInput(400, de.errors.unknownMetric, "metric");
    const range = rangeOf(input.from, input.to);
    const { branches } = await branchesOf(db, user, input.branch);
    return statistics(db, metric, { range, branches, zone });
  });
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

/**
 * The page from its filter form's query (`von`, `bis`, `filiale`): the form, the branch choices
 * and presets, and the figures, or the problem with its status (the page is shown either way).
 */
export async function statisticsPageView(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date,
) {
  const zone = await zoneOf(db);
  const today = businessDay(now, zone);
  const branchChoices = await db
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
  const scope = await refusingBadInput(async () => ({
    range: pageRange(search, today),
    ...(await branchesOf(db, user, search.get("filiale"))),
  }));
  if (!scope.ok) {
    const view = { ...base, problem: firstMessage(scope), figures: null };
    return { status: scope.status, view };
  }
  const { range, branches } = scope.value;
  if (!form.von) form.von = range.from;
  if (!form.bis) form.bis = range.to;
  const previous = previousPeriod(range);
  const query = { range, branches, zone };
  const before = { range: previous, branches, zone };

  const series: SeriesFigure[] = [];
  for (const metric of SERIES_METRICS) {
    const money = metric === "revenue";
    const points = (await statistics(db, metric, query)) as SeriesPoint[];
    const past = (await statistics(db, metric, before)) as SeriesPoint[];
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
  const workedTotal = sum((await statistics(db, "working-activities", query)) as SeriesPoint[]);
  const [orderTimes, visitorTimes, popular, pages, events] = [
    (await statistics(db, "order-times", query)) as TimeCell[],
    (await statistics(db, "visitor-times", query)) as TimeCell[],
    (await statistics(db, "popular-items", query)) as ItemRow[],
    (await statistics(db, "pages", query)) as PageRow[],
    (await statistics(db, "events", query)) as EventRow[],
  ];
  const csvQuery = new URLSearchParams({
    von: range.from,
    bis: range.to,
    ...(form.filiale ? { filiale: form.filiale } : {}),
  }).toString();
  const view = {
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
  return { status: 200 as const, view };
}

function sum(points: SeriesPoint[]): number {
  return points.reduce((total, point) => total + point.value, 0);
}

function byHour(cells: TimeCell[]): { hour: number; value: number }[] {
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, value: 0 }));
  for (const cell of cells) hours[cell.hour]!.value += cell.value;
  return hours;
}

/** One figure of the page as a CSV file, for the same query as the page. */
export async function statisticsCsvFile(
  db: Db,
  user: StaffUser,
  file: string | undefined,
  search: URLSearchParams,
  now: Date,
) {
  const zone = await zoneOf(db);
  return refusingBadInput(async () => {
    const metric = file?.replace(/\.csv$/, "");
    if (!isMetric(metric)) throw new BadInput(404, de.errors.unknownMetric);
    const range = pageRange(search, businessDay(now, zone));
    const { branches } = await branchesOf(db, user, search.get("filiale"));
    const figures = await statistics(db, metric, { range, branches, zone });
    return {
      // The formula guard for every text cell (paths, event names, product names): csvDocument.
      csv: csvDocument(csvRows(metric, figures)),
      fileName: `statistik-${metric}-${range.from}-${range.to}.csv`,
    };
  });
}
