import { deBlocks } from "#app/i18n/de-blocks";

/**
 * The content blocks' field registry (spec section 3, "CMS field types"; decision 040): a field
 * config per spec type, the spec's defaults, `extends`, and the layout of every block kind the
 * landing page reads. The server builds each config's zod schema (`block-values.server.ts`), the
 * block editor renders each as a plain form control (`app/features/content/block-editor.tsx`).
 *
 * Client-safe: the editor imports this module.
 */

export const TOOLBAR_ITEMS = [
  "heading",
  "alignment",
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "numberedList",
  "bulletedList",
  "insertTable",
  "link",
  "undo",
  "redo",
  "sourceEditing",
] as const;
export type ToolbarItem = (typeof TOOLBAR_ITEMS)[number];

export const REFERENCE_TARGETS = ["block", "site", "category", "product"] as const;
export type ReferenceTarget = (typeof REFERENCE_TARGETS)[number];

export type BlockFieldType =
  | "text"
  | "textarea"
  | "wysiwyg"
  | "markdown"
  | "number"
  | "date"
  | "image"
  | "images"
  | "file"
  | "files"
  | "boolean"
  | "select"
  | "group"
  | "collection"
  | "reference";

/** One field config as the spec describes it; which settings apply depends on `type`. */
export interface BlockFieldConfig {
  type: BlockFieldType;
  /** A named config (`FIELD_PRESETS`) whose settings this one inherits (spec: `extends`). */
  extends?: string;
  label?: string;
  description?: string;
  placeholder?: string;
  default?: unknown;
  required?: boolean;
  /** text/textarea: characters; number: the value. */
  min?: number;
  max?: number;
  /** text: what the line must look like. */
  format?: "url";
  /** textarea: visible lines (spec default 3). */
  rows?: number;
  /** wysiwyg: the toolbar's items (spec: all of them). */
  toolbar?: readonly ToolbarItem[];
  /** number: places after the comma (0: whole numbers). */
  decimals?: number;
  /** date: what is picked (spec default dateTime). */
  mode?: "dateTime" | "time" | "date";
  is24hr?: boolean;
  minuteIncrement?: number;
  /** select: value → label. */
  options?: Readonly<Record<string, string>>;
  /** group: sub-fields by name; collection: item types by name. */
  layout?: Readonly<Record<string, BlockFieldConfig>>;
  /** reference: what may be named (spec: all true). */
  targets?: Readonly<Partial<Record<ReferenceTarget, boolean>>>;
  /** collection, images, files: most entries. */
  maxItems?: number;
}

/** How deep groups and collections may nest in a layout (and so in stored content). */
export const MAX_NESTING = 5;
export const DEFAULT_MAX_ITEMS = 50;

const l = deBlocks.labels;

/** The spec's defaults per type, applied under every config of that type. */
const TYPE_DEFAULTS: Partial<Record<BlockFieldType, Partial<BlockFieldConfig>>> = {
  textarea: { rows: 3 },
  wysiwyg: { toolbar: TOOLBAR_ITEMS },
  date: { mode: "dateTime", is24hr: true, minuteIncrement: 1 },
  boolean: { label: l.checkbox, description: l.checkboxDescription, default: false },
  reference: { targets: { block: true, site: true, category: true, product: true } },
};

/** Named configs a field may extend. */
export const FIELD_PRESETS: Readonly<Record<string, BlockFieldConfig>> = {
  heading: { type: "text", label: l.partText, max: 200 },
  link: { type: "text", label: l.buttonLink, format: "url", max: 500 },
  richText: { type: "wysiwyg", label: l.partWysiwyg, max: 50_000 },
  picture: { type: "image", label: l.partImage },
};

/**
 * A config with what it extends and its type's defaults filled in. Own settings win over the
 * preset's, the preset's over the type's defaults; a chain of presets is followed a few steps.
 */
export function resolveField(config: BlockFieldConfig, steps = 0): BlockFieldConfig {
  const parent =
    config.extends && steps < 5 && Object.hasOwn(FIELD_PRESETS, config.extends)
      ? resolveField(FIELD_PRESETS[config.extends]!, steps + 1)
      : null;
  const type = config.type ?? parent?.type;
  const merged: BlockFieldConfig = { ...TYPE_DEFAULTS[type], ...parent, ...config, type };
  delete merged.extends;
  return merged;
}

// ——— Layouts of the landing page's blocks ———

const gallery: BlockFieldConfig = {
  type: "group",
  label: l.partGallery,
  layout: {
    label: { type: "text", label: l.galleryLabel, max: 200 },
    images: { type: "images", label: l.galleryImages, maxItems: 60 },
  },
};

/** A section's parts (spec: content.data, a list of gallery, image and text-like parts). */
const parts: BlockFieldConfig = {
  type: "collection",
  label: l.parts,
  maxItems: 40,
  layout: {
    text: { extends: "heading", type: "text" },
    textarea: { type: "textarea", label: l.partTextarea, rows: 4, max: 5_000 },
    wysiwyg: { extends: "richText", type: "wysiwyg" },
    markdown: { type: "markdown", label: l.partMarkdown, max: 20_000 },
    image: { extends: "picture", type: "image" },
    gallery,
    file: { type: "file", label: l.partFile },
    reference: { type: "reference", label: l.partReference },
  },
};

/** A news entry (spec: a value with text (html), image, title and button (label, link)). */
const newsEntry: BlockFieldConfig = {
  type: "group",
  label: l.newsEntry,
  layout: {
    title: { type: "text", label: l.newsTitle, required: true, max: 120 },
    text: { extends: "richText", type: "wysiwyg", label: l.newsText, max: 20_000 },
    image: { extends: "picture", type: "image", label: l.newsImage },
    button: {
      type: "group",
      label: l.newsButton,
      layout: {
        label: { type: "text", label: l.buttonLabel, max: 60 },
        link: { extends: "link", type: "text", description: l.buttonLinkHelp },
      },
    },
  },
};

const news: BlockFieldConfig = {
  type: "collection",
  label: l.news,
  maxItems: 20,
  layout: { news: newsEntry },
};

export type BlockKind =
  | "intro"
  | "gallery"
  | "shop"
  | "news"
  | "vegan"
  | "events"
  | "about"
  | "course"
  | "news-popup"
  | "section";

/** A block kind's content: its top-level keys and their configs. */
export type BlockLayout = Readonly<Record<string, BlockFieldConfig>>;

const sectionLayout: BlockLayout = { data: parts };
const newsLayout: BlockLayout = { news };

const LAYOUTS: Record<BlockKind, BlockLayout> = {
  intro: sectionLayout,
  gallery: sectionLayout,
  shop: sectionLayout,
  vegan: sectionLayout,
  events: sectionLayout,
  about: sectionLayout,
  course: sectionLayout,
  section: sectionLayout,
  news: newsLayout,
  "news-popup": newsLayout,
};

/** The kind a block's identifier names: the landing's sections, `course-*`, else a section. */
export function blockKindOf(identifier: unknown): BlockKind {
  const text = typeof identifier === "string" ? identifier : "";
  if (text.startsWith("course-")) return "course";
  return Object.hasOwn(LAYOUTS, text) && text !== "course" && text !== "section"
    ? (text as BlockKind)
    : "section";
}

export function layoutOf(identifier: unknown): BlockLayout {
  return LAYOUTS[blockKindOf(identifier)];
}

/** Every layout's deepest nesting of groups and collections; a test keeps it within the limit. */
export function nestingOf(config: BlockFieldConfig): number {
  const resolved = resolveField(config);
  if (resolved.type !== "group" && resolved.type !== "collection") return 0;
  const inner = Object.values(resolved.layout ?? {}).map(nestingOf);
  return 1 + Math.max(0, ...inner);
}

export const allLayouts = (): readonly BlockLayout[] => Object.values(LAYOUTS);

/** A new, empty value of a config, for a collection's "add" button. */
export function emptyValue(config: BlockFieldConfig): unknown {
  const resolved = resolveField(config);
  switch (resolved.type) {
    case "group":
      return Object.fromEntries(
        Object.entries(resolved.layout ?? {}).map(([name, sub]) => [name, emptyValue(sub)]),
      );
    case "collection":
    case "images":
    case "files":
      return [];
    case "boolean":
      return resolved.default === true;
    case "number":
      return typeof resolved.default === "number" ? resolved.default : null;
    case "image":
    case "file":
    case "reference":
      return null;
    default:
      return typeof resolved.default === "string" ? resolved.default : "";
  }
}
