import {
  findActiveMenuForBranch,
  loadMenuCatalogue,
  type CatalogueProduct,
} from "#app/db/queries/catalogue";
import type { Db } from "#app/db/schema";
import { formatDate, formatTime } from "#app/domain/format";
import { isAdmin } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import {
  cachedReference,
  referenceBranches,
  referenceSettings,
} from "#app/features/shared/reference-data.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { refused, succeeded } from "#app/server/outcome";
import { listSoldOut, maySetSoldOut } from "./sold-out.server";

/**
 * What the back office shows of "sold out today" (decision 036), for the routes of the page `/backend/sold-out?branch=`
 * (the products of the branch's active menu, a search, a toggle each, the sold-out ones first;
 * linked from the order board so the live board stays light) and the form every toggle posts to,
 * `POST /backend/products/{id}/sold-out` (`branchId` "" for every branch, `soldOut` "1" or "0",
 * `returnTo` a back-office path). Without JavaScript the form redirects back with a notice
 * (`?hinweis=ausverkauft&produkt=7`, read by the frame); with it, the toggle posts by a fetcher
 * (`mode=fetch`) and stays on the page. The routes guard and read the request.
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

/** Where the form goes back to after a change: `returnTo` with the notice of the change. */
export function soldOutReturn(returnTo: unknown, soldOut: boolean, productId: number): string {
  const word = soldOut ? NOTICE_WORDS.marked : NOTICE_WORDS.cleared;
  const url = new URL(safeReturnTo(returnTo), "http://localhost");
  url.searchParams.set("hinweis", word);
  url.searchParams.set("produkt", String(productId));
  return `${url.pathname}${url.search}`;
}

/** The notice a redirect of the form names (`?hinweis=ausverkauft&produkt=7`), or null. */
export async function soldOutNotice(db: Db, query: URLSearchParams): Promise<string | null> {
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

/** `GET /backend/sold-out?branch=&suche=`: the branch's products with a toggle each; 400 or 404
 * for a branch that is not one, 403 for one the user may not change. */
export async function soldOutPage(
  db: Db,
  user: StaffUser,
  query: { branch: string | null; search: string | null; returnTo: string },
) {
  const [settings, allBranches] = await Promise.all([referenceSettings(db), referenceBranches(db)]);
  const branches = allBranches.filter((branch) => maySetSoldOut(user, branch.id));
  const asked = query.branch;
  const askedId = asked ? parseId(asked) : null;
  if (asked && askedId === null) return refused(400, texts.errors.unknownBranch);
  if (askedId !== null && !maySetSoldOut(user, askedId)) return refused(403, de.errors.forbidden);
  const branch = askedId === null ? branches[0] : branches.find((b) => b.id === askedId);
  if (askedId !== null && !branch) return refused(404, texts.errors.unknownBranch);
  const search = (query.search ?? "").trim().slice(0, 100);
  const now = new Date();
  const zone = settings.businessTimeZone;
  const base = {
    branches: branches.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
    branch: branch ? { id: branch.id, name: branch.name } : null,
    search,
    isAdmin: isAdmin(user),
    returnTo: query.returnTo,
  };
  const none = { ...base, hasMenu: false, total: 0, soldOutCount: 0, rows: [] };
  if (!branch) return succeeded(none);
  const menu = await findActiveMenuForBranch(db, branch.id, now);
  if (!menu) return succeeded(none);
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
  return succeeded({
    ...base,
    hasMenu: true,
    total: rows.length,
    soldOutCount: rows.filter((row) => row.soldOut !== null).length,
    rows,
  });
}
