/**
 * The social-media pixel (spec sections 4 and 7, decision 054): Meta's base code, loaded only in
 * a consenting visitor's browser, receives page view, add to cart, initiate checkout and purchase.
 */
export const DEFAULT_PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

/** Where Meta's script sends its events (an image or a beacon to /tr). */
const META_TRACKER = "https://www.facebook.com";

/** A pixel id as Meta hands it out: digits only, at most 20. */
export const PIXEL_ID = /^[0-9]{1,20}$/;

/**
 * The origins a page with the pixel must allow (CSP): the script's own, and Meta's tracker when
 * the script is Meta's. A fake in tests sends to its own origin.
 */
export function pixelOrigins(scriptUrl: string): string[] {
  const origin = /^(https?:\/\/[^/\s]+)/.exec(scriptUrl)?.[1];
  if (!origin || !/^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin)) return [];
  return scriptUrl === DEFAULT_PIXEL_SCRIPT_URL ? [origin, META_TRACKER] : [origin];
}

/** Meta's standard event names for our four events. */
export const PIXEL_EVENTS = {
  page_view: "PageView",
  add_to_cart: "AddToCart",
  initiate_checkout: "InitiateCheckout",
  purchase: "Purchase",
} as const;
