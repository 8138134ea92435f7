import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Every response gets a fresh nonce; only scripts carrying it may run. Styles stay 'unsafe-inline'
 * because React style attributes and the map library set inline styles. `form-action` lists
 * 'self' and the payment providers' checkout pages, where the order form's 303 leads.
 */
export function securityHeaders({
  isDevelopment,
  formTargets = [],
}: {
  isDevelopment: boolean;
  formTargets?: string[];
}): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = isDevelopment
      ? `'self' 'nonce-${nonce}' 'unsafe-inline'`
      : `'self' 'nonce-${nonce}'`;
    const directives = [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${isDevelopment ? " ws: wss:" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      ["form-action 'self'", ...formTargets].join(" "),
      "frame-ancestors 'none'",
      "manifest-src 'self'",
      "worker-src 'self'",
    ];
    res.setHeader("Content-Security-Policy", directives.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    next();
  };
}
