import type { Kysely } from "kysely";
import type { OverlayOptions } from "sharp";
import { loadSharp } from "#app/server/on-demand-modules.server";
import type opentype from "opentype.js";
import type { Database } from "#app/db/schema";
import { formatMoney } from "#app/domain/money";
import { unitDefinition, type Unit } from "#app/domain/units";
import type { AppConfig } from "#app/config/env.server";
import { storageFor } from "#app/integrations/storage/storage.server";
import { loadFont, type LoadedFont } from "./fonts.server";
import type { AreaLayer, ImageLayer, Layer, TextLayer } from "./layers.schema";
import { appLogger } from "#app/server/logger.server";

/**
 * Renders an image template to PNG (issue 16, decision 041). Colour areas and text become SVG
 * (text as outlines drawn with opentype.js from the @fontsource woff files: librsvg cannot load
 * web fonts), images are read from the images store and composited by sharp, all in layer order
 * over a transparent canvas. Product fields fill the text's placeholders.
 */

export interface TemplateToRender {
  width: number;
  height: number;
  layers: readonly Layer[];
}

export interface ProductFields {
  name: string;
  description: string | null;
  price: number;
  unit: Unit;
}

/** {name}, {price}, {description}, {unit}: a product's fields, the price de-DE ('2,40 €'). */
export function fillPlaceholders(text: string, product: ProductFields | null): string {
  if (!product) return text;
  const values: Record<string, string> = {
    name: product.name,
    price: formatMoney(product.price),
    description: product.description ?? "",
    unit: unitDefinition(product.unit).name,
  };
  return text.replace(/\{(name|price|description|unit)\}/g, (_, key: string) => values[key] ?? "");
}

const number = (value: number) => String(Math.round(value * 100) / 100);

function areaSvg(layer: AreaLayer): string {
  const radius = Math.min(layer.radius, layer.width / 2, layer.height / 2);
  return `<rect x="${layer.x}" y="${layer.y}" width="${layer.width}" height="${layer.height}" rx="${number(radius)}" fill="${layer.color}"/>`;
}

function faceFor(font: LoadedFont, char: string): opentype.Font {
  return font.faces.find((face) => face.charToGlyphIndex(char) > 0) ?? font.faces[0]!;
}

/** The line split into runs of one face each (latin first, latin-ext for what it lacks). */
function runsOf(font: LoadedFont, line: string) {
  const runs: { face: opentype.Font; text: string }[] = [];
  for (const char of line) {
    const face = faceFor(font, char);
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

function measure(font: LoadedFont, line: string, size: number): number {
  return runsOf(font, line).reduce((sum, run) => sum + run.face.getAdvanceWidth(run.text, size), 0);
}

/** Greedy word wrap within `width`, at most `maxLines`, the last one cut with '…'. */
export function wrapLines(
  text: string,
  fits: (line: string) => boolean,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  const paragraphs = text.split(/\r?\n/);
  let overflow = false;
  outer: for (const paragraph of paragraphs) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || fits(candidate)) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = word;
      if (lines.length >= maxLines) {
        overflow = true;
        break outer;
      }
    }
    lines.push(line);
    if (lines.length >= maxLines) {
      overflow = paragraphs.indexOf(paragraph) < paragraphs.length - 1;
      break;
    }
  }
  const kept = lines.slice(0, maxLines);
  if (overflow && kept.length) {
    let last = kept[kept.length - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1);
    kept[kept.length - 1] = `${last.trimEnd()}…`;
  }
  return kept;
}

async function textSvg(
  layer: TextLayer,
  canvasWidth: number,
  product: ProductFields | null,
): Promise<string> {
  const font = await loadFont(layer.fontFamily, layer.fontVariant);
  const text = fillPlaceholders(layer.text, product);
  const boxWidth = layer.width ?? Math.max(canvasWidth - layer.x, 1);
  const lines = wrapLines(
    text,
    (line) => measure(font, line, layer.size) <= boxWidth,
    layer.maxLines,
  );
  const face = font.faces[0]!;
  const scale = layer.size / face.unitsPerEm;
  const ascent = face.ascender * scale;
  const lineHeight = layer.size * 1.2;
  const paths: string[] = [];
  lines.forEach((line, index) => {
    const lineWidth = measure(font, line, layer.size);
    let x =
      layer.align === "center"
        ? layer.x + (boxWidth - lineWidth) / 2
        : layer.align === "right"
          ? layer.x + boxWidth - lineWidth
          : layer.x;
    const baseline = layer.y + ascent + index * lineHeight;
    for (const run of runsOf(font, line)) {
      paths.push(run.face.getPath(run.text, x, baseline, layer.size).toPathData(2));
      x += run.face.getAdvanceWidth(run.text, layer.size);
    }
  });
  const data = paths.filter(Boolean).join(" ");
  return data ? `<path d="${data}" fill="${layer.color}"/>` : "";
}

type Overlay = OverlayOptions;

async function imageOverlay(
  layer: ImageLayer,
  canvas: { width: number; height: number },
  readImage: (imageId: number) => Promise<Uint8Array | null>,
): Promise<Overlay | null> {
  const sharp = await loadSharp();
  // The part of the layer inside the canvas; none, nothing to draw.
  const left = Math.max(layer.x, 0);
  const top = Math.max(layer.y, 0);
  const right = Math.min(layer.x + layer.width, canvas.width);
  const bottom = Math.min(layer.y + layer.height, canvas.height);
  if (right <= left || bottom <= top) return null;
  const bytes = await readImage(layer.imageId);
  // A deleted image (or a lost file) leaves its place empty rather than failing the whole image.
  if (!bytes) return null;
  const fitted = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(layer.width, layer.height, {
      fit: layer.fit,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .ensureAlpha()
    .extract({
      left: left - layer.x,
      top: top - layer.y,
      width: right - left,
      height: bottom - top,
    })
    .png()
    .toBuffer();
  return { input: fitted, left, top };
}

export async function renderTemplate(
  template: TemplateToRender,
  product: ProductFields | null,
  readImage: (imageId: number) => Promise<Uint8Array | null>,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = template;
  const overlays: Overlay[] = [];
  let shapes: string[] = [];
  const flush = () => {
    if (!shapes.length) return;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shapes.join("")}</svg>`;
    overlays.push({ input: Buffer.from(svg), left: 0, top: 0 });
    shapes = [];
  };
  for (const layer of template.layers) {
    if (layer.type === "area") shapes.push(areaSvg(layer));
    else if (layer.type === "text") shapes.push(await textSvg(layer, width, product));
    else {
      flush();
      const overlay = await imageOverlay(layer, template, readImage);
      if (overlay) overlays.push(overlay);
    }
  }
  flush();
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(overlays)
    .png()
    .toBuffer();
}

/** Reads an image's original from the images store, by its row (null when either is gone). */
export function imageReader(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataDir"> & { storage?: AppConfig["storage"] },
) {
  const store = storageFor(
    { dataDir: config.dataDir, storage: config.storage ?? { kind: "local" } },
    "images",
  );
  return async (imageId: number) => {
    const row = await db
      .selectFrom("images")
      .select("storageKey")
      .where("id", "=", imageId)
      .executeTakeFirst();
    if (!row) return null;
    try {
      return await store.get(row.storageKey);
    } catch (error) {
      // A key the store refuses (an older naming) or a store that fails: the place stays empty,
      // the rest of the image is still drawn.
      appLogger().warn(`Bild ${imageId} konnte nicht gelesen werden: ${(error as Error).message}`);
      return null;
    }
  };
}
