import type { AppLoadContext } from "@remix-run/node";
import sanitizeHtml from "sanitize-html";
import type { Db } from "#app/db/schema";
import {
  CART_WRITE_COOKIE,
  forgetCarts,
  readCartCookie,
} from "#app/features/cart/cart-cookie.server";
import type { OrderStatusView } from "#app/features/orders/order-status-view.server";
import { isSelfService, readCookie } from "#app/features/storefront/visitor.server";
import { isInsideShop } from "./kiosk";

/**
 * The kiosk's own order (issue 35): the order this kiosk's customer has just placed, the only one
 * whose status page the kiosk shows. A session cookie for the status pages alone, set by the
 * checkout and expired by the reset, so no way back (history, a kept page, a back gesture) leads
 * the next customer into the last one's order.
 */
export const KIOSK_ORDER_COOKIE = "kiosk-bestellung";
const KIOSK_ORDER_PATH = "/status";

/**
 * What a kiosk's pages with a customer's data answer (checkout, status page): kept by no cache,
 * not the browser's HTTP cache a back gesture reads from, nor its back-forward cache.
 */
export const KIOSK_NO_STORE = "no-store";

const secureFlag = (origin: string) => (origin.startsWith("https:") ? "; Secure" : "");

/** The cookie naming the kiosk's last order (its uid), for the checkout's redirect to its page. */
export function kioskOrderCookie(uid: string, origin: string): string {
  return `${KIOSK_ORDER_COOKIE}=${encodeURIComponent(uid)}; Path=${KIOSK_ORDER_PATH}; HttpOnly; SameSite=Lax${secureFlag(origin)}`;
}

/** Whether a kiosk may show the status page of the order with this uid: its own last order. */
export function isKioskOrder(request: Request, uid: string): boolean {
  const own = readCookie(request, KIOSK_ORDER_COOKIE);
  return own !== null && own !== "" && own === uid;
}

/**
 * The status page on a kiosk: the ticket, the items and the totals, but nothing that names the
 * customer or says how to reach them (the delivery address with the name, the comment).
 */
export function withoutCustomer(view: OrderStatusView): OrderStatusView {
  return { ...view, details: { ...view.details, address: [], comment: null } };
}

/**
 * The kiosk's reset (decision 053): the next customer meets an empty cart and nothing of the one
 * before. The carts the cookie names are deleted (their items, choices and comment with them) and
 * every cookie that remembers the customer is expired: the cart, its change mark, the last order
 * (`KIOSK_ORDER_COOKIE`: its status page is then closed to this kiosk). The checkout
 * keeps nothing typed in a cookie or session (what was typed travels only in the form), so the
 * form comes back empty.
 *
 * Only a device in the self-service context is reset: a link to the reset from elsewhere cannot
 * empty a customer's cart at home.
 */
export async function resetKiosk(
  request: Request,
  context: AppLoadContext,
): Promise<{ cookies: string[]; wasKiosk: boolean }> {
  if (!isSelfService(request)) return { cookies: [], wasKiosk: false };
  const { carts } = await readCartCookie(request, context);
  const ids = Object.values(carts);
  if (ids.length > 0) await deleteCarts(context.db, ids);
  const secure = context.config.publicOrigin.startsWith("https:") ? "; Secure" : "";
  return {
    wasKiosk: true,
    cookies: [
      await forgetCarts(context),
      `${CART_WRITE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`,
      `${KIOSK_ORDER_COOKIE}=; Max-Age=0; Path=${KIOSK_ORDER_PATH}; HttpOnly; SameSite=Lax${secure}`,
    ],
  };
}

/** An order keeps its copy of everything; the cart it came from is only unlinked (set null). */
async function deleteCarts(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom("carts").where("id", "in", ids).execute();
}

/**
 * Staff-written HTML (site pages, blocks, legal texts) on a kiosk: a link that would leave the
 * shop becomes its text (no maps, no mail, no other site), and no link opens a new tab.
 */
export function keepLinksInShop(html: string, origin: string): string {
  if (!html.includes("<a")) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        if (!href || !isInsideShop(href, origin)) {
          return { tagName: "span", attribs: {} };
        }
        const inside = Object.fromEntries(
          Object.entries(attribs).filter(([key]) => key !== "target" && key !== "rel"),
        );
        return { tagName, attribs: inside };
      },
    },
  });
}

const HTML_FIELDS = new Set(["html", "bodyHtml"]);

/**
 * A loader's data for a kiosk: every staff-written HTML field (`html`, `bodyHtml`) anywhere in it
 * with its links kept in the shop. Other devices get the data as it was.
 */
export function forKiosk<T>(request: Request, origin: string, value: T): T {
  if (!isSelfService(request)) return value;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object" || node instanceof Date) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, field]) => [
        key,
        HTML_FIELDS.has(key) && typeof field === "string"
          ? keepLinksInShop(field, origin)
          : walk(field),
      ]),
    );
  };
  return walk(value) as T;
}
