import type { RequestHandler } from "express";
import { de } from "#app/i18n/de";
import { isSameSite, isStaffPath } from "#app/features/staff/staff-auth.server";
import { de as staffTexts } from "#app/i18n/de-staff";
import { STAFF_SESSION_COOKIE } from "#app/features/staff/staff-session.server";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { refusal, sendRefusal } from "./refusals.server";

function emptyTokenRefusal(pathname: string): Response {
  const answer = refusal(pathname, 401, deApiTokens.api.invalid);
  answer.headers.set("WWW-Authenticate", 'Bearer realm="api", error="invalid_token"');
  return answer;
}

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
      // An empty `Authorization` on the API is a token call without a token (decision 095); the
      // Remix adapter drops empty headers, so the route would see a cookie call instead.
      if (req.path.startsWith("/api/") && req.get("Authorization")?.trim() === "") {
        void sendRefusal(res, emptyTokenRefusal(req.path));
        return;
      }
      if (isSameSite(source, publicOrigin)) return next();
      // The API's anonymous callers hear 401 from the route first (there is no session to abuse),
      // and a token call (decision 095) is decided by its token alone: a browser cannot send an
      // Authorization header to another site without CORS, which the API does not answer.
      if (req.path.startsWith("/api/")) {
        if (!hasStaffSession(req.get("Cookie")) || req.get("Authorization") !== undefined) {
          return next();
        }
      }
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
