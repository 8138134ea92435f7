import { data, redirect, type AppLoadContext } from "@remix-run/node";
import {
  findActiveMenuForBranch,
  loadMenuCatalogue,
  type CatalogueProduct,
} from "#app/db/queries/catalogue";
import type { Db } from "#app/db/schema";
import { formatDate, formatTime } from "#app/domain/format";
import { isAdmin } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { readSmallForm } from "#app/features/shared/small-request.server";
import {
  cachedReference,
  referenceBranches,
  referenceSettings,
} from "#app/features/shared/reference-data.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { listSoldOut, maySetSoldOut, setSoldOut, soldOutFromForm } from "./sold-out.server";

/**
 * The back office's side of "sold out today" (decision 036): the page `/backend/sold-out?branch=`
 * (the products of the branch's active menu, a search, a toggle each, the sold-out ones first;
 * linked from the order board so the live board stays light) and the form every toggle posts to,
 * `POST /backend/products/{id}/sold-out` (`branchId` "" for every branch, `soldOut` "1" or "0",
 * `returnTo` a back-office path). Without JavaScript the form redirects back with a notice
 * (`?hinweis=ausverkauft&produkt=7`, read by the frame); with it, the toggle posts by a fetcher
 * (`mode=fetch`) and stays on the page.
 */
const texts = deCatalogue.soldOut;

export const SOLD_OUT_PATH = "/backend/sold-out";
const DEFAULT_RETURN = "/backend/orders";
const NOTICE_WORDS = { marked: "ausverkauft", cleared: "verfuegbar" } as const;

/** A local back-office path to go back to, or the order board. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 500) return DEFAULT_RETURN;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/backend/") || /[\\\u0000-\u001f\u007f]|\/\//.test(value)) {
    return DEFAULT_RETURN;
  }
  try {
    const url = new URL(value, "http://localhost");
    if (url.origin !== "http://localhost" || !url.pathname.startsWith("/backend/")) {
      return DEFAULT_RETURN;
    }
    return `${url.pathname}${url.search}`;
  } catch {
    return DEFAULT_RETURN;
  }
}

function withNotice(path: string, word: string, productId: number): string {
  const url = new URL(path, "http://localhost");
  url.searchParams.set("hinweis", word);
  url.searchParams.set("produkt", String(productId));
  return `${url.pathname}${url.search}`;
}

/** The notice a redirect of the form names (`?hinweis=ausverkauft&produkt=7`), or null. */
export async function soldOutNoticeFrom(request: Request, db: Db): Promise<string | null> {
  const query = new URL(request.url).searchParams;
  const word = query.get("hinweis");
  if (word !== NOTICE_WORDS.marked && word !== NOTICE_WORDS.cleared) return null;
  const productId = parseId(query.get("produkt"));
  if (productId === null) return null;
  const product = await db
    .selectFrom("products")
    .select("name")
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return null;
  return word === NOTICE_WORDS.marked
    ? texts.markedNotice(product.name)
    : texts.clearedNotice(product.name);
}

export interface SoldOutFormResult {
  ok: boolean;
  message: string;
  productId: number | null;
  soldOut: boolean | null;
}

/**
 * `GET /backend/products/{id}/sold-out`: nothing of its own to show (the page links to the list of
 * toggles); also the page a refused form is rendered on, so it must not redirect.
 */
export async function soldOutFormLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  return null;
}

/** `POST /backend/products/{id}/sold-out`. */
export async function soldOutFormAction(
  request: Request,
  context: AppLoadContext,
  productParam: string | undefined,
) {
  const user = await requireStaff(request, context);
  const fail = (status: number, message: string) =>
    data<SoldOutFormResult>({ ok: false, message, productId: null, soldOut: null }, { status });
  const productId = parseId(productParam);
  if (productId === null) return fail(404, texts.errors.unknownProduct);
  const form = await readSmallForm(request);
  if (!form) return fail(400, texts.errors.failed);
  const fields = soldOutFromForm(form);
  if (!fields.ok) return fail(400, fields.errors.map((error) => error.message).join(" "));
  const outcome = await setSoldOut(context.db, {
    user,
    productId,
    branchId: fields.branchId,
    soldOut: fields.soldOut,
    clientAddress: context.clientAddress,
  });
  if (!outcome.ok) {
    return fail(outcome.status, outcome.errors.map((error) => error.message).join(" "));
  }
  const { productName, soldOut } = outcome.value;
  if (form.get("mode") === "fetch") {
    return data<SoldOutFormResult>({
      ok: true,
      message: soldOut ? texts.markedNotice(productName) : texts.clearedNotice(productName),
      productId,
      soldOut,
    });
  }
  const word = soldOut ? NOTICE_WORDS.marked : NOTICE_WORDS.cleared;
  return redirect(withNotice(safeReturnTo(form.get("returnTo")), word, productId), 303);
}

export interface SoldOutPageRow {
  id: number;
  name: string;
  /** "branch": sold out here; "all": in every branch; null: available. */
  soldOut: "branch" | "all" | null;
  until: string | null;
}

function menuProducts(catalogue: Awaited<ReturnType<typeof loadMenuCatalogue>>) {
  const seen = new Map<number, CatalogueProduct>();
  for (const category of catalogue?.categories ?? []) {
    for (const entry of category.entries) {
      const products = entry.kind === "product" ? [entry.product] : entry.group.products;
      for (const product of products) if (!seen.has(product.id)) seen.set(product.id, product);
    }
  }
  return [...seen.values()];
}

/** `GET /backend/sold-out?branch=&suche=`: the branch's products with a toggle each. */
export async function soldOutPageLoader(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const db = context.db;
  const url = new URL(request.url);
  const [settings, allBranches] = await Promise.all([referenceSettings(db), referenceBranches(db)]);
  const branches = allBranches.filter((branch) => maySetSoldOut(user, branch.id));
  const asked = url.searchParams.get("branch");
  const askedId = asked ? parseId(asked) : null;
  if (asked && askedId === null) {
    throw data({ message: texts.errors.unknownBranch }, { status: 400 });
  }
  if (askedId !== null && !maySetSoldOut(user, askedId)) throw forbidden("page");
  const branch = askedId === null ? branches[0] : branches.find((b) => b.id === askedId);
  if (askedId !== null && !branch) {
    throw data({ message: texts.errors.unknownBranch }, { status: 404 });
  }
  const search = (url.searchParams.get("suche") ?? "").trim().slice(0, 100);
  const now = new Date();
  const zone = settings.businessTimeZone;
  const base = {
    branches: branches.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
    branch: branch ? { id: branch.id, name: branch.name } : null,
    search,
    isAdmin: isAdmin(user),
    returnTo: `${url.pathname}${url.search}`,
  };
  if (!branch) return { ...base, hasMenu: false, total: 0, soldOutCount: 0, rows: [] };
  const menu = await findActiveMenuForBranch(db, branch.id, now);
  if (!menu) return { ...base, hasMenu: false, total: 0, soldOutCount: 0, rows: [] };
  const [catalogue, soldOut] = await Promise.all([
    cachedReference(db, `catalogue:${menu.id}`, () => loadMenuCatalogue(db, menu.id)),
    listSoldOut(db, user, branch.id, now),
  ]);
  const state = new Map<number, { kind: "branch" | "all"; until: Date }>();
  for (const row of soldOut) {
    // "Every branch" outranks the branch's own row: only an administrator takes it back.
    if (row.branchId === null || !state.has(row.productId)) {
      state.set(row.productId, {
        kind: row.branchId === null ? "all" : "branch",
        until: row.until,
      });
    }
  }
  const needle = search.toLocaleLowerCase("de-DE");
  const rows = menuProducts(catalogue)
    .filter((product) => !needle || product.name.toLocaleLowerCase("de-DE").includes(needle))
    .map((product, index): SoldOutPageRow & { index: number } => {
      const found = state.get(product.id);
      return {
        index,
        id: product.id,
        name: product.name,
        soldOut: found?.kind ?? null,
        until: found ? `${formatDate(found.until, zone)}, ${formatTime(found.until, zone)}` : null,
      };
    })
    // The sold-out ones first, then the menu's order.
    .sort((a, b) => Number(b.soldOut !== null) - Number(a.soldOut !== null) || a.index - b.index)
    .map(({ index: _index, ...row }) => row);
  return {
    ...base,
    hasMenu: true,
    total: rows.length,
    soldOutCount: rows.filter((row) => row.soldOut !== null).length,
    rows,
  };
}
