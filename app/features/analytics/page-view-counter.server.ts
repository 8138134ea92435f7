import type { RequestHandler } from "express";
import type { AnalyticsRecorder } from "./recorder.server";

/**
 * Counts storefront page views on the server (decision 054), with no cookie and whether or not
 * the visitor consented: before the kept-page caches, so that their answers count too. Only a
 * successful HTML document (`GET`, 200, `text/html`) of a storefront page counts: not the back
 * office, the API, files, images, `.data` requests (a client navigation and the revalidation
 * after adding to the cart look alike there) or a 304 of a polled status page. A bot's view is
 * dropped by the recorder (isbot). The request only pays for a listener and an array push.
 */
const NOT_PAGES =
  /^\/(api|backend|assets|build|upload|uploads|image|images|healthz|cookie-consent|fonts)(\/|$)/;
/** A file name or `.data`: not a page. */
const HAS_EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

export function isCountedPath(path: string): boolean {
  return !NOT_PAGES.test(path) && !HAS_EXTENSION.test(path);
}

export function countPageViews(
  recorder: () => AnalyticsRecorder | null,
  now: () => Date = () => new Date(),
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || !isCountedPath(req.path)) return next();
    // Link prefetches are not views.
    const purpose = req.headers["sec-purpose"] ?? req.headers["purpose"];
    if (typeof purpose === "string" && purpose.includes("prefetch")) return next();
    const path = req.path;
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      recorder()?.countPageView({
        at: now(),
        path,
        address: req.ip ?? req.socket.remoteAddress ?? "",
        userAgent: String(req.headers["user-agent"] ?? "").slice(0, 500),
      });
    });
    next();
  };
}
