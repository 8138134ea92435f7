import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { isInsideShop, kioskTimeoutFor, KIOSK_RESET_PATH } from "#app/features/kiosk/kiosk";
import type { ShellData } from "#app/features/storefront/shell.server";

/**
 * Whether this page is shown on a self-service kiosk (decision 053): the device's cookie (the
 * shell's `selfService`) or a route whose meta context is 'self-service' (the idle screen, which
 * sets the cookie in the same answer).
 */
export function useSelfService(): boolean {
  const root = useRouteLoaderData("root") as { shell?: ShellData } | undefined;
  const matches = useMatches();
  if (root?.shell?.selfService) return true;
  return matches.some(
    (match) => (match.handle as { context?: string } | undefined)?.context === "self-service",
  );
}

/** The idle screen hides the whole frame (header, footer, toolbar). */
export function useBareRoute(): boolean {
  return useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
}

/**
 * A link that would leave the shop (maps, phone, mail, another site): on a kiosk only its text, or
 * nothing when `hideOnKiosk` (a link that is nothing but the way out).
 */
export function OutsideLink({
  href,
  children,
  className,
  newTab = false,
  hideOnKiosk = false,
  ...rest
}: {
  href: string;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
  hideOnKiosk?: boolean;
  "aria-label"?: string;
}) {
  const selfService = useSelfService();
  if (selfService) return hideOnKiosk ? null : <span className={className}>{children}</span>;
  return (
    <a
      href={href}
      className={className}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      {...rest}
    >
      {children}
    </a>
  );
}

/**
 * The kiosk's watch over the page: without JavaScript a meta refresh to the reset after the
 * page's time (inert text once scripts run); with it, a timer that every touch, key and scroll
 * restarts, and a guard that keeps any link the server let through from leaving the shop.
 */
export function KioskWatch() {
  const { pathname } = useLocation();
  const selfService = useSelfService();
  const plainSeconds = kioskTimeoutFor(pathname, false);
  const scriptedSeconds = kioskTimeoutFor(pathname, true);

  useEffect(() => {
    if (!selfService || scriptedSeconds === null) return;
    let timer = 0;
    const reset = () => {
      // A whole new document: nothing of this customer stays in the page's memory either.
      window.location.replace(KIOSK_RESET_PATH);
    };
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reset, scriptedSeconds * 1000);
    };
    const events = ["pointerdown", "keydown", "input", "wheel", "touchstart", "scroll"] as const;
    for (const name of events)
      window.addEventListener(name, restart, { passive: true, capture: true });
    restart();
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart, { capture: true });
    };
  }, [selfService, scriptedSeconds, pathname]);

  useEffect(() => {
    if (!selfService) return;
    const guard = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const anchor = target?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const href = anchor.getAttribute("href") ?? "";
      if (!isInsideShop(href, window.location.origin) || anchor.target === "_blank") {
        event.preventDefault();
      }
    };
    document.addEventListener("click", guard, { capture: true });
    return () => document.removeEventListener("click", guard, { capture: true });
  }, [selfService]);

  if (!selfService || plainSeconds === null) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${plainSeconds};url=${KIOSK_RESET_PATH}`} />
    </noscript>
  );
}
