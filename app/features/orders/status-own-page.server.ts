import type { AppLoadContext } from "@remix-run/node";
import { orderStatusEtag } from "./order-status-etag.server";

const STATUS_PAGE = /^\/status\/([^/]+)\/([^/]+)$/;

/** Whether `path` is an order's status page (the document; not its `.data` or the JSON). */
export function isStatusPage(path: string): boolean {
  return STATUS_PAGE.test(path);
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
  const match = STATUS_PAGE.exec(path);
  if (!match) return null;
  let uid: string;
  let hash: string;
  try {
    uid = decodeURIComponent(match[1]!);
    hash = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  return orderStatusEtag(context.db, {
    uid,
    hash,
    resource: "page",
    origin: context.config.publicOrigin,
    cookieHeader: cookie || null,
    now: new Date(),
  });
}
