import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type opentype from "opentype.js";
import { loadOpentype } from "#app/server/on-demand-modules.server";
import {
  FONT_FAMILIES,
  findFamily,
  parseVariant,
  variantName,
  variantsOf,
  type FontFamily,
  type FontVariant,
} from "./fonts";

/**
 * The fonts' files (issue 16, decision 041). The machines reach no outside service, so the fonts
 * come from the `@fontsource/*` packages: the embed CSS carries the latin and latin-ext subsets'
 * woff2 files inlined as data URLs (kept in memory per family and variant, with an ETag), and the
 * image renderer draws text as outlines from the woff files (librsvg cannot load web fonts).
 */

/** The subsets a German shop needs: ä ö ü ß € in latin, the rest of Europe in latin-ext. */
const SUBSETS = ["latin-ext", "latin"] as const;

const requireFrom = createRequire(import.meta.url);

function packageFolder(family: FontFamily): string {
  return path.dirname(requireFrom.resolve(`@fontsource/${family.slug}/package.json`));
}

function fileName(family: FontFamily, subset: string, variant: FontVariant, ext: string) {
  return `${family.slug}-${subset}-${variant.weight}-${variant.style}.${ext}`;
}

export interface EmbedCss {
  css: string;
  etag: string;
}

const embedCache = new Map<string, Promise<EmbedCss>>();

async function buildEmbedCss(family: FontFamily, variant: FontVariant): Promise<EmbedCss> {
  const folder = packageFolder(family);
  const ranges = JSON.parse(await readFile(path.join(folder, "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  const rules: string[] = [];
  for (const subset of SUBSETS) {
    const bytes = await readFile(
      path.join(folder, "files", fileName(family, subset, variant, "woff2")),
    );
    rules.push(
      [
        `/* ${family.slug}-${subset}-${variant.weight}-${variant.style} */`,
        "@font-face {",
        `  font-family: '${family.family}';`,
        `  font-style: ${variant.style};`,
        "  font-display: swap;",
        `  font-weight: ${variant.weight};`,
        `  src: url(data:font/woff2;base64,${bytes.toString("base64")}) format('woff2');`,
        `  unicode-range: ${ranges[subset] ?? "U+0000-00FF"};`,
        "}",
      ].join("\n"),
    );
  }
  const css = `${rules.join("\n\n")}\n`;
  const etag = `"${createHash("sha256").update(css).digest("base64url").slice(0, 27)}"`;
  return { css, etag };
}

/** The embed CSS of a family and variant, or null for an unknown one; built once per process. */
export function embedCss(familyName: string, variantText: string): Promise<EmbedCss> | null {
  const family = findFamily(familyName);
  const variant = family ? parseVariant(family, variantText) : undefined;
  if (!family || !variant) return null;
  const key = `${family.slug}:${variantName(variant)}`;
  let entry = embedCache.get(key);
  if (!entry) {
    entry = buildEmbedCss(family, variant);
    // A failed read is not kept: the next request tries again.
    entry.catch(() => embedCache.delete(key));
    embedCache.set(key, entry);
  }
  return entry;
}

/** How many embed CSS files are kept (the tests read it to see the cache work). */
export const embedCacheSize = () => embedCache.size;

/** The list `GET /api/fonts` answers. */
export function fontList() {
  return FONT_FAMILIES.map((family) => ({
    family: family.family,
    category: family.category,
    variants: variantsOf(family),
  }));
}

// ——— Outlines for the renderer ———

export interface LoadedFont {
  /** The latin subset first, latin-ext for what it lacks. */
  faces: opentype.Font[];
}

const outlineCache = new Map<string, Promise<LoadedFont>>();

async function loadFaces(family: FontFamily, variant: FontVariant): Promise<LoadedFont> {
  const { parse } = await loadOpentype();
  const folder = path.join(packageFolder(family), "files");
  const faces: opentype.Font[] = [];
  for (const subset of ["latin", "latin-ext"]) {
    const bytes = await readFile(path.join(folder, fileName(family, subset, variant, "woff")));
    faces.push(parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
  }
  return { faces };
}

/** The outlines of a family and variant (the registry's names); throws for an unknown one. */
export function loadFont(familyName: string, variantText: string): Promise<LoadedFont> {
  const family = findFamily(familyName);
  const variant = family ? parseVariant(family, variantText) : undefined;
  if (!family || !variant) throw new Error(`Unbekannte Schriftart ${familyName} ${variantText}`);
  const key = `${family.slug}:${variantName(variant)}`;
  let entry = outlineCache.get(key);
  if (!entry) {
    entry = loadFaces(family, variant);
    entry.catch(() => outlineCache.delete(key));
    outlineCache.set(key, entry);
  }
  return entry;
}
