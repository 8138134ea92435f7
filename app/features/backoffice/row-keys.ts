import type { z } from "zod";
import type { BodyKeys } from "#app/server/unknown-keys";

/** Any zod schema, as a raw shape holds them (`z.core.$ZodType`). */
type Schema = z.core.$ZodType;

/**
 * The keys a resource's child rows take, read from the zod schema that parses them (decision 115):
 * a list of objects (`parts`, `openingHours`), one object (`catalog`), and their own lists
 * (`parts.0.options`). Null where the schema has no object shape to hold a body to (a string, a
 * number, `z.unknown()`) or takes any key (`catchall`): there is nothing to name.
 *
 * Zod's wrappers are looked through: optional, nullable, default, catch, readonly, a pipe (its
 * input side first: a list's length is checked on `unknown[]` before its rows, so the rows' shape
 * is on the output side), a union (the keys of all its objects), a lazy schema (once).
 */
export function rowKeysOf(schema: Schema): (BodyKeys & { list: boolean }) | null {
  const keys = walk(schema, new Set());
  return keys ? { ...keys, list: isList(schema, new Set()) } : null;
}

/** Whether the schema takes a list (of rows) rather than one object. */
function isList(schema: Schema, seen: Set<Schema>): boolean {
  if (seen.has(schema)) return false;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return isList(def.innerType, seen);
  if (def.type === "array") return true;
  if (def.type === "pipe") return def.in ? isList(def.in, seen) : false;
  if (def.type === "lazy" && def.getter) return isList(def.getter(), new Set(seen).add(schema));
  return false;
}

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: readonly Schema[];
  getter?: () => Schema;
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "catch",
  "readonly",
]);

function walk(schema: Schema, seen: Set<Schema>): BodyKeys | null {
  if (seen.has(schema)) return null;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return walk(def.innerType, seen);
  switch (def.type) {
    case "array":
      return def.element ? walk(def.element, seen) : null;
    case "pipe":
      return (def.in && walk(def.in, seen)) ?? (def.out ? walk(def.out, seen) : null);
    case "lazy": {
      if (!def.getter) return null;
      const inner = new Set(seen).add(schema);
      return walk(def.getter(), inner);
    }
    case "union":
      return merged((def.options ?? []).map((option) => walk(option, seen)));
    case "object": {
      // `z.looseObject` and `.catchall(z.unknown())` take any key; a strict object refuses
      // unknown keys itself, under the same message (zodErrors).
      if (def.catchall && defOf(def.catchall).type !== "never") return null;
      const shape = def.shape ?? {};
      const rows: Record<string, BodyKeys> = {};
      const inner = new Set(seen).add(schema);
      for (const [key, child] of Object.entries(shape)) {
        const keys = walk(child, inner);
        if (keys) rows[key] = keys;
      }
      const takes = Object.keys(shape).filter((key) => !(key in rows));
      return Object.keys(rows).length ? { takes, rows } : { takes };
    }
    default:
      return null;
  }
}

/** The keys of several shapes one value may take (a union's objects). */
function merged(all: readonly (BodyKeys | null)[]): BodyKeys | null {
  const found = all.filter((keys): keys is BodyKeys => keys !== null);
  if (found.length === 0) return null;
  if (found.length === 1) return found[0]!;
  const rowNames = new Set(found.flatMap((keys) => Object.keys(keys.rows ?? {})));
  const rows = Object.fromEntries(
    [...rowNames].map((name) => [
      name,
      merged(found.map((keys) => keys.rows?.[name] ?? null)) ?? { takes: [] },
    ]),
  );
  const takes = [...new Set(found.flatMap((keys) => keys.takes))].filter(
    (key) => !rowNames.has(key),
  );
  return rowNames.size ? { takes, rows } : { takes };
}

/**
 * The keys as they were read: what a record's rows hold (`answered`, as a GET gives them) joins
 * each level's `answers`, so that a record read can go back unchanged.
 */
export function withAnswered(keys: BodyKeys, answered: unknown): BodyKeys {
  const samples = (Array.isArray(answered) ? answered : [answered]).filter(
    (row): row is Record<string, unknown> =>
      typeof row === "object" && row !== null && !Array.isArray(row),
  );
  if (samples.length === 0) return keys;
  const answers = new Set(keys.answers ?? []);
  for (const row of samples) for (const key of Object.keys(row)) answers.add(key);
  const rows = Object.fromEntries(
    Object.entries(keys.rows ?? {}).map(([name, rowKeys]) => [
      name,
      withAnswered(
        rowKeys,
        samples.flatMap((row) => row[name] ?? []),
      ),
    ]),
  );
  return { ...keys, answers: [...answers], ...(keys.rows ? { rows } : {}) };
}
