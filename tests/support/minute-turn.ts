import { expect } from "vitest";
import { MESSAGE_CLOCK_MS } from "#app/features/orders/order-status-etag.server";

/**
 * Kept pages live until the next full minute at most (decision 032). A change that shows before
 * the minute turns was shown because its notice dropped the kept page, not because the page grew
 * old: that is what the propagation tests prove. How fast a change arrives (the issues' 2 s) is
 * measured by `npm run bench` and `bench/change-propagation.ts`, never timed in a test: under CI's
 * load a timed assertion failed on a machine that was merely busy.
 */
export function currentMinute(): number {
  return Math.floor(Date.now() / 60_000);
}

/** Waits out the end of a minute, so that a change made now has at least `leastMs` to show. */
export async function awayFromMinuteTurn(leastMs = 15_000): Promise<number> {
  await awayFromMark(60_000, leastMs);
  return currentMinute();
}

/**
 * Waits out the end of the status page's message clock when less than `leastMs` of it is left.
 * The page's ETag reads the clock (the frame's open/closed line, the messages' clock), so a test
 * that compares tags taken seconds apart starts where neither moves for a while.
 */
export async function awayFromStatusClockTurn(leastMs = 40_000): Promise<void> {
  await awayFromMark(MESSAGE_CLOCK_MS, leastMs);
}

async function awayFromMark(periodMs: number, leastMs: number): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < leastMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** The change showed within the minute it was made in (see above). */
export function expectShownInMinute(minute: number): void {
  expect(currentMinute(), "die Änderung kam erst mit dem Ablauf der Minute").toBe(minute);
}
