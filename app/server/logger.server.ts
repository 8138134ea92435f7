import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The server's log (issue 41, decision 108): one JSON object per line (pino), for a log
 * collector, or a readable line per entry in development. Every line the server wrote before as
 * text is now the entry's `msg`; a request's entry carries its id, route group, path, status and
 * duration. No customer's personal data and no secret goes into the log: paths are logged
 * without their query, and path segments that are keys (status page tokens, device keys, login
 * links, e-mail addresses) are masked (`maskPath`).
 */
export type LogFormat = "json" | "pretty";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "silent";

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where the lines go; standard output unless a test catches them. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const out = options.destination ?? process.stdout;
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.format === "pretty" ? prettyLines(out) : out,
  );
}

/**
 * The process's log for code that has no `log` handed to it (routes, integrations): the server
 * installs its logger at start (`installLogger`); until then, and in tests, JSON lines at info.
 * Kept on `globalThis`: the server's bundle and the app's build are two bundles, each with its own
 * copy of this module, and both must write to the one log.
 */
const SLOT = Symbol.for("backstube.logger");
type WithLogger = typeof globalThis & { [SLOT]?: Logger };

export function installLogger(logger: Logger): void {
  (globalThis as WithLogger)[SLOT] = logger;
}

export function appLogger(): Logger {
  const holder = globalThis as WithLogger;
  holder[SLOT] ??= createLogger({ level: "info", format: "json" });
  return holder[SLOT];
}

/** The plain `(line) => void` the workers take, writing at level info (or the one named). */
export function lineWriter(logger: Logger, level: "info" | "warn" | "error" = "info") {
  return (line: string) => logger[level](line);
}

const LEVEL_WIDTH = 5;

/** `21:04:05 INFO  Shop läuft … status=303 ms=12` for a person at a terminal. */
function prettyLines(out: DestinationStream): DestinationStream {
  return {
    write(chunk: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(chunk) as Record<string, unknown>;
      } catch {
        out.write(chunk);
        return;
      }
      const { time, level, msg, pid: _pid, ...rest } = entry;
      const clock = typeof time === "string" ? time.slice(11, 19) : "";
      const extra = Object.entries(rest)
        .filter(([key]) => key !== "stack")
        .map(
          ([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`,
        )
        .join(" ");
      const label = String(level ?? "")
        .toUpperCase()
        .padEnd(LEVEL_WIDTH);
      const stack = typeof rest.stack === "string" ? `\n${rest.stack}` : "";
      out.write(`${clock} ${label} ${String(msg ?? "")}${extra ? ` ${extra}` : ""}${stack}\n`);
    },
  };
}

/** A request id a proxy may hand on: letters, digits and `._:-`, at most 128 characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Keys and tokens in paths: a UUID, or 16 and more characters of a token's alphabet. */
const KEY_SEGMENT =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{16,})$/i;

/**
 * The path as it may be logged: no query (it may hold a name or a phone number), each segment
 * that is a key or an address masked as `…`, at most 200 characters.
 */
export function maskPath(url: string): string {
  const path = url.split("?")[0]!.split("#")[0]!;
  return path
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return "…";
      }
      return KEY_SEGMENT.test(decoded) || decoded.includes("@") ? "…" : segment;
    })
    .join("/")
    .slice(0, 200);
}

/** Which part of the shop a path belongs to, for the log and its readers. */
export function routeGroup(path: string): string {
  if (path.startsWith("/api/")) return "api";
  if (path === "/backend" || path.startsWith("/backend/")) return "backoffice";
  if (path.startsWith("/status/")) return "status";
  if (/^\/store\/[^/]+\/checkout(\/|$)/.test(path)) return "checkout";
  if (path.startsWith("/assets/") || path.startsWith("/build/")) return "assets";
  return "storefront";
}

declare module "express-serve-static-core" {
  interface Locals {
    requestId?: string;
  }
}

/**
 * Logs each request once its answer is sent (or the connection closed): id, method, route group,
 * masked path, status and milliseconds. The id comes from `X-Request-Id` when the shop trusts its
 * proxy (TRUST_PROXY), else it is made here; it is answered in `X-Request-Id` either way, so a
 * customer's report can be found in the log. The built assets and `/healthz` are not logged: they
 * would be most of the lines and tell nothing.
 */
export function requestLog(logger: Logger, options: { trustProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const offered = req.get("X-Request-Id");
    const id = options.trustProxy && offered && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    const path = req.originalUrl || req.url;
    const group = routeGroup(path);
    if (group === "assets" || path === "/healthz") return next();
    const started = performance.now();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const status = res.headersSent ? res.statusCode : 0;
      const entry = {
        reqId: id,
        method: req.method,
        route: group,
        path: maskPath(path),
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status >= 500 || status === 0) logger.warn(entry, "Anfrage");
      else logger.info(entry, "Anfrage");
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}
