import { createCookie, type Cookie } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

export const CART_COOKIE = "warenkorb";
const COOKIE_NAME = CART_COOKIE;
const cookies = new Map<string, Cookie>();

/** One signed cookie names the customer's cart per branch: `{ [branchId]: cartId }`. */
function cartCookie(context: AppLoadContext): Cookie {
  const key = `${context.secrets.session}|${context.config.publicOrigin}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(COOKIE_NAME, {
      secrets: [context.secrets.session],
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: context.config.publicOrigin.startsWith("https:"),
      maxAge: 60 * 60 * 24 * 30,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

const cartIds = z.record(z.string().regex(/^\d+$/), z.uuid());

export interface CartCookieValue {
  carts: Record<string, string>;
  /** A cookie was sent but its signature or content did not hold. */
  isTampered: boolean;
}

export async function readCartCookie(
  request: Request,
  context: AppLoadContext,
): Promise<CartCookieValue> {
  const header = request.headers.get("Cookie");
  if (!header || !header.split(/;\s*/).some((part) => part.startsWith(`${COOKIE_NAME}=`))) {
    return { carts: {}, isTampered: false };
  }
  const parsed = cartIds.safeParse(await cartCookie(context).parse(header));
  return parsed.success
    ? { carts: parsed.data, isTampered: false }
    : { carts: {}, isTampered: true };
}

export async function cartIdFor(request: Request, context: AppLoadContext, branchId: number) {
  const value = await readCartCookie(request, context);
  return { cartId: value.carts[String(branchId)] ?? null, isTampered: value.isTampered };
}

/** The Set-Cookie header that remembers `cartId` for the branch beside the other branches' carts. */
export async function rememberCart(
  request: Request,
  context: AppLoadContext,
  branchId: number,
  cartId: string,
): Promise<string> {
  const { carts } = await readCartCookie(request, context);
  return cartCookie(context).serialize({ ...carts, [String(branchId)]: cartId });
}

/** Expires an unreadable cart cookie, so the next change starts a fresh cart. */
export async function forgetCarts(context: AppLoadContext): Promise<string> {
  return cartCookie(context).serialize({}, { maxAge: 0 });
}
