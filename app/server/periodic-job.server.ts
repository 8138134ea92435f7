/**
 * A job every server process runs in the background (abandoned carts, analytics retention,
 * statistics rollups): a first round after `firstAfterMs`, then one every `intervalMs` after the
 * previous round ended, never two at once. A failed round is logged once per distinct problem
 * and tried again at the next turn; `stop()` waits for a running round. `wake()` brings the next
 * round forward when there is news (a print job queued): at once when idle, right after the
 * running round otherwise; several wakes during one round make one extra round.
 */
export interface PeriodicJob {
  stop(): Promise<void>;
  /** Runs a round now, after one that is running (tests). */
  runNow(): Promise<void>;
  /** The next round now rather than at its turn (never two at once). */
  wake(): void;
}

export function startPeriodicJob(options: {
  /** One round; what it reports on success it logs itself. */
  round: () => Promise<void>;
  intervalMs: number;
  /**
   * The pause after a round, when it depends on the work waiting (a queue woken by announcements,
   * decision 119); `intervalMs` without it.
   */
  pauseAfter?: () => Promise<number>;
  firstAfterMs?: number;
  log: (line: string) => void;
  /** The log line for a failed round. */
  failed: (problem: string) => string;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastProblem: string | undefined;
  let woken = false;

  async function round(): Promise<void> {
    try {
      await options.round();
      lastProblem = undefined;
    } catch (error) {
      const problem = error instanceof Error ? error.message || error.name : String(error);
      if (problem !== lastProblem) options.log(options.failed(problem));
      lastProblem = problem;
    }
  }

  function tick(): void {
    if (stopped) return;
    woken = false;
    running = round()
      .then(async () => (options.pauseAfter ? options.pauseAfter() : options.intervalMs))
      .catch(() => options.intervalMs)
      .then((pause) => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(tick, woken ? 0 : pause);
        timer.unref();
      });
  }

  timer = setTimeout(tick, options.firstAfterMs ?? 0);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async runNow() {
      await running;
      await round();
    },
    wake() {
      if (stopped) return;
      if (running) {
        woken = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
      timer.unref();
    },
  };
}
