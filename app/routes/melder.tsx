import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { findNotifierByToken, loadNotifierOrders } from "#app/features/devices/notifier.server";
import { vapidKeys } from "#app/integrations/push/web-push.server";
import { deDevices } from "#app/i18n/de-devices";
import { useHydrated } from "#app/components/use-hydrated";
import { Button } from "#app/components/ui";

/**
 * `/melder/{token}`: an order notifier's page for a kitchen tablet or phone (issue 20, decision
 * 057), opened with the device's token, no staff login. It lists the branch's new orders; with
 * JavaScript it listens to the live order events and rings, and can subscribe to Web Push;
 * without JavaScript it reloads every 15 seconds.
 */
const texts = deDevices.notifier;

export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? texts.title(loaded.device.name, loaded.device.branchName) : texts.notFound },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const device = await findNotifierByToken(context.db, params.token);
  if (!device) throw data({ message: texts.notFound }, { status: 404 });
  const orders = await loadNotifierOrders(context.db, device.branchId);
  return {
    device: { name: device.name, branchName: device.branchName },
    orders,
    vapidPublicKey: vapidKeys(context.config)?.publicKey ?? null,
  };
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export default function NotifierPage() {
  const { device, orders, vapidPublicKey } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const sound = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const scripted = useHydrated();
  const base = typeof window === "undefined" ? "" : window.location.pathname.replace(/\/$/, "");

  useEffect(() => {
    const source = new EventSource(`${window.location.pathname.replace(/\/$/, "")}/events`);
    const ring = () => {
      revalidator.revalidate();
      void sound.current?.play().catch(() => undefined);
    };
    source.addEventListener("order", (event) => {
      try {
        const payload = JSON.parse((event as MessageEvent<string>).data) as { kind?: string };
        if (payload.kind === "created") ring();
        else revalidator.revalidate();
      } catch {
        revalidator.revalidate();
      }
    });
    source.addEventListener("reload", () => revalidator.revalidate());
    return () => source.close();
    // The revalidator's identity changes with every render; the stream stays open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function enable() {
    // The click also unlocks the sound for the live events.
    void sound.current
      ?.play()
      .then(() => sound.current?.pause())
      .catch(() => undefined);
    if (!vapidPublicKey) return setStatus(texts.noPush);
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      return setStatus(texts.unsupported);
    }
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setStatus(texts.denied);
      const registration = await navigator.serviceWorker.register("/melder/sw.js", {
        scope: "/melder/",
      });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(vapidPublicKey),
        }));
      const response = await fetch(`${base}/abo`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      setStatus(answer.message ?? (response.ok ? texts.enabled : texts.failed));
    } catch {
      setStatus(texts.failed);
    }
  }

  return (
    <div className="counter-orders notifier">
      <noscript>
        <meta httpEquiv="refresh" content="15" />
      </noscript>
      <h1>{texts.title(device.name, device.branchName)}</h1>
      <h2>{texts.heading}</h2>
      {orders.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <table className="notifier-orders">
          <thead>
            <tr>
              <th scope="col">{texts.columns.number}</th>
              <th scope="col">{texts.columns.time}</th>
              <th scope="col">{texts.columns.type}</th>
              <th scope="col">{texts.columns.items}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} data-order-id={order.id}>
                <td>
                  <strong>{order.ticketNumber}</strong>
                </td>
                <td>{order.time}</td>
                <td>{texts.types[order.type]}</td>
                <td>{order.items}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <audio ref={sound} src="/melder/ton.wav" preload="auto">
        <track kind="captions" />
      </audio>
      {scripted ? (
        <>
          <p>{texts.live}</p>
          <Button variant="store" onClick={() => void enable()}>
            {texts.enable}
          </Button>
          <p role="status">{status}</p>
        </>
      ) : (
        <p>{texts.noScript}</p>
      )}
    </div>
  );
}
