import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { CART_COOKIE, CART_WRITE_COOKIE } from "#app/features/cart/cart-cookie.server";

/**
 * Every request that may change a customer's cart (anything but GET and HEAD from a browser that
 * has a cart) gets a new `warenkorb-stand` cookie: a random mark, not a secret. The parts of the
 * menu page kept for a cart (decision 049) are kept per mark, so the customer's next page after a
 * change never gets the parts from before it, in whichever process it lands, and without asking
 * the database. Changes the customer's browser did not make (an order paid by webhook, a cart
 * cleared by staff) reach the kept parts through the `carts` notification.
 *
 * A forged mark can only show a customer their own cart as it was: the cart comes from the signed
 * cart cookie.
 */
export function markCartWrites(options: { secure: boolean }): RequestHandler {
  const attributes = `; Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && hasCartCookie(req.headers.cookie)) {
      res.append("Set-Cookie", `${CART_WRITE_COOKIE}=${newMark()}${attributes}`);
    }
    next();
  };
}

const CART_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)${CART_COOKIE}=`);

function hasCartCookie(header: string | undefined): boolean {
  return header !== undefined && CART_COOKIE_IN_HEADER.test(header);
}

export function newMark(): string {
  return randomBytes(9).toString("base64url");
}
