import { deValidation } from "#app/i18n/de-validation";
import { problemAnswer, type Problem } from "./outcome";

/**
 * A JSON body's keys that a route neither takes nor answers (decision 097): each refused by name,
 * "Unbekanntes Feld „foo“." with `field: "foo"`, so that a misspelt or foreign key (the spec's
 * `tax` sent to the wrong place) is never dropped without a word. Keys the route answers itself
 * (`id`, `createdAt` …) are read-only and passed over, so a record can go back as it was read.
 */
export function unknownKeys(
  body: Readonly<Record<string, unknown>>,
  takes: readonly string[],
  answers: readonly string[] = [],
): Problem[] {
  const known = new Set([...takes, ...answers]);
  return Object.keys(body)
    .filter((key) => !known.has(key))
    .map((key) => ({ message: deValidation.unknownKey(key), field: key }));
}

/**
 * The keys a JSON body may hold (decision 104's walk): those it takes, those the route answers
 * (passed over), and the shapes of its child rows — a list of objects (`pauses`, `parts`) or one
 * nested object (`focalPoint`) under a key, whose own unknown keys are named with their path
 * (`pauses.0.foo`).
 */
export interface BodyKeys {
  takes: readonly string[];
  answers?: readonly string[];
  rows?: Readonly<Record<string, BodyKeys>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `unknownKeys` through the child rows as well; each unknown key named with its path. */
export function unknownKeysIn(
  body: Readonly<Record<string, unknown>>,
  keys: BodyKeys,
  path = "",
): Problem[] {
  const here = unknownKeys(body, [...keys.takes, ...Object.keys(keys.rows ?? {})], keys.answers);
  const found = here.map((problem) => named(`${path}${problem.field}`));
  for (const [key, rowKeys] of Object.entries(keys.rows ?? {})) {
    const value = body[key];
    if (isRecord(value)) found.push(...unknownKeysIn(value, rowKeys, `${path}${key}.`));
    if (!Array.isArray(value)) continue;
    value.forEach((row, index) => {
      if (isRecord(row)) found.push(...unknownKeysIn(row, rowKeys, `${path}${key}.${index}.`));
    });
  }
  return found;
}

const named = (field: string): Problem => ({ message: deValidation.unknownKey(field), field });

/**
 * The 400 for a JSON body with keys the route does not take, or null when it has none: what every
 * JSON write of the API checks before it reads the values.
 */
export function unknownKeysAnswer(
  body: Readonly<Record<string, unknown>>,
  keys: BodyKeys,
  headers?: HeadersInit,
): Response | null {
  const problems = unknownKeysIn(body, keys);
  return problems.length ? problemAnswer({ status: 400, errors: problems }, { headers }) : null;
}

/** Whether a request's body is JSON (a form's fields are the page's, not the API's contract). */
export const sendsJson = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").includes("application/json");
