import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

const HSTS = "max-age=31536000; includeSubDomains";

/** Where the server hands out the build's hashed client files (see server.ts). */
const ASSETS_PREFIX = "/assets/";

/**
 * Every response gets a fresh nonce; only scripts carrying it may run. Styles stay 'unsafe-inline'
 * because React style attributes and the map library set inline styles. `form-action` lists
 * 'self' and the payment providers' checkout pages, where the order form's 303 leads.
 */
export function securityHeaders({
  isDevelopment,
  formTargets = [],
  imageSources = [],
  strictTransport = false,
}: {
  isDevelopment: boolean;
  formTargets?: string[];
  /** Other origins pictures may come from: the contact map's tile server (decision 048). */
  imageSources?: string[];
  /**
   * `APP_MODE=production`: browsers must come back over https only, for a year, subdomains
   * included (the shop runs behind TLS there; PUBLIC_ORIGIN says so).
   */
  strictTransport?: boolean;
}): RequestHandler {
  return (req, res, next) => {
    if (strictTransport) res.setHeader("Strict-Transport-Security", HSTS);
    // Hashed build files are scripts, styles and images, never documents: a page's policy means
    // nothing on them, and its ~700 bytes of headers would go out with every one of a page's
    // dozen script files (decision 015).
    if (req.path.startsWith(ASSETS_PREFIX)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      return next();
    }
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = isDevelopment
      ? `'self' 'nonce-${nonce}' 'unsafe-inline'`
      : `'self' 'nonce-${nonce}'`;
    // The social-media pixel's origins, for a consenting visitor (decision 054).
    const pixel = Array.isArray(res.locals.pixelOrigins)
      ? (res.locals.pixelOrigins as string[])
      : [];
    const extra = pixel.length ? ` ${pixel.join(" ")}` : "";
    const directives = [
      "default-src 'self'",
      `script-src ${scriptSrc}${extra}`,
      "style-src 'self' 'unsafe-inline'",
      ["img-src 'self' data: blob:", ...imageSources, ...pixel].join(" "),
      "font-src 'self'",
      `connect-src 'self'${isDevelopment ? " ws: wss:" : ""}${extra}`,
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

/**
 * The CSP source for a tile URL template: its origin, with a `{s}` subdomain as a wildcard
 * ('https://{s}.tile.example/{z}/{x}/{y}.png' → 'https://*.tile.example'). Null without one.
 */
export function tileImageSource(template: string | null): string | null {
  if (!template) return null;
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match?.[1] || !match[2]) return null;
  const host = match[2].replace(/\{s\}/g, "*");
  return /^[a-z0-9.*:[\]-]+$/i.test(host) ? `${match[1]}${host}` : null;
}
