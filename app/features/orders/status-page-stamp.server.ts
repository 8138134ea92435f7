import type { AppLoadContext } from "@remix-run/node";
import { frameCookies, orderStatusEtag, statusTargetOf } from "./order-status-etag.server";

/** The order a status page's address names (the document; not its `.data` or the JSON). */
function statusPageTarget(path: string) {
  const target = path.endsWith(".data") ? null : statusTargetOf(path);
  return target?.resource === "page" ? target : null;
}

/** Whether `path` is an order's status page. */
export function isStatusPage(path: string): boolean {
  return statusPageTarget(path) !== null;
}

/**
 * What an order's status page is made of: its ETag, read straight from the database before the
 * page is rendered (the order's, branch's and settings' stamps, the frame for the visitor's
 * consent and kiosk cookies, the 5-minute clock of the status messages). A kept copy serves only
 * while the tag is the same, as a 304 would. Null for an address that names no order.
 */
export async function statusPageStamp(
  path: string,
  cookie: string,
  context: AppLoadContext,
): Promise<string | null> {
  const target = statusPageTarget(path);
  if (!target) return null;
  // A kiosk's status page is stored nowhere, not even here (issue 35): it is only for the kiosk's
  // own order until the kiosk resets, and the page's loader decides that for each request.
  if (frameCookies(cookie).kiosk) return null;
  return orderStatusEtag(context.db, {
    ...target,
    origin: context.config.publicOrigin,
    cookieHeader: cookie || null,
    now: new Date(),
  });
}
