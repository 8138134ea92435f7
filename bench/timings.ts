/** One measured case: how often it ran and its percentiles in milliseconds. */
export interface Figures {
  case: string;
  runs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * Sequential timings of one piece of work at a time (a save, a page, an import): each case warms
 * up first (a quarter of its runs, at most `maxWarmUp`), then every run is timed on its own and
 * the percentiles go into `figures` in the order the cases ran.
 */
export function createTimings({ maxWarmUp }: { maxWarmUp: number }) {
  const figures: Figures[] = [];
  async function measure(label: string, runs: number, work: (run: number) => Promise<unknown>) {
    const warmUp = Math.min(maxWarmUp, Math.ceil(runs / 4));
    for (let run = 0; run < warmUp; run += 1) await work(run);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await work(warmUp + run);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      Number(times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2));
    figures.push({ case: label, runs, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) });
  }
  return { figures, measure };
}
