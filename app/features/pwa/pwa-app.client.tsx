import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Workbox } from "workbox-window";
import { de } from "#app/i18n/de";
import { FOOTER_SLOT_ID, PROMO_SLOT_ID, type PwaHostProps } from "./pwa-host";
import {
  detectPlatform,
  dismissCookie,
  holdsPromptBack,
  instructionVariant,
  isDismissed,
  mayOfferInstall,
  mayPrompt,
  promptDelay,
  SERVICE_WORKER_SCOPE,
  SERVICE_WORKER_URL,
  UPDATE_CHECK_EVERY_MS,
  UPDATE_FIRST_CHECK_MS,
} from "./pwa-logic";
import { Button } from "#app/components/ui/button";

const t = de.pwa;

/** Chromium's install event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: "accepted" | "dismissed" }>;
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia("(display-mode: standalone)").matches;
}

async function unregisterAll(): Promise<void> {
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Spec section 4: failures of the worker's life are ignored.
  }
}

/**
 * The installable app in the browser (spec sections 2, 4, 9; decision 052): update notice,
 * install prompt and instructions, the footer link and the status page's promotion. Loaded by
 * PwaHost after hydration, with the plugin on and not in the kiosk; the offline warning is
 * PwaHost's own (offline-warning.tsx, issue 36).
 */
export default function PwaApp({ enabled, selfService, consentGiven, shopName }: PwaHostProps) {
  const appOn = enabled && !selfService;
  const supported = typeof navigator !== "undefined" && "serviceWorker" in navigator;
  const [registered, setRegistered] = useState(false);
  const [updateAvailable, setUpdateAvailable] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [showPrompt, setShowPrompt] = useState(false);
  const [showInstructions, setShowInstructions] = useState(false);
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const registration = useRef<ServiceWorkerRegistration | null>(null);
  const workbox = useRef<Workbox | null>(null);
  const consentAtStart = useRef(consentGiven);
  const [platform] = useState(() => detectPlatform(navigator.userAgent, navigator.maxTouchPoints));
  const installed = useState(isInstalled)[0];
  const conditions = { enabled: appOn, selfService, installed, supported };
  const { pathname } = useLocation();

  // The browser's own install event is kept for 'Installation abschliessen'.
  useEffect(() => {
    if (!appOn) return;
    const keep = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as InstallPromptEvent);
    };
    const forget = () => setInstallEvent(null);
    window.addEventListener("beforeinstallprompt", keep);
    window.addEventListener("appinstalled", forget);
    return () => {
      window.removeEventListener("beforeinstallprompt", keep);
      window.removeEventListener("appinstalled", forget);
    };
  }, [appOn]);

  /** A worker found installed beside an active one is an update; so is one already waiting. */
  const watch = useCallback((found: ServiceWorkerRegistration) => {
    registration.current = found;
    setRegistered(true);
    if (found.waiting && found.active) setUpdateAvailable(true);
    found.addEventListener("updatefound", () => {
      const worker = found.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && found.active) setUpdateAvailable(true);
      });
    });
  }, []);

  const register = useCallback(async () => {
    try {
      const box =
        workbox.current ?? new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      workbox.current = box;
      box.addEventListener("waiting", () => setUpdateAvailable(true));
      const found = await box.register({ immediate: true });
      if (found) watch(found);
    } catch {
      // Registration failures are ignored (spec section 4).
    }
  }, [watch]);

  // At the start: with the plugin off every worker goes; with it on an existing registration is
  // taken up and checked for updates 2.5 s later, then every 30 minutes.
  useEffect(() => {
    if (!supported || selfService) return;
    if (!enabled) {
      void unregisterAll();
      return;
    }
    let interval: number | undefined;
    let cancelled = false;
    void navigator.serviceWorker
      .getRegistration(SERVICE_WORKER_SCOPE)
      .then(async (existing) => {
        if (!existing || cancelled) return;
        await register();
      })
      .catch(() => undefined);
    const check = () => {
      const found = registration.current;
      if (found) found.update().catch(() => undefined);
    };
    const first = window.setTimeout(() => {
      check();
      interval = window.setInterval(check, UPDATE_CHECK_EVERY_MS);
    }, UPDATE_FIRST_CHECK_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, [enabled, selfService, supported, register]);

  // The prompt: 5 s after a start with consent, 250 ms after accepting on this page.
  useEffect(() => {
    const delay = promptDelay(consentAtStart.current, consentGiven);
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      const dismissed = isDismissed(document.cookie);
      if (mayPrompt({ ...conditions, dismissed }) && !registration.current) setShowPrompt(true);
    }, delay);
    return () => window.clearTimeout(timer);
    // The conditions are fixed for the page's life; only the consent changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consentGiven]);

  const install = () => {
    setShowPrompt(false);
    setShowInstructions(true);
    void register();
  };
  const dismiss = () => {
    setShowPrompt(false);
    document.cookie = dismissCookie(new Date(), location.protocol === "https:");
  };
  const cancel = () => {
    setShowInstructions(false);
    setRegistered(false);
    registration.current = null;
    workbox.current = null;
    void unregisterAll();
    setShowPrompt(true);
  };
  const finish = async () => {
    if (!installEvent) {
      setShowInstructions(false);
      return;
    }
    try {
      await installEvent.prompt();
      const choice = installEvent.userChoice ? await installEvent.userChoice : null;
      if (!choice || choice.outcome === "accepted") {
        setInstallEvent(null);
        setShowInstructions(false);
      }
    } catch {
      // A prompt the browser refuses leaves the instructions open.
    }
  };
  const restart = () => {
    setRefreshing(true);
    const waiting = registration.current?.waiting;
    if (!waiting) {
      window.location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
      once: true,
    });
    if (workbox.current) workbox.current.messageSkipWaiting();
    else waiting.postMessage({ type: "SKIP_WAITING" });
  };

  const offerInstall = mayOfferInstall({ ...conditions, registered });
  const variant = instructionVariant(platform, "onbeforeinstallprompt" in window || !!installEvent);

  return (
    <>
      {offerInstall ? (
        <SlotPortal id={FOOTER_SLOT_ID}>
          <p>
            <Button variant="plain" type="button" className="link-button" onClick={install}>
              {t.footerLink}
            </Button>
          </p>
        </SlotPortal>
      ) : null}
      {offerInstall ? (
        <SlotPortal id={PROMO_SLOT_ID} followsLocation>
          <section className="card pwa-promo" aria-labelledby="pwa-werbung-titel">
            <h2 id="pwa-werbung-titel">{t.promoHeading}</h2>
            <p>{t.promoText(shopName)}</p>
            <Button variant="store" type="button" onClick={install}>
              {t.promoButton}
            </Button>
          </section>
        </SlotPortal>
      ) : null}
      {appOn && showPrompt && !showInstructions && !holdsPromptBack(pathname) ? (
        <Sheet id="pwa-prompt" heading={t.promptHeading(shopName)}>
          <p>{t.promptText(shopName)}</p>
          <div className="pwa-actions">
            <Button variant="store" type="button" onClick={install}>
              {t.promptInstall}
            </Button>
            <Button variant="store-secondary" type="button" onClick={dismiss}>
              {t.promptDismiss}
            </Button>
          </div>
        </Sheet>
      ) : null}
      {appOn && showInstructions ? (
        <Instructions
          variant={variant}
          platform={platform}
          ready={!!installEvent}
          onFinish={() => void finish()}
          onCancel={cancel}
        />
      ) : null}
      {appOn && updateAvailable ? (
        <Sheet id="pwa-update" heading={t.updateHeading} role="alertdialog">
          <p>{t.updateText}</p>
          <div className="pwa-actions">
            <Button variant="store" type="button" onClick={restart} disabled={refreshing}>
              {t.updateRestart}
            </Button>
          </div>
        </Sheet>
      ) : null}
    </>
  );
}

function Instructions({
  variant,
  platform,
  ready,
  onFinish,
  onCancel,
}: {
  variant: ReturnType<typeof instructionVariant>;
  platform: ReturnType<typeof detectPlatform>;
  ready: boolean;
  onFinish: () => void;
  onCancel: () => void;
}) {
  if (variant === "browser") {
    return (
      <Sheet id="pwa-anleitung" heading={t.browserHeading}>
        <p>{t.browserText}</p>
        <div className="pwa-actions">
          <Button variant="store" type="button" onClick={onFinish} disabled={!ready}>
            {ready ? t.finish : t.finishing}
          </Button>
          <Button variant="store-secondary" type="button" onClick={onCancel}>
            {t.cancelShort}
          </Button>
        </div>
      </Sheet>
    );
  }
  if (variant === "ios") {
    return (
      <Sheet id="pwa-anleitung" heading={t.iosHeading}>
        <p className="pwa-ios">
          <ShareIcon />
          <span>{t.iosText}</span>
        </p>
        <p>{platform.ipad ? t.iosIpad : t.iosIphone}</p>
        <div className="pwa-actions">
          <Button variant="store-secondary" type="button" onClick={onCancel}>
            {t.cancel}
          </Button>
        </div>
        {platform.iphone ? (
          <p className="pwa-arrow" aria-label={t.iosArrow}>
            <span aria-hidden="true">↓</span>
          </p>
        ) : null}
      </Sheet>
    );
  }
  return (
    <Sheet id="pwa-anleitung" heading={t.otherHeading}>
      <p>{t.otherText}</p>
      <div className="pwa-actions">
        <Button variant="store" type="button" onClick={onFinish}>
          {t.finish}
        </Button>
        <Button variant="store-secondary" type="button" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </Sheet>
  );
}

function ShareIcon() {
  return (
    <svg
      className="pwa-share-icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      role="img"
      aria-label={t.iosImage}
    >
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5M6 11H5v10h14V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A non-modal sheet at the bottom of the screen: the page stays usable around it. */
function Sheet({
  id,
  heading,
  role = "dialog",
  children,
}: {
  id: string;
  heading: string;
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}) {
  return (
    <section id={id} className="pwa-sheet" role={role} aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`}>{heading}</h2>
      {children}
    </section>
  );
}

/** Renders into an empty element of the server's HTML, looked up again after a navigation. */
function SlotPortal({
  id,
  followsLocation = false,
  children,
}: {
  id: string;
  followsLocation?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const key = followsLocation ? location.key : "";
  useEffect(() => {
    // The page's new content is in the document once this effect runs; found in the next task.
    const timer = window.setTimeout(() => setTarget(document.getElementById(id)), 0);
    return () => window.clearTimeout(timer);
  }, [id, key]);
  return target ? createPortal(children, target) : null;
}
