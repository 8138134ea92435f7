import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { isLabelLayoutName, LABEL_LAYOUTS, labelsPerSheet } from "#app/domain/label-layout";
import { labelContent, type LabelProduct } from "#app/domain/product-label";
import { formatMoney } from "#app/domain/money";
import { priceText } from "#app/domain/product-label";
import { inZone } from "#app/domain/time";
import { parseId } from "#app/domain/values";
import { deLabels } from "#app/i18n/de-labels";
import { filterChoices, matchingProducts } from "#app/features/catalogue/bulk-prices.server";
import type { ProductFilterValues } from "#app/features/catalogue/product-filter";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { renderLabelsPdf } from "./labels-pdf.server";

/**
 * The labels of `/backend/products/labels` (issue 20, decision 057): GET the form (a product filter, a count
 * per product, the layout, the first free position, a best-before date), POST it for the PDF
 * (`Content-Disposition: attachment`). A plain form: without JavaScript the browser downloads the
 * answer; a refusal is the page again with a 400 and the German reason. The routes guard and read
 * the request; these services parse, check and render.
 */
const texts = deLabels;

/** At most this many labels in one PDF: 42 compact sheets or 200 detail sheets (decision 057). */
export const MAX_LABELS = 2_000;
/** At most this many products chosen at once (the page lists as many). */
export const MAX_LABEL_PRODUCTS = 200;
const COPIES_FIELD = /^anzahl-(\d{1,12})$/;

export interface LabelChoice {
  items: { productId: number; copies: number }[];
  layout: "compact" | "detail";
  start: number;
  /** ISO date or null. */
  bestBefore: string | null;
}

export type LabelChoiceResult =
  { ok: true; value: LabelChoice } | { ok: false; status: number; errors: string[] };

/** Reads the form (`anzahl-<id>`, `format`, `start`, `mhd`); pure but for nothing. */
export function parseLabelForm(form: FormData | URLSearchParams): LabelChoiceResult {
  const errors: string[] = [];
  const layout = form.get("format");
  if (!isLabelLayoutName(layout)) errors.push(texts.errors.layout);
  const perSheet = isLabelLayoutName(layout) ? labelsPerSheet(LABEL_LAYOUTS[layout]) : 48;
  const startText = form.get("start");
  const startValue = typeof startText === "string" && startText.trim() ? startText.trim() : "1";
  const start = /^\d{1,3}$/.test(startValue) ? Number(startValue) : NaN;
  if (!(start >= 1 && start <= perSheet)) errors.push(texts.errors.start(perSheet));
  const dateText = form.get("mhd");
  let bestBefore: string | null = null;
  if (typeof dateText === "string" && dateText.trim()) {
    const trimmed = dateText.trim();
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
      ? DateTime.fromISO(trimmed)
      : DateTime.fromFormat(trimmed, "d.M.yyyy");
    if (!parsed.isValid || parsed.year < 2000 || parsed.year > 2200) {
      errors.push(texts.errors.bestBefore);
    } else bestBefore = parsed.toISODate();
  } else if (dateText !== null && typeof dateText !== "string") {
    errors.push(texts.errors.bestBefore);
  }
  const items: LabelChoice["items"] = [];
  let copiesWrong = false;
  let fields = 0;
  for (const [key, value] of form.entries()) {
    const match = COPIES_FIELD.exec(key);
    if (!match) continue;
    fields += 1;
    if (fields > MAX_LABEL_PRODUCTS) break;
    const raw = typeof value === "string" ? value.trim() : null;
    if (raw === "") continue;
    if (raw === null || !/^\d{1,7}$/.test(raw) || Number(raw) > MAX_LABELS) {
      copiesWrong = true;
      continue;
    }
    const productId = parseId(match[1]);
    if (productId === null) {
      errors.push(texts.errors.unknownProduct);
      continue;
    }
    const copies = Number(raw);
    if (copies > 0) items.push({ productId, copies });
  }
  if (copiesWrong) errors.push(texts.errors.copies(MAX_LABELS));
  if (fields > MAX_LABEL_PRODUCTS) errors.push(texts.errors.tooManyProducts(MAX_LABEL_PRODUCTS));
  const total = items.reduce((sum, item) => sum + item.copies, 0);
  if (!copiesWrong && total > MAX_LABELS) errors.push(texts.errors.tooMany(MAX_LABELS));
  if (!errors.length && items.length === 0) errors.push(texts.errors.nothingChosen);
  if (errors.length) return { ok: false, status: 400, errors: [...new Set(errors)] };
  return {
    ok: true,
    value: { items, layout: layout as LabelChoice["layout"], start, bestBefore },
  };
}

export async function loadLabelProducts(db: Db, ids: readonly number[]) {
  if (!ids.length) return new Map<number, LabelProduct>();
  const rows = await db
    .selectFrom("products")
    .select([
      "id",
      "name",
      "price",
      "unit",
      "calculationModel",
      "isPriceHidden",
      "allergenCodes",
      "allergens",
      "ingredients",
      "bestBeforeDays",
    ])
    .where("id", "in", [...ids])
    .execute();
  return new Map<number, LabelProduct>(rows.map((row) => [row.id, row]));
}

/** The PDF of a valid choice, or the products it names that do not exist. */
export async function labelsPdf(
  db: Db,
  choice: LabelChoice,
  now: Date,
): Promise<{ ok: true; pdf: Buffer } | { ok: false; status: number; errors: string[] }> {
  const settings = await referenceSettings(db);
  const products = await loadLabelProducts(
    db,
    choice.items.map((item) => item.productId),
  );
  if (choice.items.some((item) => !products.has(item.productId))) {
    return { ok: false, status: 400, errors: [texts.errors.unknownProduct] };
  }
  const today = inZone(now, settings.businessTimeZone).toISODate()!;
  const prints = choice.items.map((item) => ({
    copies: item.copies,
    content: labelContent(products.get(item.productId)!, {
      bestBefore: choice.bestBefore,
      today,
      currency: settings.currency,
    }),
  }));
  return { ok: true, pdf: await renderLabelsPdf(prints, choice.layout, choice.start) };
}

/** What the page lists for a filter (search and category; labels have no tag filter). */
export async function labelsPageData(db: Db, { search, categoryId }: ProductFilterValues) {
  const filter = { search, categoryId };
  const [matches, choices, settings] = await Promise.all([
    matchingProducts(db, filter, MAX_LABEL_PRODUCTS),
    filterChoices(db),
    referenceSettings(db),
  ]);
  const details = await loadLabelProducts(
    db,
    matches.rows.map((row) => row.id),
  );
  return {
    filter: { search: filter.search, categoryId: filter.categoryId },
    categories: choices.categories,
    total: matches.total,
    maxLabels: MAX_LABELS,
    products: matches.rows.map((row) => {
      const product = details.get(row.id);
      return {
        id: row.id,
        name: row.name,
        price: product ? priceText(product, settings.currency) : formatMoney(row.price),
      };
    }),
  };
}

export interface LabelsReply {
  errors: string[];
  sent: Record<string, string>;
}

/**
 * The page's form checked: the address of its PDF (post, redirect, get: the PDF is the answer of
 * a GET, whose address carries the choice, checked again there), or the reply to render with its
 * status.
 */
export async function checkLabelForm(
  db: Db,
  form: FormData | URLSearchParams,
): Promise<{ ok: true; pdfPath: string } | { ok: false; status: number; reply: LabelsReply }> {
  const sent: Record<string, string> = {};
  let kept = 0;
  for (const [key, value] of form.entries()) {
    if (kept >= MAX_LABEL_PRODUCTS + 3) break;
    if (
      typeof value === "string" &&
      (COPIES_FIELD.test(key) || ["format", "start", "mhd"].includes(key))
    ) {
      sent[key] = value.slice(0, 20);
      kept += 1;
    }
  }
  const parsed = parseLabelForm(form);
  if (!parsed.ok)
    return { ok: false, status: parsed.status, reply: { errors: parsed.errors, sent } };
  const products = await loadLabelProducts(
    db,
    parsed.value.items.map((item) => item.productId),
  );
  if (parsed.value.items.some((item) => !products.has(item.productId))) {
    return { ok: false, status: 400, reply: { errors: [texts.errors.unknownProduct], sent } };
  }
  return { ok: true, pdfPath: `${LABELS_PDF_PATH}?${labelQuery(parsed.value)}` };
}

export const LABELS_PDF_PATH = "/backend/products/labels.pdf";

export function labelQuery(choice: LabelChoice): string {
  const query = new URLSearchParams({ format: choice.layout, start: String(choice.start) });
  if (choice.bestBefore) query.set("mhd", choice.bestBefore);
  for (const item of choice.items) query.set(`anzahl-${item.productId}`, String(item.copies));
  return query.toString();
}

/**
 * The PDF of the labels a query string names (`?format=&start=&mhd=&anzahl-<id>=`, as sent), or
 * the reasons.
 */
export async function labelsPdfFor(
  db: Db,
  search: string,
  now: Date,
): Promise<{ ok: true; pdf: Buffer } | { ok: false; status: number; errors: string[] }> {
  if (search.length > 8_000) {
    return { ok: false, status: 400, errors: [texts.errors.tooManyProducts(MAX_LABEL_PRODUCTS)] };
  }
  const parsed = parseLabelForm(new URLSearchParams(search));
  if (!parsed.ok) return parsed;
  return labelsPdf(db, parsed.value, now);
}
