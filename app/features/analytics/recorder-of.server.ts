import type { Db } from "#app/db/schema";
import { analyticsRecorder, type AnalyticsRecorder } from "./recorder.server";

/**
 * The recorder of a database where the load context brings none (tests that build their own
 * context): one per database handle, its timers unref'd. The server passes its own (server.ts),
 * which it flushes on shutdown.
 */
const recorders = new WeakMap<Db, AnalyticsRecorder>();

export function recorderFor(db: Db): AnalyticsRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = analyticsRecorder(db);
    recorders.set(db, recorder);
  }
  return recorder;
}
