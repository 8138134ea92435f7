import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import type { OrderType } from "#app/domain/order-type";
import { TABLE_PARAM } from "./table-visit";

/**
 * A guest who scanned a table's QR code (decision 076): `/store/{branch}?tisch={table}` remembers
 * the table for three hours in a cookie and answers with the menu's plain address, so the menu
 * page stays one cacheable page. The checkout then suggests that table for dine-in, and a new
 * cart starts as dine-in. The cookie only suggests: the checkout checks the table as ever.
 */
const COOKIE = "tisch";
const MAX_AGE_SECONDS = 3 * 60 * 60;

export interface TableVisit {
  branchId: number;
  tableId: number;
}

/** The table the visitor scanned at this branch, if any. */
export function tableVisitOf(request: Request, branchId: number): TableVisit | null {
  const header = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d{1,10})\\.(\\d{1,10})(?:;|$)`).exec(header);
  if (!match || Number(match[1]) !== branchId) return null;
  return { branchId, tableId: Number(match[2]) };
}

/** "dine-in" for a visitor who scanned a table of this branch, else the shop's default. */
export function preferredOrderType(
  request: Request,
  branch: { id: number; isDineInEnabled: boolean },
  shopDefault: OrderType,
): OrderType {
  return branch.isDineInEnabled && tableVisitOf(request, branch.id) ? "dine-in" : shopDefault;
}

/**
 * When the address names a table (`?tisch=`), the answer to give: a redirect to the same page
 * without it, remembering the table when it is one of this branch's. Null without the parameter.
 */
export async function tableVisitRedirect(
  request: Request,
  context: AppLoadContext,
  branch: { id: number },
): Promise<Response | null> {
  const url = new URL(request.url);
  if (!url.searchParams.has(TABLE_PARAM)) return null;
  const identifier = url.searchParams.get(TABLE_PARAM) ?? "";
  url.searchParams.delete(TABLE_PARAM);
  const target = `${url.pathname}${url.search}`;
  const table = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(identifier)
    ? await findTable(context.db, branch.id, identifier)
    : undefined;
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (table) {
    const secure = context.config.publicOrigin.startsWith("https:") ? "; Secure" : "";
    headers.set(
      "Set-Cookie",
      `${COOKIE}=${branch.id}.${table.id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return redirect(target, { status: 303, headers });
}

function findTable(db: Db, branchId: number, identifier: string) {
  return db
    .selectFrom("tables")
    .select("id")
    .where("branchId", "=", branchId)
    .where("identifier", "=", identifier.slice(0, 40))
    .executeTakeFirst();
}
