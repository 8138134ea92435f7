/**
 * How a server process of the cluster is started so that it stays small (decision 051).
 *
 * Left alone, V8 lets a process's old space grow to about four times what survived the last full
 * collection before it collects again: 50 MB of live objects under load became 200 MB of heap and
 * 300–450 MB resident. A limit on the old space makes it collect sooner, at a cost of a few per cent
 * of throughput; a small young generation (2 MB semi-spaces) keeps the short-lived page strings
 * of a busy minute from being promoted in bulk and is itself 4 MB instead of 8 MB or more.
 * glibc's per-thread malloc arenas (eight per core) kept what zlib's threads once used; two
 * arenas share it. And glibc raises its mmap threshold
 * each time a large block is freed (up to 32 MB), so zlib's states of a few hundred KB ended up in
 * the main heap, which only shrinks from its top: fixed thresholds (128 KB for mmap, 256 KB for
 * trimming) give that memory back after a burst.
 *
 * `--expose-gc` lets a process collect once after a burst of large uploads, whose dead buffers an
 * idle process would otherwise keep (`collectAfterUploads`).
 *
 * An operator's own flags (in the primary's command line or NODE_OPTIONS) win over these.
 */
export function workerExecArgv(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  heapMb: number,
): string[] {
  // Node takes both spellings, --max-old-space-size and --max_old_space_size.
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].map((arg) =>
    arg.replaceAll("_", "-"),
  );
  const has = (flag: string) => given.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
  const flags = [...execArgv];
  if (!has("--max-old-space-size")) flags.push(`--max-old-space-size=${heapMb}`);
  if (!has("--max-semi-space-size")) flags.push("--max-semi-space-size=2");
  // One full collection after a burst of large uploads (collectAfterUploads, decision 051).
  if (!has("--expose-gc")) flags.push("--expose-gc");
  return flags;
}

/** The environment a server process starts with, beside the primary's own. */
export function workerEnv(env: Record<string, string | undefined>): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? "262144",
  };
}
