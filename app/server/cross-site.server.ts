import type { RequestHandler } from "express";
import { de } from "#app/i18n/de";
import { isSameSite, isStaffPath } from "#app/features/staff/staff-auth.server";
import { de as staffTexts } from "#app/i18n/de-staff";
import { STAFF_SESSION_COOKIE } from "#app/features/staff/staff-session.server";
import { refusal, sendRefusal } from "./refusals.server";

const hasStaffSession = (cookie: string | undefined) =>
  (cookie ?? "").includes(`${STAFF_SESSION_COOKIE}=`);

/**
 * Cross-site changes get their German 403 here, before Remix (whose own origin check would answer
 * a forged POST with a bare 500):
 * - the back office and the staff API accept changes only from this site (`Origin`, or without
 *   one `Referer`, must name it);
 * - every other form and the public JSON calls (the cart, the checkout, the cookie banner, the
 *   status page's answers) are refused when the browser names another origin, `null` or something
 *   unreadable. A request naming none is let through: old browsers send neither header, and the
 *   payment providers' webhooks (server to server, signed) never do.
 */
export function rejectCrossSiteRequests(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    const source = {
      method: req.method,
      origin: req.get("Origin") ?? null,
      referer: req.get("Referer") ?? null,
      ownOrigin: `${req.protocol}://${req.get("Host") ?? ""}`,
    };
    if (isStaffPath(req.path)) {
      if (isSameSite(source, publicOrigin)) return next();
      // The API's anonymous callers hear 401 from the route first (there is no session to abuse).
      if (req.path.startsWith("/api/") && !hasStaffSession(req.get("Cookie"))) return next();
      void sendRefusal(res, refusal(req.path, 403, staffTexts.staffAuth.crossSite));
      return;
    }
    if (isSameSite(source, publicOrigin)) return next();
    if (
      source.origin === null &&
      (source.referer === null || req.path.startsWith("/api/payments/"))
    ) {
      return next();
    }
    void sendRefusal(res, refusal(req.path, 403, de.errors.crossSite));
  };
}
