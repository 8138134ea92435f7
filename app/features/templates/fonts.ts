/**
 * The fonts the app carries (issue 16, decision 041): the installed `@fontsource/*` packages, by
 * their Google-style family name, with the variants whose files exist ('400', '700italic' …).
 * Client-safe: the layer editor offers these as choices; the files are read by `fonts.server.ts`.
 */
export interface FontFamily {
  family: string;
  /** The npm package's folder name under `@fontsource/`. */
  slug: string;
  category: "sans-serif" | "serif" | "handwriting";
  weights: readonly number[];
  italic: boolean;
}

export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    family: "Roboto",
    slug: "roboto",
    category: "sans-serif",
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  {
    family: "Open Sans",
    slug: "open-sans",
    category: "sans-serif",
    weights: [300, 400, 500, 600, 700, 800],
    italic: true,
  },
  {
    family: "Lato",
    slug: "lato",
    category: "sans-serif",
    weights: [100, 300, 400, 700, 900],
    italic: true,
  },
  {
    family: "Montserrat",
    slug: "montserrat",
    category: "sans-serif",
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  {
    family: "Playfair Display",
    slug: "playfair-display",
    category: "serif",
    weights: [400, 500, 600, 700, 800, 900],
    italic: true,
  },
  {
    family: "Dancing Script",
    slug: "dancing-script",
    category: "handwriting",
    weights: [400, 500, 600, 700],
    italic: false,
  },
];

export const DEFAULT_FONT = { family: "Roboto", variant: "400" } as const;

/** A family's variants as the API names them: '400', '400italic', '700' … */
export function variantsOf(family: FontFamily): string[] {
  return family.weights.flatMap((weight) =>
    family.italic ? [String(weight), `${weight}italic`] : [String(weight)],
  );
}

/**
 * A family by the name a URL or a form gives: 'Open Sans', 'Open+Sans', 'open-sans', any case.
 */
export function findFamily(name: string): FontFamily | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[+\s_-]+/g, " ");
  return FONT_FAMILIES.find((family) => family.family.toLowerCase() === key);
}

export interface FontVariant {
  weight: number;
  style: "normal" | "italic";
}

/** '700italic', '700', 'regular' (400), 'italic' (400 italic): a variant the family has. */
export function parseVariant(family: FontFamily, variant: string): FontVariant | undefined {
  const text = variant.trim().toLowerCase();
  const named = text === "regular" ? "400" : text === "italic" ? "400italic" : text;
  const match = /^(\d{3})(italic)?$/.exec(named);
  if (!match) return undefined;
  const weight = Number(match[1]);
  const style = match[2] ? "italic" : "normal";
  if (!family.weights.includes(weight) || (style === "italic" && !family.italic)) return undefined;
  return { weight, style };
}

export const variantName = (variant: FontVariant) =>
  `${variant.weight}${variant.style === "italic" ? "italic" : ""}`;

/** Every family and variant as choices for a select: 'Roboto|700italic'. */
export const fontChoices = FONT_FAMILIES.flatMap((family) =>
  variantsOf(family).map((variant) => ({
    value: `${family.family}|${variant}`,
    label: `${family.family} ${variant.replace("italic", " kursiv")}`,
  })),
);
