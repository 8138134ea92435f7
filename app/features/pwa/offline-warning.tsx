import { useEffect, useRef, useState } from "react";
import { de } from "#app/i18n/de";
import { Button } from "#app/components/ui/button";

const t = de.pwa;

/**
 * The spec's offline warning (section 2, "Overlays"; issue 36): on every storefront page, with
 * the installable-app plugin on or off, first visit or not. It is part of the first bundle (a few
 * hundred bytes) because a chunk fetched once the browser is offline can no longer arrive. The
 * server renders nothing; online and offline follow the browser's events. Without JavaScript
 * there is no overlay: the browser's own page (or, installed, the worker's offline page) says it.
 */
export function OfflineWarning() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    if (!navigator.onLine) goOffline();
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
    };
  }, []);
  return offline ? <OfflineDialog /> : null;
}

function OfflineDialog() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="pwa-offline">
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="pwa-offline-titel"
        aria-describedby="pwa-offline-text"
      >
        <h2 id="pwa-offline-titel">{t.offlineHeading}</h2>
        <p id="pwa-offline-text">{t.offlineText}</p>
        <Button
          variant="store"
          ref={button}
          type="button"

          onClick={() => window.location.reload()}
        >
          {t.offlineRetry}
        </Button>
      </section>
    </div>
  );
}
