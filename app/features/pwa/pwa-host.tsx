import { lazy, Suspense, useEffect, useState } from "react";

/**
 * The installable app's overlays (decision 052) come in their own chunk, fetched only once the
 * page has hydrated (which is after its load, decision 015): nothing of it is in the first
 * bundle, and without JavaScript nothing of it appears. The server renders nothing here, so a
 * kept page is the same bytes for everyone; all the deciding happens in the browser.
 */
const PwaApp = lazy(() => import("./pwa-app.client"));

export interface PwaHostProps {
  /** enablePluginPwa in the settings. */
  enabled: boolean;
  selfService: boolean;
  consentGiven: boolean;
  shopName: string;
}

export function PwaHost(props: PwaHostProps) {
  const [started, setStarted] = useState(false);
  // The chunk is needed for the app (plugin on, not a kiosk) or, anywhere, once the browser is
  // offline (its warning). Otherwise it is not fetched at all: with the plugin off the only work,
  // unregistering old workers, is done here.
  const isAppOn = props.enabled && !props.selfService;
  const [isOffline, setOffline] = useState(false);
  useEffect(() => {
    if (isAppOn) return;
    if (!props.enabled && "serviceWorker" in navigator) {
      navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
        .catch(() => undefined);
    }
    const goOffline = () => setOffline(true);
    if (!navigator.onLine) goOffline();
    window.addEventListener("offline", goOffline);
    return () => window.removeEventListener("offline", goOffline);
  }, [isAppOn, props.enabled]);
  useEffect(() => {
    // After the load, in a task of its own: the hydration's work is done by then.
    const start = () => window.setTimeout(() => setStarted(true), 0);
    if (document.readyState === "complete") {
      const timer = start();
      return () => window.clearTimeout(timer);
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
  if (!started || (!isAppOn && !isOffline)) return null;
  return (
    <Suspense fallback={null}>
      <PwaApp {...props} />
    </Suspense>
  );
}

/** Where the footer's 'App installieren' is put by the app's chunk (empty in the HTML). */
export const FOOTER_SLOT_ID = "app-installieren";
/** Where the status page's app promotion is put (empty in the HTML). */
export const PROMO_SLOT_ID = "app-werbung";
