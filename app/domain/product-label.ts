import { DateTime } from "luxon";
import { deLabels } from "#app/i18n/de-labels";
import { allergenLabels } from "./allergens";
import { formatMoney, type Cents } from "./money";
import { modelPrefix } from "./price-label";
import { unitDefinition, type CalculationModel, type Unit } from "./units";

/**
 * What a product label says (decision 057), as the German rules ask:
 * - price and unit (PAngV): the price per the product's unit, and for goods sold by weight or
 *   volume the Grundpreis per kilogram or litre;
 * - ingredients and allergens (LMIV, art. 9, 21 and annex II): the list of ingredients with the
 *   allergens emphasised (bold), and where the product has no list, "Enthält: ..." naming them;
 * - the best-before date: a date chosen on the form, or the print day plus the product's days.
 * Pure: the caller passes `today` (an ISO date in the business's zone).
 */
export interface LabelProduct {
  id: number;
  name: string;
  price: Cents;
  unit: Unit;
  calculationModel: CalculationModel;
  isPriceHidden: boolean;
  allergenCodes: readonly string[];
  allergens: string | null;
  ingredients: string | null;
  bestBeforeDays: number | null;
}

/** A run of text, bold where an allergen is emphasised. */
export interface TextRun {
  text: string;
  bold: boolean;
}

export interface LabelContent {
  name: string;
  price: string;
  grundpreis: string | null;
  /** "Zutaten: ..." with the allergens bold; empty when the product has no list. */
  ingredients: TextRun[];
  /** "Enthält: ..." (bold) for the allergens the list of ingredients does not show (or all). */
  contains: string | null;
  /** "Enthält: ..." naming every allergen: for the compact label, which has no room for the list. */
  containsAll: string | null;
  /** Free text about traces ("Kann Spuren von Sesam enthalten."). */
  traces: string | null;
  bestBefore: string | null;
}

const t = deLabels.label;

/** Word stems that name each allergen in a German list of ingredients. */
const ALLERGEN_WORDS: Readonly<Record<string, readonly string[]>> = {
  gluten: [
    "weizen",
    "roggen",
    "gerste",
    "hafer",
    "dinkel",
    "kamut",
    "emmer",
    "einkorn",
    "grünkern",
    "gluten",
  ],
  crustaceans: ["krebs", "garnele", "krabbe", "hummer", "languste", "scampi"],
  eggs: ["ei", "eier", "eigelb", "eiweiß", "vollei", "hühnerei", "eipulver"],
  fish: ["fisch", "lachs", "thunfisch", "sardelle", "kabeljau"],
  peanuts: ["erdnuss", "erdnüsse"],
  soybeans: ["soja"],
  milk: [
    "milch",
    "butter",
    "sahne",
    "rahm",
    "quark",
    "käse",
    "joghurt",
    "molke",
    "laktose",
    "lactose",
    "schmand",
    "buttermilch",
  ],
  nuts: [
    "mandel",
    "haselnuss",
    "haselnüsse",
    "walnuss",
    "walnüsse",
    "cashew",
    "pekannuss",
    "paranuss",
    "pistazie",
    "macadamia",
    "nuss",
    "nüsse",
  ],
  celery: ["sellerie"],
  mustard: ["senf"],
  sesame: ["sesam"],
  sulphites: ["sulfit", "schwefeldioxid", "disulfit"],
  lupin: ["lupine"],
  molluscs: ["weichtier", "muschel", "tintenfisch", "schnecke"],
};

const EVERY_WORD = [...new Set(Object.values(ALLERGEN_WORDS).flat())];

function matchesStem(word: string, stem: string): boolean {
  const lower = word.toLocaleLowerCase("de-DE");
  // "Weizenmehl", "Vollmilchpulver", "Butterreinfett": a stem anywhere in a compound; the short
  // "ei" only as the whole word (not in "Weizen").
  return stem.length <= 2 ? lower === stem || lower.startsWith(`${stem}-`) : lower.includes(stem);
}

function isAllergenWord(word: string): boolean {
  return EVERY_WORD.some((stem) => matchesStem(word, stem));
}

const WORD = /[\p{L}\p{N}-]+/gu;

/**
 * The list of ingredients with allergens bold: every word containing an allergen's stem, and
 * anything the shop wrapped in `*...*` (for words our list does not know).
 */
export function emphasiseAllergens(ingredients: string): TextRun[] {
  const runs: TextRun[] = [];
  const push = (text: string, bold: boolean) => {
    if (!text) return;
    const last = runs[runs.length - 1];
    if (last && last.bold === bold) last.text += text;
    else runs.push({ text, bold });
  };
  const parts = ingredients
    .replace(/\s+/g, " ")
    .trim()
    .split(/(\*[^*]+\*)/);
  for (const part of parts) {
    if (part.startsWith("*") && part.endsWith("*") && part.length > 2) {
      push(part.slice(1, -1), true);
      continue;
    }
    for (const token of part.split(/([\p{L}\p{N}-]+)/u)) {
      push(token, /^[\p{L}\p{N}-]+$/u.test(token) && isAllergenWord(token));
    }
  }
  return runs;
}

/** The Grundpreis per kg or l for goods sold by weight or volume; null otherwise. */
export function grundpreis(product: Pick<LabelProduct, "price" | "unit">, currency = "EUR") {
  const unit = unitDefinition(product.unit);
  if (unit.type !== "weight" && unit.type !== "volume") return null;
  const perBase = Math.round((product.price * 1000) / unit.factor);
  return t.grundpreis(formatMoney(perBase, currency), unit.type === "weight" ? "kg" : "l");
}

export function priceText(product: LabelProduct, currency = "EUR"): string {
  if (product.isPriceHidden) return t.priceOnRequest;
  const money = formatMoney(product.price, currency);
  const prefix = modelPrefix(product.calculationModel);
  const unit = unitDefinition(product.unit);
  return `${prefix ? `${prefix} ` : ""}${money} / ${unit.short}`;
}

/** `DD.MM.YYYY` of a chosen ISO date, else `today` plus the product's days, else null. */
export function bestBeforeDate(
  product: Pick<LabelProduct, "bestBeforeDays">,
  chosen: string | null,
  today: string,
): string | null {
  if (chosen) return DateTime.fromISO(chosen).toFormat("dd.MM.yyyy");
  if (product.bestBeforeDays === null) return null;
  return DateTime.fromISO(today).plus({ days: product.bestBeforeDays }).toFormat("dd.MM.yyyy");
}

export function labelContent(
  product: LabelProduct,
  options: { bestBefore: string | null; today: string; currency?: string },
): LabelContent {
  const ingredientsText = product.ingredients?.trim() ?? "";
  const named = allergenLabels(product.allergenCodes);
  const words = ingredientsText.match(WORD) ?? [];
  // An allergen the product names that no word of its list shows is declared beside the list.
  const unshown = allergenLabels(
    product.allergenCodes.filter(
      (code) =>
        !(ALLERGEN_WORDS[code] ?? []).some((stem) => words.some((word) => matchesStem(word, stem))),
    ),
  );
  const ingredients = ingredientsText
    ? [{ text: t.ingredients, bold: false }, ...emphasiseAllergens(ingredientsText)]
    : [];
  return {
    name: product.name,
    price: priceText(product, options.currency),
    grundpreis: product.isPriceHidden ? null : grundpreis(product, options.currency),
    ingredients,
    contains: unshown.length ? `${t.contains}${unshown.join(", ")}` : null,
    containsAll: named.length ? `${t.contains}${named.join(", ")}` : null,
    traces: product.allergens?.trim() || null,
    bestBefore: (() => {
      const date = bestBeforeDate(product, options.bestBefore, options.today);
      return date ? t.bestBefore(date) : null;
    })(),
  };
}
