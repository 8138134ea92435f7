import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A lock that Playwright's worker processes share, for two specs that change and read the same
 * thing on one server (the landing page's gallery: the blocks spec adds a picture and takes it out
 * again, the storefront spec steps through the gallery and counts). `mkdir` either creates the
 * folder or fails, in one step, so at most one holder at a time; a holder that died leaves a
 * folder older than `staleMs`, which the next one takes over.
 */
export async function withSharedLock<T>(
  name: string,
  run: () => Promise<T>,
  { waitMs = 180_000, staleMs = 240_000 } = {},
): Promise<T> {
  const folder = path.join(tmpdir(), `backstube-e2e-lock-${name}`);
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(folder);
      break;
    } catch {
      try {
        if (Date.now() - statSync(folder).mtimeMs > staleMs) rmSync(folder, { recursive: true });
      } catch {
        // Gone in between: the next try takes it.
      }
      if (Date.now() > until) throw new Error(`Sperre "${name}" nicht frei nach ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
