import { sql } from "kysely";
import { findBranchByIdentifier, listBranches } from "#app/db/queries/branches";
import { getSettings } from "#app/db/queries/settings";
import type { Db } from "#app/db/schema";

/**
 * An in-memory copy of the shop's reference data (settings, branches, menus, the catalogue,
 * content) for as long as the database's version stamp stays the same (migration
 * 2026_11_22_0003, docs/decisions/017). Each request reads the stamp once (one tiny query,
 * shared by the loaders that run side by side) instead of reloading twenty tables, and every
 * instance sees a change made through any other instance on its next request.
 *
 * The cached values are shared between requests: callers must treat them as read-only (outside
 * production they are frozen, so a test catches a caller that writes to one).
 *
 * The same triggers announce each change on the channel `reference_data` (docs/decisions/032):
 * the instance's listener then calls `forgetReferenceData`, which frees the old copy at once; the
 * stamp check alone already keeps every answer exact.
 */
interface Entry {
  stamp: string | number | undefined;
  value: Promise<unknown>;
}

interface Snapshot {
  version: bigint;
  entries: Map<string, Entry>;
}

interface DatabaseState {
  snapshot: Snapshot | null;
  /** The stamp query in flight: loaders that start meanwhile wait for it instead of asking again. */
  pending: Promise<bigint> | null;
}

const states = new WeakMap<Db, DatabaseState>();
const freezeValues = process.env.NODE_ENV !== "production";

function stateOf(db: Db): DatabaseState {
  let state = states.get(db);
  if (!state) {
    state = { snapshot: null, pending: null };
    states.set(db, state);
  }
  return state;
}

async function readVersion(db: Db, state: DatabaseState): Promise<bigint> {
  if (state.pending) return state.pending;
  const pending = sql<{
    version: string;
  }>`select version::text as version from reference_data_version`
    .execute(db)
    .then((result) => BigInt(result.rows[0]?.version ?? "0"));
  state.pending = pending;
  try {
    return await pending;
  } finally {
    if (state.pending === pending) state.pending = null;
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (value instanceof Date) return value;
  Object.freeze(value);
  const children = value instanceof Map ? [...value.values()] : Object.values(value);
  for (const child of children) deepFreeze(child);
  return value;
}

/**
 * `load()`'s result, shared with every other caller of the same key until the reference data
 * change. A `stamp` (for example the current minute) keeps one value per key and replaces it when
 * the stamp moves on, for values that also depend on the time.
 */
export async function cachedReference<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  stamp?: string | number,
): Promise<T> {
  const state = stateOf(db);
  const version = await readVersion(db, state);
  let snapshot = state.snapshot;
  if (!snapshot || snapshot.version < version) {
    snapshot = { version, entries: new Map() };
    state.snapshot = snapshot;
  } else if (snapshot.version > version) {
    // A request that read the stamp just before a change: serve it uncached, keep the newer copy.
    return load();
  }
  const entry = snapshot.entries.get(key);
  if (entry && entry.stamp === stamp) return entry.value as Promise<T>;
  const value = load().then((loaded) => (freezeValues ? deepFreeze(loaded) : loaded));
  const entries = snapshot.entries;
  const fresh: Entry = { stamp, value };
  entries.set(key, fresh);
  value.catch(() => {
    if (entries.get(key) === fresh) entries.delete(key);
  });
  return value;
}

/**
 * The reference data's version stamp now (shared with the callers asking at the same moment).
 * Read before the data it stands for, a value derived from that data and kept under the stamp is
 * never newer than the stamp says, only sometimes older (then the next reader misses).
 */
export function referenceVersion(db: Db): Promise<bigint> {
  return readVersion(db, stateOf(db));
}

/**
 * Drops this database's copy (a `reference_data` notification, or the listener's reconnect): the
 * next caller loads anew. A load still in flight lands in the dropped copy, never in the next.
 */
export function forgetReferenceData(db: Db): void {
  const state = states.get(db);
  if (state) state.snapshot = null;
}

/**
 * For a change the reference tables' triggers cannot see (none so far: every table the
 * storefront reads has one, see migrations/helpers/reference-data.ts for new tables): moves the
 * stamp and tells every instance, on commit. Call it with the transaction that made the change.
 */
export async function referenceDataChanged(db: Db): Promise<void> {
  await sql`
    with bumped as (
      update reference_data_version set version = nextval('reference_data_version_seq')
      returning version
    )
    select pg_notify('reference_data', version::text) from bumped`.execute(db);
}

/** The shop's settings row, as `getSettings` reads it. */
export function referenceSettings(db: Db) {
  return cachedReference(db, "settings", () => getSettings(db));
}

/** A branch with its details by identifier (public or not: the caller decides). */
export function referenceBranch(db: Db, identifier: string) {
  return cachedReference(db, `branch:${identifier}`, () => findBranchByIdentifier(db, identifier));
}

export function referenceBranches(db: Db, options: { publicOnly?: boolean } = {}) {
  const publicOnly = options.publicOnly ?? false;
  return cachedReference(db, `branches:${publicOnly ? "public" : "all"}`, () =>
    listBranches(db, { publicOnly }),
  );
}
