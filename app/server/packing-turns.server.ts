/**
 * Kept pages are packed (deflate, brotli) in libuv's threads, in the background. Each packing
 * context takes memory the moment it is made (a level-9 deflate about 400 KB, a brotli one several
 * MB) and holds it until its turn in the thread pool has come and gone. When fifty customers'
 * pages were first kept in the same second, two hundred contexts waited at once and the process
 * stayed 100 MB larger afterwards (glibc keeps what it once handed out). So packing takes turns:
 * at most `LIMIT` pieces of work at a time per process, the rest wait as plain closures.
 */
const LIMIT = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once one of the packing turns is free. */
export async function inPackingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < LIMIT) running += 1;
  // A finishing turn hands its place straight on, so that none starts beside it in between.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many turns are taken and how many wait (for tests). */
export function packingTurns(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
