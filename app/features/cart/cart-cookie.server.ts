import { createCookie, type Cookie } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

export const CART_COOKIE = "warenkorb";
/**
 * A mark that changes with every request that may change the cart (app/server/cart-writes.server.ts):
 * the customer's kept menu parts are kept per mark (decision 049).
 */
export const CART_WRITE_COOKIE = "warenkorb-stand";

/** The `warenkorb-stand` mark in a Cookie header; "" without one. */
export function cartWriteMark(header: string): string {
  const match = /(?:^|;\s*)warenkorb-stand=([A-Za-z0-9_-]{1,32})(?:;|$)/.exec(header);
  return match?.[1] ?? "";
}
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

/**
 * What each cookie value said, per cookie (its secret): checking the signature is the costliest
 * part of a customer's kept page (decision 049), and the same customer sends the same value with
 * every request until their cart moves. A value always reads the same, so this only saves work.
 */
const readValues = new WeakMap<Cookie, Map<string, CartCookieValue>>();
const MAX_READ_VALUES = 2_000;

export function readCartCookie(
  request: Request,
  context: AppLoadContext,
): Promise<CartCookieValue> {
  return readCartCookieHeader(request.headers.get("Cookie") ?? "", context);
}

/** The same from a Cookie header as it came (the kept pages read it without a Request). */
export async function readCartCookieHeader(
  header: string,
  context: AppLoadContext,
): Promise<CartCookieValue> {
  const raw = header.split(/;\s*/).find((part) => part.startsWith(`${COOKIE_NAME}=`));
  if (!raw) return { carts: {}, isTampered: false };
  const cookie = cartCookie(context);
  let values = readValues.get(cookie);
  if (!values) {
    values = new Map();
    readValues.set(cookie, values);
  }
  const known = values.get(raw);
  if (known) return known;
  const parsed = cartIds.safeParse(await cookie.parse(raw));
  const value: CartCookieValue = Object.freeze(
    parsed.success ? { carts: parsed.data, isTampered: false } : { carts: {}, isTampered: true },
  );
  if (values.size >= MAX_READ_VALUES) values.clear();
  values.set(raw, value);
  return value;
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
