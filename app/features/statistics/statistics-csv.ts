import { DateTime } from "luxon";
import { deStatistics as de } from "#app/i18n/de-statistics";
import type {
  EventRow,
  ItemRow,
  Metric,
  PageRow,
  SeriesPoint,
  TimeCell,
} from "./statistics.server";

/** The rows of one figure's CSV download: a heading row, then German values (decision 055). */

const shortDate = (date: string) => DateTime.fromISO(date).toFormat("dd.MM.yyyy");

const decimal = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export function csvRows(metric: Metric, figures: unknown[]): string[][] {
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
