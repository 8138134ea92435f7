import { deValidation } from "#app/i18n/de-validation";
import type { Field } from "./fields";
import type { Problem, ResourceDefinition } from "./resource-definition";

/**
 * The JSON API's names (decision 097): the spec's (section 3) where they differ from the form's.
 * A record is answered under the spec's names and shapes (`tax`, `tags: [{ id }]`,
 * `branch: { id }`, `config: { parts }`); a body is read under either name, the spec's winning
 * when both are sent; a key that is neither, nor one the API answers itself (`id`, `version`,
 * `createdAt` …, read-only and ignored), is refused naming it. The forms keep the project's
 * names. Everything here is read from the definitions (`Field.apiName`, `Field.apiShape`,
 * `ResourceDefinition.extraApiNames`), so the OpenAPI document can say the same.
 */

export interface ApiEntry {
  /** The project's (the form's and the database's) name. */
  name: string;
  /** The API's name; dotted for a key of an object (`config.parts`). */
  apiName: string;
  /** `object`: `{ id }` (several: `[{ id }]`); `id`: bare ids; `plain`: as it is. */
  shape: "id" | "object" | "plain";
  multiple: boolean;
  /** The keys of each row of a list: project name → API name. */
  rows?: Readonly<Record<string, string>>;
}

const cache = new WeakMap<ResourceDefinition, ApiEntry[]>();

function shapeOf(field: Field): ApiEntry["shape"] {
  if (field.type === "reference" || field.type === "image" || field.type === "images") {
    return field.apiShape ?? "id";
  }
  return "plain";
}

/** Every value the API reads and writes, with both its names. */
export function apiEntries(definition: ResourceDefinition): ApiEntry[] {
  let entries = cache.get(definition);
  if (!entries) {
    entries = [
      ...definition.fields.map((field) => ({
        name: field.name,
        apiName: field.apiName ?? field.name,
        shape: shapeOf(field),
        multiple: field.type === "images" || (field.type === "reference" && !!field.multiple),
      })),
      ...Object.keys(definition.extraSchema ?? {})
        .filter((name) => !definition.fields.some((field) => field.name === name))
        .map((name) => {
          const naming = definition.extraApiNames?.[name];
          return {
            name,
            apiName: naming?.name ?? name,
            shape: "plain" as const,
            multiple: false,
            ...(naming?.rows ? { rows: naming.rows } : {}),
          };
        }),
    ];
    cache.set(definition, entries);
  }
  return entries;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function renameRows(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((row) =>
    isObject(row)
      ? Object.fromEntries(Object.entries(row).map(([key, cell]) => [names[key] ?? key, cell]))
      : row,
  );
}

function outward(entry: ApiEntry, value: unknown): unknown {
  if (entry.rows) return renameRows(value, entry.rows);
  if (entry.shape !== "object") return value;
  if (entry.multiple) return Array.isArray(value) ? value.map((id) => ({ id })) : [];
  return value === null || value === undefined ? null : { id: value };
}

/** A record (or a list row) as the API answers it: the spec's names and shapes. */
export function toApiRecord(
  definition: ResourceDefinition,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const byName = new Map(apiEntries(definition).map((entry) => [entry.name, entry]));
  const answer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const entry = byName.get(key);
    if (!entry) {
      answer[key] = value;
      continue;
    }
    const [head, ...rest] = entry.apiName.split(".");
    if (rest.length === 0) answer[head!] = outward(entry, value);
    else {
      const group = isObject(answer[head!]) ? (answer[head!] as Record<string, unknown>) : {};
      answer[head!] = { ...group, [rest.join(".")]: outward(entry, value) };
    }
  }
  return answer;
}

/** An id as `5`, `"5"` or `{ "id": 5 }`; anything else as it is, for the schema to judge. */
const idOf = (value: unknown) => (isObject(value) && "id" in value ? value.id : value);

function inward(entry: ApiEntry, value: unknown): unknown {
  if (entry.rows) {
    if (!Array.isArray(value)) return value;
    const back = Object.fromEntries(Object.entries(entry.rows).map(([name, api]) => [api, name]));
    return value.map((row) => {
      if (!isObject(row)) return row;
      // Either name per key; the spec's wins when a row has both.
      const renamed: Record<string, unknown> = {};
      for (const [key, cell] of Object.entries(row)) if (!(key in back)) renamed[key] = cell;
      for (const [key, cell] of Object.entries(row)) if (key in back) renamed[back[key]!] = cell;
      return renamed;
    });
  }
  if (entry.shape === "plain") return value;
  return Array.isArray(value) ? value.map(idOf) : idOf(value);
}

export interface ApiBody {
  /** The body under the project's names, for the schema. */
  input: Record<string, unknown>;
  /** Unknown keys, each named. */
  problems: Problem[];
  /** The key each value came under (`tax`, `taxRate`, `config.parts`), by project name. */
  sentAs: Map<string, string>;
}

/** The message for a key the API does not know. */
export const unknownKey = (key: string): Problem => ({
  message: deValidation.unknownKey(key),
  field: key,
});

/**
 * A JSON body under the project's names. `readOnly` holds keys the API answers but does not take
 * (`id`, `version`, `createdAt` …): sent back unchanged, they are passed over.
 */
export function fromApiBody(
  definition: ResourceDefinition,
  body: Record<string, unknown>,
  readOnly: ReadonlySet<string>,
): ApiBody {
  const entries = apiEntries(definition);
  const input: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const sentAs = new Map<string, string>();
  const byApi = new Map<string, ApiEntry>();
  const groups = new Map<string, Map<string, ApiEntry>>();
  for (const entry of entries) {
    const [head, ...rest] = entry.apiName.split(".");
    if (rest.length === 0) byApi.set(head!, entry);
    else {
      const group = groups.get(head!) ?? new Map<string, ApiEntry>();
      group.set(rest.join("."), entry);
      groups.set(head!, group);
    }
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  // The spec's names first, so that they win over an old name sent beside them.
  for (const [key, value] of Object.entries(body)) {
    const entry = byApi.get(key);
    if (entry) {
      input[entry.name] = inward(entry, value);
      sentAs.set(entry.name, key);
      continue;
    }
    const group = groups.get(key);
    if (!group) continue;
    if (!isObject(value)) {
      problems.push({ message: deValidation.enter("ein Objekt"), field: key });
      continue;
    }
    for (const [inner, cell] of Object.entries(value)) {
      const member = group.get(inner);
      if (member) {
        input[member.name] = inward(member, cell);
        sentAs.set(member.name, `${key}.${inner}`);
      } else problems.push(unknownKey(`${key}.${inner}`));
    }
  }
  for (const [key, value] of Object.entries(body)) {
    if (byApi.has(key) || groups.has(key)) continue;
    const entry = byName.get(key);
    if (entry) {
      if (sentAs.has(entry.name)) continue;
      input[entry.name] = inward(entry, value);
      sentAs.set(entry.name, key);
    } else if (!readOnly.has(key)) problems.push(unknownKey(key));
  }
  return { input, problems, sentAs };
}

/**
 * A problem's field as the client knows it: the key it sent the value under, else the API's
 * name; a row's key (`deliveryAreas.0.taxRate`) under the spec's name of the row's key.
 */
export function apiField(
  definition: ResourceDefinition,
  field: string,
  sentAs: ReadonlyMap<string, string> = new Map(),
): string {
  const match = /^([^.[]+)(.*)$/.exec(field);
  if (!match) return field;
  const [, head, rest] = match as unknown as [string, string, string];
  const entry = apiEntries(definition).find((candidate) => candidate.name === head);
  if (!entry) return field;
  let tail = rest;
  if (entry.rows) {
    tail = rest.replace(
      /^(\.\d+\.|\[\d+\]\.)([^.[]+)/,
      (_all, index: string, key: string) => `${index}${entry.rows?.[key] ?? key}`,
    );
  }
  return `${sentAs.get(head) ?? entry.apiName}${tail}`;
}

/** Problems with their fields as the client knows them. */
export function apiProblems(
  definition: ResourceDefinition,
  problems: readonly Problem[],
  sentAs?: ReadonlyMap<string, string>,
): Problem[] {
  return problems.map((problem) =>
    problem.field ? { ...problem, field: apiField(definition, problem.field, sentAs) } : problem,
  );
}

/** A list's `sort` or filter parameter, which may use the API's name, as the project's. */
export function projectName(definition: ResourceDefinition, name: string): string {
  return apiEntries(definition).find((entry) => entry.apiName === name)?.name ?? name;
}

/** A project name's API name (a filter's query parameter). */
export function toApiName(definition: ResourceDefinition, name: string): string {
  return apiEntries(definition).find((entry) => entry.name === name)?.apiName ?? name;
}
