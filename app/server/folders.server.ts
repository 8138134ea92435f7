import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Creates a folder and its missing parents. Node 20's `mkdirSync(dir, { recursive: true })` loops
 * forever on some paths (under /proc, for one), which would hang the start-up instead of
 * reporting an unwritable DATA_DIR; creating one level at a time fails with the real error.
 */
export function makeFolder(folder: string): void {
  const missing: string[] = [];
  let current = path.resolve(folder);
  while (!exists(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const level of missing) mkdirSync(level);
}

function exists(folder: string): boolean {
  try {
    statSync(folder);
    return true;
  } catch {
    return false;
  }
}
