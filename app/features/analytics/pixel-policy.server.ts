import type { RequestHandler } from "express";
import type { Db } from "#app/db/schema";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { CONSENT_COOKIE } from "#app/features/storefront/visitor.server";
import { pixelOrigins } from "./pixel";

const CONSENTED = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=1(?:;|$)`);

/**
 * The policy allows the pixel's origins only on a page for a consenting visitor while a pixel id
 * is configured (decision 054): `res.locals.pixelOrigins` for the security headers after this.
 * Kept pages are kept per consent answer with their policy, and a change of the settings clears
 * them (decision 032), so a kept page's policy matches its page.
 */
export function allowPixelWithConsent(db: Db, scriptUrl: string): RequestHandler {
  const origins = pixelOrigins(scriptUrl);
  return (req, res, next) => {
    if (origins.length === 0 || !CONSENTED.test(req.headers.cookie ?? "")) return next();
    if (req.path.startsWith("/assets/") || req.path.startsWith("/api/")) return next();
    referenceSettings(db).then(
      (settings) => {
        if (settings.socialPixelId) res.locals.pixelOrigins = origins;
        next();
      },
      // The page itself will say what is wrong with the database.
      () => next(),
    );
  };
}
