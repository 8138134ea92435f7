/**
 * Rows gathered in memory and written in one multi-row insert every `everyMs` or as soon as
 * `maxBatch` are waiting (decision 054): a page view costs the page an array push, not a round
 * trip. At most `maxBuffered` rows wait (a database that is away does not eat the memory; the
 * rest are dropped and counted). `flush()` writes what waits (on shutdown: everything).
 */
export interface Batches<T> {
  add(row: T): boolean;
  flush(): Promise<void>;
  stop(): Promise<void>;
  readonly waiting: number;
  readonly dropped: number;
}

export interface BatchOptions {
  everyMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  /** A failed write is said once per kind of failure. */
  log?: (line: string) => void;
  label?: string;
}

export function batches<T>(
  write: (rows: T[]) => Promise<void>,
  options: BatchOptions = {},
): Batches<T> {
  const everyMs = options.everyMs ?? 1_000;
  const maxBatch = options.maxBatch ?? 500;
  const maxBuffered = options.maxBuffered ?? 50_000;
  const log = options.log ?? (() => undefined);
  let rows: T[] = [];
  let dropped = 0;
  let running: Promise<void> | null = null;
  let soon = false;
  let lastProblem: string | undefined;
  let stopped = false;

  const writeAll = async () => {
    while (rows.length > 0) {
      const taken = rows.splice(0, maxBatch);
      try {
        await write(taken);
        lastProblem = undefined;
      } catch (error) {
        const problem = error instanceof Error ? error.message || error.name : String(error);
        if (problem !== lastProblem) {
          log(
            `${options.label ?? "Statistik"}: Schreiben fehlgeschlagen (neuer Versuch): ${problem}`,
          );
        }
        lastProblem = problem;
        // Back in front for the next round, as far as the bound allows.
        const room = Math.max(0, maxBuffered - rows.length);
        dropped += Math.max(0, taken.length - room);
        rows = [...taken.slice(0, room), ...rows];
        return;
      }
    }
  };
  const flush = async (): Promise<void> => {
    while (running) await running;
    if (rows.length === 0) return;
    running = writeAll().finally(() => {
      running = null;
    });
    await running;
  };
  const timer = setInterval(() => {
    if (rows.length > 0 && !running) void flush();
  }, everyMs);
  timer.unref();

  return {
    add(row) {
      if (stopped || rows.length >= maxBuffered) {
        dropped += 1;
        return false;
      }
      rows.push(row);
      if (rows.length >= maxBatch && !running && !soon) {
        soon = true;
        setImmediate(() => {
          soon = false;
          void flush();
        });
      }
      return true;
    },
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await flush();
    },
    get waiting() {
      return rows.length;
    },
    get dropped() {
      return dropped;
    },
  };
}
