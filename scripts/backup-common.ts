/** What `npm run backup` and `npm run restore` share (decision 110). */

/** DATA_DIR's folders a backup leaves out: the image sizes, made again on demand. */
export const BACKUP_SKIPPED = new Set(["image-sizes"]);

/** `backstube-2026-11-29T22-15-03Z`: sorts by time, no colon (Windows, S3 consoles). */
export function backupName(at: Date): string {
  return `backstube-${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
}

/** Whether a shop answers its health check on this port of this machine. */
export async function shopAnswersOn(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** An error's message with the password of any database address in it replaced by `***`. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/(postgres(?:ql)?:\/\/[^:@/\s]+):[^@\s]+@/g, "$1:***@").trim();
}
