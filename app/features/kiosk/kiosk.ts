/**
 * The self-service kiosk's timings and addresses (decision 053), shared by the server (the meta
 * refresh of pages without JavaScript) and the browser (the inactivity timer).
 */

/** The idle screen: 'Tippen um zu bestellen'; opening it also turns the device into a kiosk. */
export const KIOSK_IDLE_PATH = "/kiosk";
/** Forgets the cart and everything typed, then shows the idle screen (GET and POST). */
export const KIOSK_RESET_PATH = "/kiosk/neu";
/** Where a tap on the idle screen leads. */
export const KIOSK_START_PATH = "/";

/** Two minutes without a touch and the next customer finds an empty shop. */
export const KIOSK_IDLE_SECONDS = 120;
/** The status page after an order stays this long (the ticket number to remember), then resets. */
export const KIOSK_AFTER_ORDER_SECONDS = 45;
/**
 * Without JavaScript typing is no request the server sees: the checkout gets longer before its
 * meta refresh resets a form someone is still filling in.
 */
export const KIOSK_NOJS_CHECKOUT_SECONDS = 300;

const STATUS_PAGE = /^\/status\/[^/]+\/[^/]+\/?$/;
const CHECKOUT_PAGE = /^\/store\/[^/]+\/checkout(\/error)?\/?$/;

/**
 * Seconds of inactivity before the kiosk resets on this page; null on the idle screen itself.
 * `scripted`: the browser's timer (restarted by every touch) rather than the meta refresh.
 */
export function kioskTimeoutFor(pathname: string, scripted: boolean): number | null {
  if (pathname === KIOSK_IDLE_PATH || pathname.startsWith(`${KIOSK_IDLE_PATH}/`)) return null;
  if (STATUS_PAGE.test(pathname)) return KIOSK_AFTER_ORDER_SECONDS;
  if (!scripted && CHECKOUT_PAGE.test(pathname)) return KIOSK_NOJS_CHECKOUT_SECONDS;
  return KIOSK_IDLE_SECONDS;
}

/**
 * Whether a link stays inside the shop on a kiosk: a path on this site (not `//host`), a fragment,
 * or an absolute address of the shop's own origin. Maps, phone numbers, mail, other sites: no.
 */
export function isInsideShop(href: string, origin: string): boolean {
  const value = href.trim();
  if (value.startsWith("#")) return true;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
