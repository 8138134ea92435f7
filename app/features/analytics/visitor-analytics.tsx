import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PIXEL_EVENTS, PIXEL_ID } from "./pixel";

/**
 * The storefront's analytics in the browser (spec sections 4 and 7, decision 054): nothing before
 * the cookie banner's 'Akzeptieren' (`cookie-consent=1`, readable by scripts; the page itself is
 * the same for every visitor of a consent answer). After it: page view, add to cart, initiate
 * checkout and purchase go to `POST /api/analytics-log` and, when a pixel is configured, to the
 * pixel. Failures are ignored. Accepting reloads the page when a pixel is configured (spec
 * section 4), so that it loads under the page's new policy. Without JavaScript nothing is sent.
 */
type EventType = keyof typeof PIXEL_EVENTS;

interface Pixel {
  id: string;
  scriptUrl: string;
}

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
  push?: unknown;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export function hasConsentCookie(): boolean {
  return /(?:^|;\s*)cookie-consent=1(?:;|$)/.test(document.cookie);
}

const STORE = /^\/store\/([a-z0-9-]{1,100})(?:\/|$)/;
const CHECKOUT = /^\/store\/[^/]+\/checkout$/;
const STATUS = /^\/status\/([^/]+)\/[^/]+$/;

function send(
  type: EventType,
  name: string,
  data?: Record<string, string | number | boolean | null>,
) {
  const branch = STORE.exec(window.location.pathname)?.[1];
  const body = JSON.stringify({ type, name: name.slice(0, 120), branch, data });
  try {
    fetch("/api/analytics-log", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  } catch {
    // Ignored, as the spec asks.
  }
  const pixelEvent = PIXEL_EVENTS[type];
  try {
    window.fbq?.("track", pixelEvent, data ?? {});
  } catch {
    // A pixel's failure is not ours.
  }
}

/** Meta's base code, as their snippet has it, without an inline script (the CSP allows none). */
function loadPixel(pixel: Pixel) {
  if (window.fbq || !PIXEL_ID.test(pixel.id)) return;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  };
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement("script");
  script.async = true;
  script.src = pixel.scriptUrl;
  script.addEventListener("error", () => undefined);
  document.head.appendChild(script);
  fbq("init", pixel.id);
}

/**
 * Whether this document came with consent: only then does its policy allow the pixel (a page
 * accepted on is loaded again first). Read once, at the first effect after hydration.
 */
let documentHadConsent: boolean | null = null;

export function VisitorAnalytics({
  pixel,
  consentGiven,
  selfService,
}: {
  pixel: Pixel | null;
  consentGiven: boolean;
  selfService: boolean;
}) {
  const { pathname } = useLocation();
  // The status page's order value, for the purchase event.
  const purchase = useRouteLoaderData<{ purchase?: { value: number; currency: string } }>(
    "routes/status",
  )?.purchase;
  const consentBefore = useRef<boolean | null>(null);

  // Accepting on this page with a pixel configured: the page is loaded again (spec section 4).
  useEffect(() => {
    const consent = hasConsentCookie();
    documentHadConsent ??= consent;
    const before = consentBefore.current;
    consentBefore.current = consent;
    if (before === false && consent && pixel && !selfService) window.location.reload();
  }, [consentGiven, pixel, selfService]);

  useEffect(() => {
    if (selfService || !hasConsentCookie()) return;
    if (pixel && documentHadConsent) loadPixel(pixel);
    send("page_view", pathname);
    if (CHECKOUT.test(pathname)) send("initiate_checkout", pathname);
    const order = STATUS.exec(pathname)?.[1];
    if (order) {
      // The first sight of an order's status page in this browser is its purchase.
      const key = `analytics-purchase-${order}`;
      try {
        if (!window.localStorage.getItem(key)) {
          window.localStorage.setItem(key, "1");
          send("purchase", "order", purchase ?? { currency: "EUR" });
        }
      } catch {
        // No storage: no purchase event rather than one per visit.
      }
    }
    // The value is read with the page it belongs to; a later change of it is no new purchase.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, consentGiven, pixel, selfService]);

  // Add to cart: every form with intent=add (the menu's quick add and the item dialog), seen as it
  // is submitted, whatever the page's own handlers do with it.
  useEffect(() => {
    if (selfService) return;
    const onSubmit = (event: SubmitEvent) => {
      if (!hasConsentCookie()) return;
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const intent = form.querySelector<HTMLInputElement>('input[name="intent"]')?.value;
      if (intent !== "add") return;
      const productId = Number(
        form.querySelector<HTMLInputElement>('input[name="productId"]')?.value ?? "",
      );
      const amount = Number(form.querySelector<HTMLInputElement>('input[name="amount"]')?.value);
      send("add_to_cart", "product", {
        productId: Number.isFinite(productId) ? productId : null,
        amount: Number.isFinite(amount) && amount > 0 ? amount : 1,
      });
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [selfService]);

  return null;
}
