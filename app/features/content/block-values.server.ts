import { z } from "zod";
import { linkProblem } from "#app/domain/input-rules";
import { sanitizeRichText, richTextToPlain } from "#app/domain/rich-text.server";
import { cleanLine, cleanText, parseClockTime, parseId, parseIsoDate } from "#app/domain/values";
import { deBlocks } from "#app/i18n/de-blocks";
import {
  DEFAULT_MAX_ITEMS,
  MAX_NESTING,
  REFERENCE_TARGETS,
  layoutOf,
  resolveField,
  type BlockFieldConfig,
  type BlockLayout,
  type ReferenceTarget,
} from "./block-fields";

/**
 * The server side of the block field registry (decision 040): one zod schema per field config,
 * for a JSON body and for the form (conform's nested names, every value a string) alike. Rich
 * text is cleaned here, before it is stored; images, files and references are checked to exist
 * and completed with what the database knows (`block-content.server.ts`).
 */

const t = deBlocks.errors;

/** An image as a block stores it before the database fills in version and extension. */
export interface ImageInput {
  id: number;
  alt: string;
}
export interface FileInput {
  id: number;
}
export interface ReferenceValue {
  type: ReferenceTarget;
  id: number;
}

/** The JSON nesting a stored content may have: a few levels per group or collection. */
export const MAX_JSON_DEPTH = MAX_NESTING * 4 + 4;
export const MAX_CONTENT_BYTES = 256 * 1024;

const isNone = (value: unknown) => value === undefined || value === null || value === "";

function jsonDepth(value: unknown, limit: number, depth = 0): number {
  if (depth > limit) return depth;
  if (Array.isArray(value)) {
    let deepest = depth;
    for (const item of value) deepest = Math.max(deepest, jsonDepth(item, limit, depth + 1));
    return deepest;
  }
  if (value !== null && typeof value === "object") {
    let deepest = depth;
    for (const item of Object.values(value)) {
      deepest = Math.max(deepest, jsonDepth(item, limit, depth + 1));
      if (deepest > limit) break;
    }
    return deepest;
  }
  return depth;
}

const MARKUP = /[<>]/;

function required<T>(schema: z.ZodType<T | null, unknown>, config: BlockFieldConfig) {
  if (!config.required) return schema;
  return schema.refine((value) => value !== null && value !== "", { message: t.required });
}

/**
 * A text field's value before cleaning: undefined for none (the field is ""), null when refused
 * (not a string, or over `limit`: a huge value is refused before it is cleaned, the limit being
 * the field's `max`, not the body's).
 */
function rawText(
  value: unknown,
  context: z.RefinementCtx,
  max: number,
  limit: number,
): string | null | undefined {
  if (isNone(value)) return undefined;
  if (typeof value !== "string") {
    context.addIssue({ code: "custom", message: t.text });
    return null;
  }
  if (value.length > limit) {
    context.addIssue({ code: "custom", message: t.tooLong(max) });
    return null;
  }
  return value;
}

function textValue(config: BlockFieldConfig, multiline: boolean, defaultMax: number) {
  const max = config.max ?? defaultMax;
  const min = config.min ?? 0;
  return z
    .unknown()
    .transform((value, context): string => {
      const raw = rawText(value, context, max, max * 2 + 100);
      if (raw === undefined) return "";
      if (raw === null) return z.NEVER;
      const cleaned = multiline ? cleanText(raw) : cleanLine(raw);
      if (cleaned.length > max) context.addIssue({ code: "custom", message: t.tooLong(max) });
      else if (cleaned !== "" && cleaned.length < min) {
        context.addIssue({ code: "custom", message: t.tooShort(min) });
      } else if (!multiline && MARKUP.test(cleaned)) {
        context.addIssue({ code: "custom", message: t.markup });
      } else if (config.format === "url" && cleaned !== "") {
        // Judged as typed: a control character inside is refused, not removed (decision 073).
        const problem = linkProblem(raw.trim());
        if (problem === "format") context.addIssue({ code: "custom", message: t.url });
        if (problem === "unsafe") context.addIssue({ code: "custom", message: t.linkUnsafe });
      }
      return cleaned;
    })
    .refine((value) => !config.required || value !== "", { message: t.required });
}

function wysiwygValue(config: BlockFieldConfig) {
  const max = config.max ?? 50_000;
  return z
    .unknown()
    .transform((value, context): string => {
      const raw = rawText(value, context, max, max * 4);
      if (raw === undefined) return "";
      if (raw === null) return z.NEVER;
      const clean = sanitizeRichText(raw);
      if (clean.length > max) context.addIssue({ code: "custom", message: t.tooLong(max) });
      return clean;
    })
    .refine((value) => !config.required || richTextToPlain(value) !== "", {
      message: t.required,
    });
}

/** '12,5', '12.5', '-3' or a JSON number. */
function numberValue(config: BlockFieldConfig) {
  const min = config.min ?? -1_000_000_000;
  const max = config.max ?? 1_000_000_000;
  const decimals = config.decimals ?? 0;
  const fallback = typeof config.default === "number" ? config.default : null;
  const schema = z.unknown().transform((value, context): number | null => {
    if (isNone(value)) return fallback;
    let number: number;
    if (typeof value === "number") number = value;
    else if (typeof value === "string" && /^\s*-?\d{1,16}([.,]\d{1,16})?\s*$/.test(value)) {
      number = Number(value.trim().replace(",", "."));
    } else {
      context.addIssue({ code: "custom", message: t.number });
      return z.NEVER;
    }
    if (!Number.isFinite(number)) {
      context.addIssue({ code: "custom", message: t.number });
      return z.NEVER;
    }
    const scaled = number * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
      context.addIssue({ code: "custom", message: t.decimals(decimals) });
    } else if (number < min) context.addIssue({ code: "custom", message: t.atLeast(min) });
    else if (number > max) context.addIssue({ code: "custom", message: t.atMost(max) });
    return number;
  });
  return required(schema, config);
}

function dateValue(config: BlockFieldConfig) {
  const mode = config.mode ?? "dateTime";
  const schema = z.unknown().transform((value, context): string | null => {
    if (isNone(value)) return null;
    const text = typeof value === "string" ? value.trim() : "";
    let parsed: string | null = null;
    if (mode === "date") parsed = parseIsoDate(text);
    else if (mode === "time") parsed = parseClockTime(text);
    else {
      const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/.exec(text);
      const day = match ? parseIsoDate(match[1]) : null;
      const time = match ? parseClockTime(match[2]) : null;
      parsed = day && time ? `${day}T${time}` : null;
    }
    if (parsed === null) {
      context.addIssue({ code: "custom", message: mode === "time" ? t.time : t.date });
      return z.NEVER;
    }
    return parsed;
  });
  return required(schema, config);
}

function booleanValue(config: BlockFieldConfig) {
  return z.unknown().transform((value, context): boolean => {
    if (value === undefined || value === null || value === "") return config.default === true;
    if (value === true || value === "on" || value === "true") return true;
    if (value === false || value === "false") return false;
    context.addIssue({ code: "custom", message: t.boolean });
    return z.NEVER;
  });
}

function selectValue(config: BlockFieldConfig) {
  const options = config.options ?? {};
  const schema = z.unknown().transform((value, context): string | null => {
    if (isNone(value)) return null;
    if (typeof value !== "string" || !Object.hasOwn(options, value)) {
      context.addIssue({ code: "custom", message: t.choice });
      return z.NEVER;
    }
    return value;
  });
  return required(schema, config);
}

/** The id of an image or file: a JSON object `{ id }`, the form's `{ id: '3' }`, or just the id. */
function idOf(value: unknown): number | null | undefined {
  if (isNone(value)) return undefined;
  if (typeof value === "number" || typeof value === "string") return parseId(value);
  if (typeof value === "object" && !Array.isArray(value)) {
    const id = (value as { id?: unknown }).id;
    if (isNone(id)) return undefined;
    return typeof id === "number" || typeof id === "string" ? parseId(id) : null;
  }
  return null;
}

function imageValue(config: BlockFieldConfig) {
  const schema = z.unknown().transform((value, context): ImageInput | null => {
    const id = idOf(value);
    if (id === undefined) return null;
    if (id === null) {
      context.addIssue({ code: "custom", message: t.image });
      return z.NEVER;
    }
    const rawAlt = (value as { alt?: unknown }).alt;
    if (rawAlt !== undefined && rawAlt !== null && typeof rawAlt !== "string") {
      context.addIssue({ code: "custom", message: t.text, path: ["alt"] });
      return z.NEVER;
    }
    const alt = cleanLine(typeof rawAlt === "string" ? rawAlt.slice(0, 1_000) : "");
    if (alt.length > 300)
      context.addIssue({ code: "custom", message: t.tooLong(300), path: ["alt"] });
    if (MARKUP.test(alt)) context.addIssue({ code: "custom", message: t.markup, path: ["alt"] });
    return { id, alt };
  });
  return required(schema, config);
}

function fileValue(config: BlockFieldConfig) {
  const schema = z.unknown().transform((value, context): FileInput | null => {
    const id = idOf(value);
    if (id === undefined) return null;
    if (id === null) {
      context.addIssue({ code: "custom", message: t.file });
      return z.NEVER;
    }
    return { id };
  });
  return required(schema, config);
}

/** 'site:3' from a form's select, `{ type, id }` from JSON. */
function referenceValue(config: BlockFieldConfig) {
  const targets = config.targets ?? {};
  const schema = z.unknown().transform((value, context): ReferenceValue | null => {
    if (isNone(value)) return null;
    let type: unknown;
    let id: unknown;
    if (typeof value === "string") [type, id] = value.split(":", 2);
    else if (typeof value === "object" && !Array.isArray(value)) {
      ({ type, id } = value as { type?: unknown; id?: unknown });
    }
    const parsedId = typeof id === "number" || typeof id === "string" ? parseId(id) : null;
    if (typeof type !== "string" || parsedId === null) {
      context.addIssue({ code: "custom", message: t.reference });
      return z.NEVER;
    }
    if (
      !(REFERENCE_TARGETS as readonly string[]).includes(type) ||
      !targets[type as ReferenceTarget]
    ) {
      context.addIssue({ code: "custom", message: t.referenceTarget });
      return z.NEVER;
    }
    return { type: type as ReferenceTarget, id: parsedId };
  });
  return required(schema, config);
}

/** A list posted by a form may have gaps (a removed row); JSON must send an array. */
function listOf(value: unknown): unknown[] | null {
  if (isNone(value)) return [];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined && item !== null);
  return null;
}

function manyValue(config: BlockFieldConfig, item: z.ZodType) {
  const max = config.maxItems ?? DEFAULT_MAX_ITEMS;
  return z.unknown().transform((value, context) => {
    const items = listOf(value);
    if (items === null) {
      context.addIssue({ code: "custom", message: t.list });
      return z.NEVER;
    }
    if (items.length > max) {
      context.addIssue({ code: "custom", message: t.tooMany(max) });
      return z.NEVER;
    }
    const out: unknown[] = [];
    items.forEach((entry, index) => {
      const parsed = item.safeParse(entry);
      if (parsed.success) {
        if (parsed.data !== null) out.push(parsed.data);
      } else {
        for (const issue of parsed.error.issues) {
          context.addIssue({
            code: "custom",
            message: issue.message,
            path: [index, ...issue.path],
          });
        }
      }
    });
    return out;
  });
}

function groupValue(config: BlockFieldConfig, depth: number) {
  const shape = Object.entries(config.layout ?? {}).map(
    ([name, sub]) => [name, valueSchema(sub, depth + 1)] as const,
  );
  return z.unknown().transform((value, context) => {
    const input = isNone(value) ? {} : value;
    if (typeof input !== "object" || Array.isArray(input)) {
      context.addIssue({ code: "custom", message: t.object });
      return z.NEVER;
    }
    // Keys the layout does not name are dropped, not stored.
    const out: Record<string, unknown> = {};
    let failed = false;
    for (const [name, schema] of shape) {
      const parsed = schema.safeParse(
        Object.hasOwn(input, name) ? (input as Record<string, unknown>)[name] : undefined,
      );
      if (parsed.success) out[name] = parsed.data;
      else {
        failed = true;
        for (const issue of parsed.error.issues) {
          context.addIssue({ code: "custom", message: issue.message, path: [name, ...issue.path] });
        }
      }
    }
    return failed ? z.NEVER : out;
  });
}

/** Items `{ type, value }` (spec: collection item), each validated by its type's config. */
function collectionValue(config: BlockFieldConfig, depth: number) {
  const types = config.layout ?? {};
  const schemas = new Map(
    Object.entries(types).map(([name, sub]) => [name, valueSchema(sub, depth + 1)]),
  );
  const item = z.unknown().transform((entry, context) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      context.addIssue({ code: "custom", message: t.object });
      return z.NEVER;
    }
    const { value } = entry as { type?: unknown; value?: unknown };
    // Items stored before types were named (the seed's news) belong to the only type there is.
    const names = Object.keys(types);
    const type = (entry as { type?: unknown }).type ?? (names.length === 1 ? names[0] : undefined);
    const schema = typeof type === "string" ? schemas.get(type) : undefined;
    if (!schema || !Object.hasOwn(types, type as string)) {
      context.addIssue({ code: "custom", message: t.itemType, path: ["type"] });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({
          code: "custom",
          message: issue.message,
          path: ["value", ...issue.path],
        });
      }
      return z.NEVER;
    }
    return { type: type as string, value: parsed.data };
  });
  return manyValue(config, item);
}

const cache = new WeakMap<BlockFieldConfig, z.ZodType>();

/** Each field type's schema; groups and collections pass the nesting depth on. */
const VALUE_SCHEMAS: Record<
  BlockFieldConfig["type"],
  (config: BlockFieldConfig, depth: number) => z.ZodType
> = {
  text: (config) => textValue(config, false, 200),
  textarea: (config) => textValue(config, true, 5_000),
  markdown: (config) => textValue(config, true, 20_000),
  wysiwyg: wysiwygValue,
  number: numberValue,
  date: dateValue,
  boolean: booleanValue,
  select: selectValue,
  image: imageValue,
  images: (config) => manyValue(config, imageValue({ ...config, required: false })),
  file: fileValue,
  files: (config) => manyValue(config, fileValue({ ...config, required: false })),
  reference: referenceValue,
  group: groupValue,
  collection: collectionValue,
};

/** The schema of one field config's value; groups and collections nest at most MAX_NESTING. */
export function valueSchema(config: BlockFieldConfig, depth = 0): z.ZodType {
  const cached = cache.get(config);
  if (cached) return cached;
  if (depth > MAX_NESTING) throw new Error(`A block layout nests deeper than ${MAX_NESTING}`);
  const resolved = resolveField(config);
  const schema = VALUE_SCHEMAS[resolved.type](resolved, depth);
  cache.set(config, schema);
  return schema;
}

/** The schema of a whole block content for a layout, with the size and nesting guards first. */
export function contentSchema(layout: BlockLayout): z.ZodType<Record<string, unknown>, unknown> {
  const group = valueSchema({ type: "group", layout });
  return z.unknown().transform((value, context) => {
    if (isNone(value)) value = {};
    if (typeof value !== "object" || Array.isArray(value)) {
      context.addIssue({ code: "custom", message: t.content });
      return z.NEVER;
    }
    if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      context.addIssue({ code: "custom", message: t.tooDeep(MAX_NESTING) });
      return z.NEVER;
    }
    if (JSON.stringify(value).length > MAX_CONTENT_BYTES) {
      context.addIssue({ code: "custom", message: t.tooBig(MAX_CONTENT_BYTES / 1024) });
      return z.NEVER;
    }
    const parsed = group.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    return parsed.data as Record<string, unknown>;
  });
}

const contentSchemas = new WeakMap<BlockLayout, z.ZodType<Record<string, unknown>, unknown>>();

/** A block's content checked against its kind's layout (the identifier names the kind). */
export function parseBlockContent(identifier: unknown, content: unknown) {
  const layout = layoutOf(identifier);
  let schema = contentSchemas.get(layout);
  if (!schema) {
    schema = contentSchema(layout);
    contentSchemas.set(layout, schema);
  }
  return schema.safeParse(content);
}

/** Every image, file and reference in a parsed content, with the form's name of its place. */
export interface ContentTargets {
  images: { id: number; field: string }[];
  files: { id: number; field: string }[];
  references: (ReferenceValue & { field: string })[];
}

const formName = (path: readonly (string | number)[]) =>
  path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${key}` : key),
    "",
  );

export function walkContent(
  config: BlockFieldConfig,
  value: unknown,
  path: (string | number)[],
  visit: (config: BlockFieldConfig, value: unknown, path: (string | number)[]) => unknown,
): unknown {
  const resolved = resolveField(config);
  if (resolved.type === "group" && value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, sub]) => {
        const subConfig = resolved.layout?.[name];
        return [name, subConfig ? walkContent(subConfig, sub, [...path, name], visit) : sub];
      }),
    );
  }
  if (resolved.type === "collection" && Array.isArray(value)) {
    return value.map((item: { type: string; value: unknown }, index) => {
      const itemConfig = resolved.layout?.[item.type];
      return itemConfig
        ? {
            type: item.type,
            value: walkContent(itemConfig, item.value, [...path, index, "value"], visit),
          }
        : item;
    });
  }
  return visit(resolved, value, path);
}

export function contentTargets(
  identifier: unknown,
  content: Record<string, unknown>,
): ContentTargets {
  const found: ContentTargets = { images: [], files: [], references: [] };
  walkContent(
    { type: "group", layout: layoutOf(identifier) },
    content,
    ["content"],
    (config, value, path) => {
      if (value === null || value === undefined) return value;
      if (config.type === "image")
        found.images.push({ ...(value as ImageInput), field: formName(path) });
      if (config.type === "images") {
        (value as ImageInput[]).forEach((image, index) =>
          found.images.push({ id: image.id, field: formName([...path, index]) }),
        );
      }
      if (config.type === "file")
        found.files.push({ ...(value as FileInput), field: formName(path) });
      if (config.type === "files") {
        (value as FileInput[]).forEach((file, index) =>
          found.files.push({ id: file.id, field: formName([...path, index]) }),
        );
      }
      if (config.type === "reference") {
        found.references.push({ ...(value as ReferenceValue), field: formName(path) });
      }
      return value;
    },
  );
  return found;
}
