import type { RequestHandler } from "express";
import { crossSiteRefusal, isSameSite, isStaffPath } from "../services/staff-auth.server";

/**
 * Cross-site changes to the back office and the staff API get their German 403 here, before
 * Remix: Remix's own origin check would answer a page's forged POST with a bare 500.
 */
export function rejectCrossSiteStaffRequests(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (!isStaffPath(req.path)) return next();
    const source = {
      method: req.method,
      origin: req.get("Origin") ?? null,
      referer: req.get("Referer") ?? null,
      ownOrigin: `${req.protocol}://${req.get("Host") ?? ""}`,
    };
    if (isSameSite(source, publicOrigin)) return next();
    const refusal = crossSiteRefusal(req.path);
    res.status(refusal.status);
    refusal.headers.forEach((value, name) => res.setHeader(name, value));
    void refusal.text().then((body) => res.send(body));
  };
}
