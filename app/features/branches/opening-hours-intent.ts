import { MAX_OPENING_RULES } from "./opening-rules.schema";

/**
 * The editor's buttons without JavaScript: each is a submit button `name="intent"` whose value
 * names the list and the change (`hours-add`, `hours-remove-2`, `hours-up-2`). The page's action
 * turns it into conform's own list intent, so that `parseWithZod` applies the change, validates
 * nothing the user has not saved yet, and `reply()` hands back every typed value plus the change.
 */
export const HOURS_INTENT_FIELD = "intent";

/**
 * conform's reserved field for list intents (`INTENT` of @conform-to/dom, which the app does not
 * depend on directly); its value is the intent as JSON. Tests pin that `parseWithZod` applies it.
 */
const CONFORM_INTENT = "__intent__";

export type HoursChange =
  | { kind: "add" }
  | { kind: "remove"; index: number }
  | { kind: "up"; index: number }
  | { kind: "down"; index: number };

export interface HoursIntent {
  /** The list's field name, e.g. `openingHours`. */
  name: string;
  change: HoursChange;
}

/** The new row's values: a weekly rule is the most common addition after the first setup. */
export const NEW_HOURS_ROW = { type: "daily" } as const;

export function hoursIntentValue(name: string, change: HoursChange): string {
  return change.kind === "add" ? `${name}-add` : `${name}-${change.kind}-${change.index}`;
}

/** How many rows of list `name` the form holds (one past the highest index posted). */
export function countHoursRows(formData: FormData, name: string): number {
  const prefix = `${name}[`;
  let count = 0;
  for (const key of formData.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = Number(/^(\d{1,6})\]/.exec(key.slice(prefix.length))?.[1]);
    if (Number.isInteger(index) && index >= count) count = index + 1;
  }
  return count;
}

/**
 * The lists a form's buttons may name: a plain name (`openingHours`) or a nested list's template
 * with `[]` for the parent row (`parts[].options` matches `parts[2].options`).
 */
function matchList(value: string, name: string): string | null {
  if (!name.includes("[]")) return value.startsWith(`${name}-`) ? name : null;
  const pattern = name
    .split("[]")
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\[\\d{1,4}\\]");
  return new RegExp(`^(${pattern})-`).exec(value)?.[1] ?? null;
}

/** The hours change a posted `intent` asks for, for one of the lists `names`; null for none. */
export function readHoursIntent(
  formData: FormData,
  names: readonly string[] = ["hours"],
): HoursIntent | null {
  return findHoursIntent(formData, names)?.intent ?? null;
}

function findHoursIntent(
  formData: FormData,
  names: readonly string[],
): { intent: HoursIntent; value: string } | null {
  for (const value of formData.getAll(HOURS_INTENT_FIELD)) {
    if (typeof value !== "string") continue;
    for (const template of names) {
      const name = matchList(value, template);
      if (name === null) continue;
      const rest = value.slice(name.length + 1);
      if (rest === "add") return { intent: { name, change: { kind: "add" } }, value };
      const match = /^(remove|up|down)-(\d{1,9})$/.exec(rest);
      if (match) {
        const kind = match[1] as "remove" | "up" | "down";
        return { intent: { name, change: { kind, index: Number(match[2]) } }, value };
      }
    }
  }
  return null;
}

/** conform's list intents (its `InsertIntent`, `RemoveIntent`, `ReorderIntent`) as JSON. */
type ListIntent =
  | { type: "insert"; payload: { name: string; defaultValue: Record<string, string> } }
  | { type: "remove"; payload: { name: string; index: number } }
  | { type: "reorder"; payload: { name: string; from: number; to: number } };

function conformIntent(
  { name, change }: HoursIntent,
  rows: number,
  defaultValue: Record<string, string>,
): ListIntent {
  switch (change.kind) {
    case "add":
      // At the limit the button is disabled; a forged post adds nothing and saves nothing.
      return rows >= MAX_OPENING_RULES
        ? { type: "remove", payload: { name, index: rows } }
        : { type: "insert", payload: { name, defaultValue: { ...defaultValue } } };
    case "remove":
      // An index beyond the list removes nothing (a stale page), but still saves nothing.
      return { type: "remove", payload: { name, index: Math.min(change.index, rows) } };
    case "up": {
      const index = Math.min(change.index, rows);
      return { type: "reorder", payload: { name, from: index, to: Math.max(index - 1, 0) } };
    }
    case "down": {
      // The last row stays where it is (a stale page's button).
      const index = Math.min(change.index, Math.max(rows - 1, 0));
      return {
        type: "reorder",
        payload: { name, from: index, to: Math.min(index + 1, Math.max(rows - 1, 0)) },
      };
    }
  }
}

/**
 * Called by the page's action before validating. When one of the editors' buttons was pressed,
 * returns a copy of the form in which that button is replaced by conform's list intent; otherwise
 * the form as it came. Then `parseWithZod(result, { schema })` gives `status: undefined` for a
 * list change (reply with `submission.reply()`, save nothing) and validates a real submit.
 */
export function applyHoursIntent(
  formData: FormData,
  names: readonly string[] = ["hours"],
  /** A new row's values per list (its name or template); the hours row otherwise. */
  newRows: Readonly<Record<string, Record<string, string>>> = {},
): FormData {
  const found = findHoursIntent(formData, names);
  if (!found) return formData;
  const result = new FormData();
  let pressed = false;
  for (const [key, value] of formData.entries()) {
    if (key === CONFORM_INTENT) continue;
    // The pressed button goes; another `intent` (a hidden `save`, say) stays for the page.
    if (key === HOURS_INTENT_FIELD && value === found.value && !pressed) {
      pressed = true;
      continue;
    }
    result.append(key, value);
  }
  const rows = countHoursRows(formData, found.intent.name);
  const template = found.intent.name.replace(/\[\d{1,4}\]/g, "[]");
  const newRow = newRows[found.intent.name] ?? newRows[template] ?? NEW_HOURS_ROW;
  result.set(CONFORM_INTENT, JSON.stringify(conformIntent(found.intent, rows, newRow)));
  return result;
}
