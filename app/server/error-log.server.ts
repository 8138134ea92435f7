import { appLogger } from "./logger.server";
/**
 * How the server writes an error it did not expect (a bug of ours, not a refused request): one
 * line, never a stack of seven, and the same error at most once a minute with the count of the
 * repeats, so that a visitor who found a 500 cannot fill the log by asking for it again and again.
 * The line names the method, the path (never the query: it may hold a name or a phone number),
 * the error's kind and message and the first frame of our own code.
 */
const WINDOW_MS = 60_000;
/** Different errors remembered at once; beyond that the oldest is forgotten. */
const MAX_KEPT = 200;
const MAX_MESSAGE = 300;

interface Seen {
  since: number;
  repeats: number;
}

export interface ErrorLog {
  (error: unknown, request?: { method: string; url: string }): void;
}

export function errorLog(
  write: (line: string, error: unknown) => void = (line, error) =>
    appLogger().error(error instanceof Error && error.stack ? { stack: error.stack } : {}, line),
  now: () => number = Date.now,
): ErrorLog {
  const seen = new Map<string, Seen>();
  return (error, request) => {
    const line = describe(error, request);
    const at = now();
    const earlier = seen.get(line);
    if (earlier && at - earlier.since < WINDOW_MS) {
      earlier.repeats += 1;
      return;
    }
    seen.delete(line);
    if (seen.size >= MAX_KEPT) seen.delete(seen.keys().next().value!);
    seen.set(line, { since: at, repeats: 0 });
    const repeats = earlier?.repeats ?? 0;
    // The writer may add the stack: once per error and minute, as the line.
    write(repeats > 0 ? `${line} (${repeats}× wiederholt in der Minute davor)` : line, error);
  };
}

/** The server's one log of unexpected errors, for the routes that catch one and answer anyway. */
export const logServerError: ErrorLog = errorLog();

/** One line: `Serverfehler bei GET /pfad: TypeError: … (app/…/datei.ts:12:5)`. */
export function describe(error: unknown, request?: { method: string; url: string }): string {
  const where = request ? ` bei ${request.method} ${pathOf(request.url)}` : "";
  const kind = error instanceof Error ? error.name : typeof error;
  const message = oneLine(error instanceof Error ? error.message : String(error));
  const frame = error instanceof Error ? ownFrame(error.stack) : null;
  return `Serverfehler${where}: ${kind}: ${message}${frame ? ` (${frame})` : ""}`;
}

function pathOf(url: string): string {
  try {
    return oneLine(new URL(url, "http://localhost").pathname);
  } catch {
    return "?";
  }
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}

/** The first frame in our own code (not node_modules, not Node's internals), shortened. */
function ownFrame(stack: string | undefined): string | null {
  for (const line of (stack ?? "").split("\n").slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?\s*$/.exec(line.trim());
    if (!match || /node_modules|node:internal/.test(match[1]!)) continue;
    const location = match[1]!.replace(/^file:\/\//, "");
    const app = location.lastIndexOf("/app/");
    return app === -1 ? location : location.slice(app + 1);
  }
  return null;
}
