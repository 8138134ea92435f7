import {
  DEFAULT_MAX_ITEMS,
  emptyValue,
  layoutOf,
  resolveField,
  type BlockFieldConfig,
} from "./block-fields";

/**
 * The block editor's list buttons without JavaScript (decision 040): each is a submit button
 * `name="intent"` whose value names the change and the list, `block:add:content.data:text`,
 * `block:remove:content.data[2].value.images:0`, `block:up:…:3`, `block:down:…:1`. The page's
 * action turns it into conform's own list intent (as the opening-hours editor does), so nothing
 * is saved, every typed value comes back and the list has changed.
 */
export const BLOCK_INTENT = "intent";
const CONFORM_INTENT = "__intent__";

export type BlockChange =
  { kind: "add"; itemType: string } | { kind: "remove" | "up" | "down"; index: number };

export function blockIntentValue(list: string, change: BlockChange): string {
  return change.kind === "add"
    ? `block:add:${list}:${change.itemType}`
    : `block:${change.kind}:${list}:${change.index}`;
}

const LIST_NAME = /^content(\.[A-Za-z][A-Za-z0-9]{0,40}|\[\d{1,3}\]){1,30}$/;

export function readBlockIntent(value: string): { list: string; change: BlockChange } | null {
  const match = /^block:(add|remove|up|down):(.+):([A-Za-z0-9-]{1,40})$/.exec(value);
  if (!match || !LIST_NAME.test(match[2]!)) return null;
  const [, kind, list, last] = match as unknown as [string, string, string, string];
  if (kind === "add") return { list, change: { kind: "add", itemType: last } };
  if (!/^\d{1,4}$/.test(last)) return null;
  return { list, change: { kind: kind as "remove" | "up" | "down", index: Number(last) } };
}

/** `content.data[2].value.images` → ['data', 2, 'value', 'images'] (without `content`). */
export function pathOf(name: string): (string | number)[] {
  return [...name.matchAll(/\.([A-Za-z0-9]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : match[1]!,
  );
}

/** The config of the list a form name points at, following the posted item types. */
export function listConfigAt(
  identifier: unknown,
  path: readonly (string | number)[],
  typeAt: (prefix: string) => string | null,
): BlockFieldConfig | null {
  let config: BlockFieldConfig = { type: "group", layout: layoutOf(identifier) };
  let name = "content";
  for (let index = 0; index < path.length; index += 1) {
    const key = path[index]!;
    const resolved = resolveField(config);
    if (resolved.type === "group" && typeof key === "string") {
      const next = resolved.layout?.[key];
      if (!next || !Object.hasOwn(resolved.layout ?? {}, key)) return null;
      config = next;
      name = `${name}.${key}`;
    } else if (resolved.type === "collection" && typeof key === "number") {
      name = `${name}[${key}]`;
      const type = typeAt(`${name}.type`);
      if (path[index + 1] !== "value" || !type || !Object.hasOwn(resolved.layout ?? {}, type)) {
        return null;
      }
      config = resolved.layout![type]!;
      name = `${name}.value`;
      index += 1;
    } else return null;
  }
  const resolved = resolveField(config);
  return ["collection", "images", "files"].includes(resolved.type) ? resolved : null;
}

/** Form values are strings: a new row's defaults as a form would post them. */
function asFormValue(value: unknown): unknown {
  if (value === null || value === undefined || value === false) return undefined;
  if (value === true) return "on";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length ? value.map(asFormValue) : undefined;
  if (typeof value === "object") {
    const entries = Object.entries(value)
      .map(([key, sub]) => [key, asFormValue(sub)] as const)
      .filter(([, sub]) => sub !== undefined);
    return Object.fromEntries(entries);
  }
  return value;
}

function rowsIn(form: FormData, list: string): number {
  const prefix = `${list}[`;
  let count = 0;
  for (const key of form.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = Number(/^(\d{1,4})\]/.exec(key.slice(prefix.length))?.[1]);
    if (Number.isInteger(index) && index >= count) count = index + 1;
  }
  return count;
}

/**
 * Called by the resource page's action before validating (`prepareForm`): a pressed list button
 * becomes conform's list intent; any other form comes back as it was.
 */
export function applyBlockIntent(form: FormData): FormData {
  let found: { list: string; change: BlockChange; raw: string } | null = null;
  for (const value of form.getAll(BLOCK_INTENT)) {
    if (typeof value !== "string") continue;
    const intent = readBlockIntent(value);
    if (intent) {
      found = { ...intent, raw: value };
      break;
    }
  }
  if (!found) return form;
  const typeAt = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const config = listConfigAt(form.get("identifier"), pathOf(found.list), typeAt);
  const result = new FormData();
  let pressed = false;
  for (const [key, value] of form.entries()) {
    if (key === CONFORM_INTENT) continue;
    if (key === BLOCK_INTENT && value === found.raw && !pressed) {
      pressed = true;
      continue;
    }
    result.append(key, value);
  }
  const rows = rowsIn(form, found.list);
  const { list, change } = found;
  const noChange = { type: "remove", payload: { name: list, index: rows } };
  let intent: unknown = noChange;
  if (config) {
    const max = config.maxItems ?? DEFAULT_MAX_ITEMS;
    if (change.kind === "add") {
      let defaultValue: unknown = null;
      if (config.type === "collection") {
        const itemConfig = Object.hasOwn(config.layout ?? {}, change.itemType)
          ? config.layout![change.itemType]
          : undefined;
        if (itemConfig) {
          defaultValue = { type: change.itemType, value: asFormValue(emptyValue(itemConfig)) };
        }
      } else defaultValue = config.type === "images" ? { id: "", alt: "" } : { id: "" };
      if (defaultValue !== null && rows < max) {
        intent = { type: "insert", payload: { name: list, defaultValue } };
      }
    } else if (change.kind === "remove" && change.index < rows) {
      intent = { type: "remove", payload: { name: list, index: change.index } };
    } else if (change.kind === "up" && change.index > 0 && change.index < rows) {
      intent = {
        type: "reorder",
        payload: { name: list, from: change.index, to: change.index - 1 },
      };
    } else if (change.kind === "down" && change.index + 1 < rows) {
      intent = {
        type: "reorder",
        payload: { name: list, from: change.index, to: change.index + 1 },
      };
    }
  }
  result.set(CONFORM_INTENT, JSON.stringify(intent));
  return result;
}
