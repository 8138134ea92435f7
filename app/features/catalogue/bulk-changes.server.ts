import type { Db } from "#app/db/schema";
import type { Problem } from "#app/server/outcome";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import {
  applyBulk,
  BULK_FIELD_ALIASES,
  BULK_FIELDS,
  BULK_MODES,
  filterChoices,
  formatBulkValue,
  matchingIds,
  matchingProducts,
  MAX_BULK_PRODUCTS,
  parseBulkChoice,
  previewBulk,
  type BulkChoice,
  type BulkPreview,
  type Expected,
} from "./bulk-prices.server";
import { productFilterFrom, type ProductFilterValues } from "./product-filter";

/**
 * The bulk change as its page and its API use it (issue 15): `/backend/products/bulk` and
 * `POST /api/products/bulk`. The routes guard and read the form or JSON; these services preview,
 * apply and shape what the page shows.
 */

const texts = deCatalogue.bulk;

type Actor = { user: StaffUser; clientAddress?: string };

/** The API's change: a dry run previews, otherwise the change is applied against what was seen. */
export async function changeBulk(
  db: Db,
  actor: Actor,
  choice: BulkChoice,
  { dryRun, ...expected }: Expected & { dryRun: boolean },
) {
  const outcome = dryRun
    ? await previewBulk(db, choice)
    : await applyBulk(db, actor, choice, expected);
  return outcome.ok ? { ...outcome, value: { ...outcome.value, dryRun } } : outcome;
}

/** How many matches the page lists with a checkbox each; "alle Treffer" covers the rest. */
const LISTED = 200;
/** How many preview rows the page shows; the change covers all. */
const PREVIEW_ROWS = 500;

/** What the page lists for a filter, and the notice after a change was saved. */
export async function bulkPageData(
  db: Db,
  filter: ProductFilterValues,
  saved: { count: number } | null,
  preset: BulkPreset = NO_PRESET,
) {
  const [matches, choices] = await Promise.all([
    matchingProducts(db, filter, LISTED),
    filterChoices(db),
  ]);
  return {
    filter,
    choices,
    total: matches.total,
    products: matches.rows.map((row) => ({
      id: row.id,
      name: row.name,
      identifier: row.identifier,
      price: formatBulkValue("price", row.price),
      taxes: [row.taxRate, row.takeawayTaxRate, row.dineInTaxRate]
        .map((rate) => formatBulkValue("tax", Number(rate)))
        .join(" / "),
    })),
    notice: saved ? texts.saved(saved.count) : null,
    preset,
  };
}

/** The change a link fills in (`feld`, `art`, `wert`, `alle`), as the product list's notice does. */
export interface BulkPreset {
  field: string;
  mode: string;
  value: string;
  all: boolean;
}

const NO_PRESET: BulkPreset = { field: "price", mode: "percent", value: "", all: false };

export function bulkPresetFrom(search: URLSearchParams): BulkPreset {
  const asked = search.get("feld") ?? "";
  const field = BULK_FIELDS.find((name) => name === (BULK_FIELD_ALIASES[asked] ?? asked));
  const mode = BULK_MODES.find((name) => name === search.get("art"));
  return {
    field: field ?? NO_PRESET.field,
    mode: mode ?? NO_PRESET.mode,
    value: (search.get("wert") ?? "").slice(0, 20),
    all: search.get("alle") === "1",
  };
}

/** What the form sent, to render it again (and to carry into the confirmation). */
export interface BulkSent {
  productIds: string[];
  all: boolean;
  field: string;
  mode: string;
  value: string;
  search: string;
  categoryId: string;
  tagId: string;
  takeawayTaxRate: string;
  dineInTaxRate: string;
}

export interface BulkReply {
  errors: Problem[];
  preview: {
    rows: { id: number; name: string; before: string; after: string }[];
    count: number;
    checksum: string;
    fieldLabel: string;
  } | null;
  sent: BulkSent;
}

export const EMPTY_BULK_FORM: BulkSent = {
  productIds: [],
  all: false,
  field: "price",
  mode: "percent",
  value: "",
  search: "",
  categoryId: "",
  tagId: "",
  takeawayTaxRate: "",
  dineInTaxRate: "",
};

/** The page's form as the services take it: what was sent, the choice of all matches, the step. */
export interface BulkForm {
  sent: BulkSent;
  picked: string[];
  filter: ProductFilterValues;
  confirm: boolean;
  checksum: string;
}

export function bulkFormFrom(form: FormData | URLSearchParams): BulkForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const all = form.get("alle") === "1";
  const picked = form
    .getAll("produkt")
    .filter((value): value is string => typeof value === "string")
    .slice(0, MAX_BULK_PRODUCTS + 1);
  return {
    sent: {
      productIds: all ? [] : picked,
      all,
      field: BULK_FIELD_ALIASES[text("feld")] ?? text("feld"),
      mode: text("art"),
      value: text("wert"),
      search: text("suche"),
      categoryId: text("kategorie"),
      tagId: text("schlagwort"),
      takeawayTaxRate: text("abholung"),
      dineInTaxRate: text("vor-ort"),
    },
    picked,
    filter: productFilterFrom(form),
    confirm: form.get("intent") === "uebernehmen",
    checksum: text("pruefsumme"),
  };
}

function previewView(choice: BulkChoice, preview: BulkPreview): NonNullable<BulkReply["preview"]> {
  return {
    rows: preview.changes.slice(0, PREVIEW_ROWS).map((change) => ({
      id: change.id,
      name: change.name,
      before: formatBulkValue(choice.field, change.before),
      after: formatBulkValue(choice.field, change.after),
    })),
    count: preview.changes.length,
    checksum: preview.checksum,
    fieldLabel: texts.fields[choice.field],
  };
}

/**
 * The page's preview or confirmation: `saved` with the number of changed products, or the reply
 * to render with its status (after a 409 the fresh preview, so confirming again is a conscious
 * choice).
 */
export async function bulkPageChange(
  db: Db,
  actor: Actor,
  { sent, picked, filter, confirm, checksum }: BulkForm,
): Promise<{ saved: number } | { status: number; reply: BulkReply }> {
  const productIds = sent.all ? await matchingIds(db, filter) : picked;
  const parsed = parseBulkChoice({
    productIds,
    field: sent.field,
    mode: sent.mode,
    value: sent.value,
  });
  if (!parsed.ok)
    return { status: 400, reply: { errors: [...parsed.errors], preview: null, sent } };
  if (confirm) {
    const outcome = await applyBulk(db, actor, parsed.value, { checksum });
    if (outcome.ok) return { saved: outcome.value.changes.length };
    const fresh = await previewBulk(db, parsed.value);
    return {
      status: outcome.status,
      reply: {
        errors: [...outcome.errors],
        preview: fresh.ok ? previewView(parsed.value, fresh.value) : null,
        sent,
      },
    };
  }
  const preview = await previewBulk(db, parsed.value);
  if (!preview.ok) {
    return { status: preview.status, reply: { errors: [...preview.errors], preview: null, sent } };
  }
  return {
    status: 200,
    reply: { errors: [], preview: previewView(parsed.value, preview.value), sent },
  };
}
