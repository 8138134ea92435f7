import { z } from "zod";
import { de } from "#app/i18n/de-backoffice";
import { deTemplates } from "#app/i18n/de-templates";
import { fieldSchema } from "#app/features/backoffice/fields";
import { DEFAULT_FONT, FONT_FAMILIES, findFamily, parseVariant, variantName } from "./fonts";

/**
 * An image template's layers (issue 16, decision 041), bottom to top, as the form posts them
 * (`layers[2].fontFamily`) and as JSON: colour areas, images and text. One row schema holds every
 * kind's fields (the form's rows are plain fields, strings until parsed); the checks of a kind
 * run after it, and the stored layer keeps only its kind's fields. Client-safe: the editor imports
 * the limits and choices.
 */
const t = deTemplates.layers;
const errors = deTemplates.errors;

export const MAX_LAYERS = 40;
export const CANVAS_MIN = 16;
export const CANVAS_MAX = 4096;
export const MAX_TEXT = 500;
export const LAYER_KINDS = ["area", "image", "text"] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];
export const FITS = ["cover", "contain"] as const;
export const ALIGNS = ["left", "center", "right"] as const;

export const kindChoices = LAYER_KINDS.map((value) => ({ value, label: t.kinds[value] }));
export const fitChoices = FITS.map((value) => ({ value, label: t.fits[value] }));
export const alignChoices = ALIGNS.map((value) => ({ value, label: t.aligns[value] }));
export const familyChoices = FONT_FAMILIES.map((family) => ({
  value: family.family,
  label: family.family,
}));
/** Every weight and style any family has; the family's own are checked on save. */
export const variantChoices = [100, 200, 300, 400, 500, 600, 700, 800, 900].flatMap((weight) => [
  { value: String(weight), label: String(weight) },
  { value: `${weight}italic`, label: `${weight} kursiv` },
]);

export interface AreaLayer {
  type: "area";
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  radius: number;
}
export interface ImageLayer {
  type: "image";
  imageId: number;
  x: number;
  y: number;
  width: number;
  height: number;
  fit: "cover" | "contain";
}
export interface TextLayer {
  type: "text";
  text: string;
  fontFamily: string;
  fontVariant: string;
  size: number;
  color: string;
  x: number;
  y: number;
  width: number | null;
  align: "left" | "center" | "right";
  maxLines: number;
}
export type Layer = AreaLayer | ImageLayer | TextLayer;

const int = (name: string, label: string, min: number, max: number, fallback?: number) =>
  fieldSchema({
    name,
    type: "number",
    label,
    min,
    max,
    ...(fallback === undefined ? {} : { default: fallback }),
  }) as z.ZodType<number | null>;

const select = (name: string, label: string, options: { value: string; label: string }[]) =>
  fieldSchema({ name, type: "select", label, options }) as z.ZodType<string | null>;

const rowSchema = z.object({
  type: z.enum(LAYER_KINDS, { error: errors.kind }),
  x: int("x", t.x, -CANVAS_MAX, CANVAS_MAX, 0),
  y: int("y", t.y, -CANVAS_MAX, CANVAS_MAX, 0),
  width: int("width", t.width, 1, CANVAS_MAX),
  height: int("height", t.height, 1, CANVAS_MAX),
  color: fieldSchema({
    name: "color",
    type: "text",
    label: t.color,
    format: "color",
    max: 7,
  }) as z.ZodType<string | null>,
  radius: int("radius", t.radius, 0, CANVAS_MAX, 0),
  imageId: fieldSchema({ name: "imageId", type: "image", label: t.imageId }) as z.ZodType<
    number | null
  >,
  fit: select("fit", t.fit, fitChoices),
  text: fieldSchema({ name: "text", type: "textarea", label: t.text, max: MAX_TEXT }) as z.ZodType<
    string | null
  >,
  // Checked against the registry below: an unknown family gets its own message.
  fontFamily: z.string({ error: errors.unknownFont }).max(100, errors.unknownFont).nullish(),
  fontVariant: z.string({ error: errors.unknownVariant }).max(20, errors.unknownVariant).nullish(),
  size: int("size", t.size, 4, 1_000, 48),
  align: select("align", t.align, alignChoices),
  maxLines: int("maxLines", t.maxLines, 1, 20, 1),
});

type RowValue = z.output<typeof rowSchema>;

function toLayer(row: RowValue, context: z.RefinementCtx): Layer {
  const problem = (message: string, field: string) => {
    context.addIssue({ code: "custom", message, path: [field] });
  };
  const missing = (field: keyof RowValue) => {
    if (row[field] === null || row[field] === undefined) problem(de.fields.required, field);
  };
  if (row.type === "area") {
    missing("width");
    missing("height");
    missing("color");
    return {
      type: "area",
      x: row.x ?? 0,
      y: row.y ?? 0,
      width: row.width ?? 0,
      height: row.height ?? 0,
      color: (row.color ?? "").toUpperCase(),
      radius: row.radius ?? 0,
    };
  }
  if (row.type === "image") {
    if (row.imageId === null) problem(errors.imageRequired, "imageId");
    missing("width");
    missing("height");
    return {
      type: "image",
      imageId: row.imageId ?? 0,
      x: row.x ?? 0,
      y: row.y ?? 0,
      width: row.width ?? 0,
      height: row.height ?? 0,
      fit: row.fit === "contain" ? "contain" : "cover",
    };
  }
  const text = row.text?.trim() ?? "";
  if (!text) problem(errors.textRequired, "text");
  const family = findFamily(row.fontFamily ?? DEFAULT_FONT.family);
  const variant = family
    ? parseVariant(family, row.fontVariant || DEFAULT_FONT.variant)
    : undefined;
  if (!family) problem(errors.unknownFont, "fontFamily");
  else if (!variant) problem(errors.unknownVariant, "fontVariant");
  missing("color");
  return {
    type: "text",
    text,
    fontFamily: family?.family ?? "",
    fontVariant: variant ? variantName(variant) : "",
    size: row.size ?? 48,
    color: (row.color ?? "").toUpperCase(),
    x: row.x ?? 0,
    y: row.y ?? 0,
    width: row.width ?? null,
    align: row.align === "center" || row.align === "right" ? row.align : "left",
    maxLines: row.maxLines ?? 1,
  };
}

export const layerSchema = rowSchema.transform(toLayer) as unknown as z.ZodType<Layer>;

/** The list: its length is checked before its rows (one message, not 100,000). */
export const layersSchema = z
  .array(z.unknown(), { error: errors.list })
  .max(MAX_LAYERS, errors.tooMany(MAX_LAYERS))
  .nullish()
  .transform((rows) => rows ?? [])
  .pipe(z.array(layerSchema));

/** New rows' values when an "add" button is pressed, by kind. */
export const NEW_LAYERS: Record<LayerKind, Record<string, string>> = {
  area: { type: "area", x: "0", y: "0", width: "400", height: "300", color: "#F5E6C8" },
  image: { type: "image", x: "0", y: "0", width: "200", height: "200", fit: "cover" },
  text: {
    type: "text",
    text: "{name}",
    fontFamily: DEFAULT_FONT.family,
    fontVariant: DEFAULT_FONT.variant,
    size: "48",
    color: "#3B2A1A",
    x: "20",
    y: "20",
    align: "left",
    maxLines: "2",
  },
};
