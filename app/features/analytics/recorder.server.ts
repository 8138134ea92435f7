import { isbot } from "isbot";
import type { Db } from "#app/db/schema";
import { addressWindow } from "#app/domain/address-window";
import { BUSINESS_TIME_ZONE } from "#app/domain/time";
import { batches, type Batches } from "./batches.server";
import { businessDay, saltKeeper, visitorHash, type SaltKeeper } from "./salts.server";
import type { AnalyticsEvent } from "./events";

/**
 * What this process counts (decision 054): page views without a cookie, and the events that
 * consenting visitors' browsers log. Both wait in memory and go to the database in batches; the
 * address and browser of a view stay in memory until its batch is written (at most a second or so)
 * and only the day's visitor hash is stored.
 */
export interface AnalyticsRecorder {
  /** A page view as the server saw it; a bot's is not counted. Costs an array push. */
  countPageView(view: SeenRequest & { path: string }): void;
  /** A consenting visitor's event, or why it was not taken. */
  logEvent(event: AnalyticsEvent, seen: SeenRequest): "accepted" | "limited";
  flush(): Promise<void>;
  stop(): Promise<void>;
  readonly salts: SaltKeeper;
}

export interface SeenRequest {
  at: Date;
  /** The client's address; only hashed, never stored. */
  address: string;
  userAgent: string;
}

export interface RecorderOptions {
  /** The business time zone (a setting); Europe/Berlin by default. */
  zone?: () => Promise<string>;
  now?: () => Date;
  everyMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  /** Events per address per window (per process). */
  eventsPerWindow?: number;
  windowMs?: number;
  /** Events per visitor (address and browser) per business day (per process). */
  eventsPerVisitorDay?: number;
  log?: (line: string) => void;
}

interface PendingView extends SeenRequest {
  path: string;
}

interface PendingEvent extends SeenRequest {
  event: AnalyticsEvent;
}

/** Paths longer than the column allows are cut: a path is a key of the statistics, not data. */
const PATH_MAX = 300;
const STORE_PATH = /^\/store\/([a-z0-9-]{1,100})(?:\/|$)/;
/** Visitors counted in one business day: many more are a flood of addresses, and start afresh. */
const MAX_TRACKED = 50_000;

export function analyticsRecorder(db: Db, options: RecorderOptions = {}): AnalyticsRecorder {
  const zone = options.zone ?? (async () => BUSINESS_TIME_ZONE);
  const salts = saltKeeper(db);
  const eventsPerWindow = options.eventsPerWindow ?? 30;
  const windowMs = options.windowMs ?? 10_000;
  const perVisitorDay = options.eventsPerVisitorDay ?? 500;
  const now = options.now ?? (() => new Date());
  let lastDay: string | null = null;
  // The zone as last read; the daily cap's day follows it.
  let currentZone = BUSINESS_TIME_ZONE;

  /** Hashes of a batch, by the business day of each row; the salt of a day read once. */
  const hashesOf = async (rows: SeenRequest[]): Promise<string[]> => {
    const timeZone = await zone();
    currentZone = timeZone;
    const saltsOfDay = new Map<string, Buffer>();
    const result: string[] = [];
    for (const row of rows) {
      const day = businessDay(row.at, timeZone);
      let salt = saltsOfDay.get(day);
      if (!salt) {
        salt = await salts.saltFor(day);
        saltsOfDay.set(day, salt);
      }
      result.push(visitorHash(salt, day, row.address, row.userAgent));
    }
    // A new day: yesterday's salt goes at once (the retention job does it too).
    const today = businessDay(now(), timeZone);
    if (today !== lastDay) {
      lastDay = today;
      await salts.forgetBefore(today);
    }
    return result;
  };

  const branchIds = async (identifiers: (string | null)[]) => {
    const wanted = [...new Set(identifiers.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map<string, number>();
    const rows = await db
      .selectFrom("branches")
      .select(["id", "identifier"])
      .where("identifier", "in", wanted)
      .execute();
    return new Map(rows.map((row) => [row.identifier, row.id]));
  };

  const batchOptions = {
    everyMs: options.everyMs,
    maxBatch: options.maxBatch,
    maxBuffered: options.maxBuffered,
    log: options.log,
  };
  const views: Batches<PendingView> = batches(
    async (rows) => {
      const visitors = await hashesOf(rows);
      const branches = await branchIds(rows.map((row) => STORE_PATH.exec(row.path)?.[1] ?? null));
      await db
        .insertInto("pageViews")
        .values(
          rows.map((row, index) => ({
            viewedAt: row.at,
            path: row.path,
            visitor: visitors[index]!,
            branchId: branches.get(STORE_PATH.exec(row.path)?.[1] ?? "") ?? null,
          })),
        )
        .execute();
    },
    { ...batchOptions, label: "Seitenaufrufe" },
  );

  const events: Batches<PendingEvent> = batches(
    async (rows) => {
      const visitors = await hashesOf(rows);
      const branches = await branchIds(rows.map((row) => row.event.branch));
      await db
        .insertInto("analyticsEvents")
        .values(
          rows.map((row, index) => ({
            occurredAt: row.at,
            visitor: visitors[index]!,
            branchId: branches.get(row.event.branch ?? "") ?? null,
            type: row.event.type,
            action: row.event.action,
            category: row.event.category,
            name: row.event.name,
            data: row.event.data === null ? null : JSON.stringify(row.event.data),
          })),
        )
        .execute();
    },
    { ...batchOptions, label: "Statistik-Ereignisse" },
  );

  // Per address: events in the current window. Per visitor: events of the business day.
  const window = addressWindow(eventsPerWindow, windowMs);
  let visitorDay = { day: "", counts: new Map<string, number>() };
  return {
    salts,
    countPageView(view) {
      // No user agent: no browser (the kept pages' own priming request has none, decision 049).
      if (!view.userAgent || isbot(view.userAgent)) return;
      views.add({ ...view, path: view.path.slice(0, PATH_MAX) });
    },
    logEvent(event, seen) {
      const at = seen.at.getTime();
      if (!window.take(seen.address, at)) return "limited";

      // The visitor's events of the business day (address and browser, in memory only).
      const day = businessDay(seen.at, currentZone);
      if (visitorDay.day !== day) visitorDay = { day, counts: new Map() };
      const key = `${seen.address}\0${seen.userAgent}`;
      const ofVisitor = visitorDay.counts.get(key) ?? 0;
      if (ofVisitor >= perVisitorDay) return "limited";
      if (visitorDay.counts.size >= MAX_TRACKED) visitorDay.counts.clear();
      visitorDay.counts.set(key, ofVisitor + 1);

      events.add({ ...seen, event });
      return "accepted";
    },
    async flush() {
      await Promise.all([views.flush(), events.flush()]);
    },
    async stop() {
      await Promise.all([views.stop(), events.stop()]);
    },
  };
}
