import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { loadOpentype, loadSharp } from "#app/server/on-demand-modules.server";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { categoryPictureProduct, productDrawings, type Drawing } from "./catalogue";
import { counter, oven, pretzelTray, shopFront, wheatField } from "./scenes";
import { cake, slice } from "./subjects";

/**
 * The demo shop's pictures (decision 042): drawn as SVG in this folder, turned into WebP by sharp
 * once per process, then stored through the images storage for each seeding.
 */

export interface RenderedPicture {
  bytes: Uint8Array;
  extension: string;
  mimeType: string;
  width: number;
  height: number;
  alt: string;
}

const branchDrawings: Record<string, Drawing> = {
  altstadt: {
    svg: () =>
      shopFront({
        seed: "altstadt",
        wall: "#f3dcb2",
        awning: "#b5432f",
        stripe: "#f6e9d5",
        door: "#6b3b22",
        terrace: true,
      }),
    alt: "Ladenfront der Bäckerei am Münsterplatz mit rot-weißer Markise, Schaufenster voller Brote und Café-Tisch",
  },
  wiehre: {
    svg: () =>
      shopFront({
        seed: "wiehre",
        wall: "#e8efe0",
        awning: "#4f7a3a",
        stripe: "#f3f0e2",
        door: "#3e5a2c",
      }),
    alt: "Ladenfront der Filiale Wiehre mit grün-weißer Markise und Brotregalen im Schaufenster",
  },
  herdern: {
    svg: () =>
      shopFront({
        seed: "herdern",
        wall: "#f6e1e6",
        awning: "#b24a6a",
        stripe: "#fbeef2",
        door: "#7a2f48",
        sky: ["#f6c9a8", "#fbe9d8"],
      }),
    alt: "Ladenfront der Tortenmanufaktur Herdern mit rosa-weißer Markise in der Abendsonne",
  },
  stuehlinger: {
    svg: () =>
      shopFront({
        seed: "stuehlinger",
        wall: "#e3e6ee",
        awning: "#3f5f8f",
        stripe: "#eef1f6",
        door: "#2e4668",
      }),
    alt: "Ladenfront der Filiale Stühlinger mit blau-weißer Markise",
  },
};

/** Pictures of the landing page's blocks: gallery, news and section images. */
export const landingDrawings = {
  gallery: [
    { svg: oven, alt: "Steinofen in der Backstube, in dem drei Brotlaibe backen" },
    { svg: pretzelTray, alt: "Frisch gebackene Laugenbrezeln mit Salz auf dem Blech" },
    {
      svg: () =>
        slice({
          seed: "gal-erdbeer",
          layers: [SPONGE, CREAM, "#f3b3bd"],
          top: CREAM,
          decoration: "strawberries",
        }),
      alt: "Stück Erdbeertorte aus der Konditorei",
    },
  ],
  intro: { svg: counter, alt: "Ladentheke mit Brotregalen und Kuchen in der Vitrine" },
  about: { svg: wheatField, alt: "Weizenfeld im Markgräflerland unter der Sommersonne" },
  news: {
    "Stollenzeit am Münsterplatz": productDrawings.christstollen,
    "Lieferservice in der Wiehre": productDrawings["fruehstueck-fuer-zwei"],
    "Jetzt online vorbestellen": productDrawings.broetchentuete,
    "Torten nach Wunsch": {
      svg: () => cake({ seed: "news-torte", body: "#fbf4e6", top: "#ffffff", decoration: "photo" }),
      alt: "Motivtorte mit Fototortenaufleger",
    },
  } as Record<string, Drawing>,
} satisfies Record<string, unknown>;

const SPONGE = "#f1cf8e";
const CREAM = "#fbf4e6";

const PHOTO_QUALITY = 72;
/**
 * The drawings are 1200 × 900; they are rasterised at 80 % (960 × 720), which is as large as a
 * product dialog or landing picture is shown, and WebP's quickest effort: seeding stays fast.
 */
const DENSITY = 72 * 0.8;

async function toWebp(svg: string, alt: string): Promise<RenderedPicture> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { density: DENSITY })
    .webp({ quality: PHOTO_QUALITY, effort: 0 })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data),
    extension: "webp",
    mimeType: "image/webp",
    width: info.width,
    height: info.height,
    alt,
  };
}

const require = createRequire(import.meta.url);

/** The logo: a sun over a wheat ear and the shop name set in Playfair Display, as PNG. */
export async function renderLogo(shopName: string): Promise<RenderedPicture> {
  const [opentype, sharp] = await Promise.all([loadOpentype(), loadSharp()]);
  const fontFile =
    require.resolve("@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff");
  const bytes = readFileSync(fontFile);
  const font = opentype.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  const size = 120;
  const text = font.getPath(shopName, 0, 0, size);
  const box = text.getBoundingBox();
  const textWidth = Math.ceil(box.x2 - box.x1);
  const height = 240;
  const left = 250;
  const width = left + textWidth + 40;
  const moved = font.getPath(shopName, left - box.x1, height / 2 - (box.y1 + box.y2) / 2, size);
  const rays = Array.from({ length: 12 }, (_, index) => {
    const angle = (index * Math.PI) / 6;
    return `<path d="M${110 + Math.cos(angle) * 70} ${120 + Math.sin(angle) * 70} L${110 + Math.cos(angle) * 98} ${120 + Math.sin(angle) * 98}" stroke="#e9a23b" stroke-width="12" stroke-linecap="round"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><radialGradient id="sun" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#fbd35a"/><stop offset="1" stop-color="#e08a2a"/></radialGradient></defs>${rays}<circle cx="110" cy="120" r="58" fill="url(#sun)"/><path d="M110 170 V70" stroke="#8a5026" stroke-width="8"/>${[
    0, 1, 2,
  ]
    .map(
      (step) =>
        `<ellipse cx="96" cy="${90 + step * 24}" rx="10" ry="18" fill="#8a5026" transform="rotate(-30 96 ${90 + step * 24})"/><ellipse cx="124" cy="${90 + step * 24}" rx="10" ry="18" fill="#8a5026" transform="rotate(30 124 ${90 + step * 24})"/>`,
    )
    .join("")}<path d="${moved.toPathData(1)}" fill="#5a2f1c"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data),
    extension: "png",
    mimeType: "image/png",
    width: info.width,
    height: info.height,
    alt: shopName,
  };
}

export interface DemoPictures {
  logo: RenderedPicture;
  products: Map<string, RenderedPicture>;
  categories: Map<string, RenderedPicture>;
  branches: Map<string, RenderedPicture>;
  gallery: RenderedPicture[];
  intro: RenderedPicture;
  about: RenderedPicture;
  news: Map<string, RenderedPicture>;
}

/** Runs at most `limit` of the jobs at once (sharp has its own threads; this bounds memory). */
async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (job) results[index] = await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

let rendered: Promise<DemoPictures> | null = null;

/** All demo pictures, drawn and encoded once per process (tests seed many databases). */
export function demoPictures(shopName: string): Promise<DemoPictures> {
  rendered ??= renderAll(shopName).catch((error: unknown) => {
    rendered = null;
    throw error;
  });
  return rendered;
}

async function renderAll(shopName: string): Promise<DemoPictures> {
  const named = (drawings: Record<string, Drawing>) => Object.entries(drawings);
  const productEntries = named(productDrawings);
  const branchEntries = named(branchDrawings);
  const newsEntries = named(landingDrawings.news);
  const singles: Drawing[] = [
    ...landingDrawings.gallery,
    landingDrawings.intro,
    landingDrawings.about,
  ];
  const all: Drawing[] = [
    ...productEntries.map(([, drawing]) => drawing),
    ...branchEntries.map(([, drawing]) => drawing),
    ...newsEntries.map(([, drawing]) => drawing),
    ...singles,
  ];
  const limit = Math.max(2, availableParallelism());
  const [logo, pictures] = await Promise.all([
    renderLogo(shopName),
    inParallel(
      all.map((drawing) => () => toWebp(drawing.svg(), drawing.alt)),
      limit,
    ),
  ]);
  let index = 0;
  const take = () => pictures[index++] as RenderedPicture;
  const products = new Map(productEntries.map(([identifier]) => [identifier, take()]));
  const branches = new Map(branchEntries.map(([identifier]) => [identifier, take()]));
  const news = new Map(newsEntries.map(([title]) => [title, take()]));
  const gallery = landingDrawings.gallery.map(take);
  const intro = take();
  const about = take();
  const categories = new Map(
    Object.entries(categoryPictureProduct).flatMap(([category, product]) => {
      const picture = products.get(product);
      return picture ? [[category, picture] as const] : [];
    }),
  );
  return { logo, products, categories, branches, gallery, intro, about, news };
}

/** Writes a picture to the images storage under a fresh key; the key for its `images` row. */
export async function storePicture(
  storage: FileStorage,
  picture: RenderedPicture,
): Promise<string> {
  const key = randomBytes(20).toString("hex");
  await storage.put(key, picture.bytes);
  return key;
}
