import { lazy, Suspense, useEffect, useState } from "react";
import { OfflineWarning } from "./offline-warning";

/**
 * The installable app's overlays (decision 052) come in their own chunk, fetched only once the
 * page has hydrated (which is after its load, decision 015): nothing of it is in the first
 * bundle, and without JavaScript nothing of it appears. The server renders nothing here, so a
 * kept page is the same bytes for everyone; all the deciding happens in the browser. The offline
 * warning is not in that chunk: fetched once the browser is offline, it could not arrive (issue
 * 36), so it is a small part of the first bundle (offline-warning.tsx).
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
  // The chunk is needed for the app only (plugin on, not a kiosk). With the plugin off it is not
  // fetched at all: the only work, unregistering old workers, is done here.
  const isAppOn = props.enabled && !props.selfService;
  useEffect(() => {
    if (props.enabled || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => undefined);
  }, [props.enabled]);
  useEffect(() => {
    if (!isAppOn) return;
    // After the load, in a task of its own: the hydration's work is done by then.
    const start = () => window.setTimeout(() => setStarted(true), 0);
    if (document.readyState === "complete") {
      const timer = start();
      return () => window.clearTimeout(timer);
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, [isAppOn]);
  return (
    <>
      <OfflineWarning />
      {started ? (
        <Suspense fallback={null}>
          <PwaApp {...props} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Where the footer's 'App installieren' is put by the app's chunk (empty in the HTML). */
export const FOOTER_SLOT_ID = "app-installieren";
/** Where the status page's app promotion is put (empty in the HTML). */
export const PROMO_SLOT_ID = "app-werbung";
