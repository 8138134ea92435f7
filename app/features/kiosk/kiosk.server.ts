import type { AppLoadContext } from "@remix-run/node";
import sanitizeHtml from "sanitize-html";
import type { Db } from "../../db/schema";
import { CART_WRITE_COOKIE, forgetCarts, readCartCookie } from "../cart/cart-cookie.server";
import { isSelfService } from "../storefront/visitor.server";
import { isInsideShop } from "./kiosk";

/**
 * The kiosk's reset (decision 053): the next customer meets an empty cart and nothing of the one
 * before. The carts the cookie names are deleted (their items, choices and comment with them) and
 * every cookie that remembers the customer is expired: the cart, its change mark. The checkout
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
