import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";
import type { AppConfig, WebPushConfig } from "../../config/env.server";

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292; decision 057) for the order notifiers: web-push
 * encrypts the payload (aes128gcm) and signs the VAPID JWT, and we POST it ourselves with fetch
 * (a timeout, no redirects, the same path for the local fake in the tests).
 */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 key (base64url) and auth secret (base64url) from `PushSubscription`. */
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      /** 404/410: the subscription is gone for good; remove it. */
      gone: boolean;
      status: number | null;
      message: string;
    };

/** The VAPID keys: configured, or in demo mode made once and kept in the data folder. */
export function vapidKeys(
  config: Pick<AppConfig, "webPush" | "vapidSubject" | "mode" | "dataDir">,
) {
  if (config.webPush) return config.webPush;
  if (config.mode !== "demo") return null;
  return {
    ...demoVapidKeys(config.dataDir),
    subject: config.vapidSubject ?? "mailto:demo@backstube.example",
  } satisfies WebPushConfig;
}

let demoKeys: { dir: string; keys: { publicKey: string; privateKey: string } } | null = null;

/**
 * A stored private key of 31 bytes (written before the pairs were padded) made every push fail;
 * it is the same key with its leading zero byte restored.
 */
export function paddedPrivateKey(key: string): string {
  const bytes = Buffer.from(key, "base64url");
  if (bytes.length >= 32) return key;
  return Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]).toString("base64url");
}

function demoVapidKeys(dataDir: string) {
  if (demoKeys?.dir === dataDir) return demoKeys.keys;
  const file = path.join(dataDir, "vapid-keys.json");
  let keys: { publicKey: string; privateKey: string } | null = null;
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    if (typeof stored.publicKey === "string" && typeof stored.privateKey === "string") {
      keys = { publicKey: stored.publicKey, privateKey: paddedPrivateKey(stored.privateKey) };
    }
  } catch {
    // Not made yet: made below.
  }
  if (!keys) {
    // web-push's own pair: node's ECDH drops a private key's leading zero byte (1 pair in 256),
    // and web-push refuses a key of 31 bytes; this one pads it to 32.
    keys = webPush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process was first (read its pair), or the folder is read-only (keep ours).
      try {
        const stored = JSON.parse(readFileSync(file, "utf8")) as typeof keys;
        if (stored?.publicKey && stored.privateKey) keys = stored;
      } catch {
        // Keep ours for this process.
      }
    }
  }
  demoKeys = { dir: dataDir, keys };
  return keys;
}

/**
 * Push endpoints come from the device's browser: only https addresses are reached (a fake push
 * service on http is allowed only where the caller says so, in the tests).
 */
export function isAllowedPushEndpoint(endpoint: string, allowHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (allowHttp && url.protocol === "http:");
}

export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: WebPushConfig,
  options: { ttlSeconds?: number; timeoutMs?: number; allowHttp?: boolean } = {},
): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(target.endpoint, options.allowHttp)) {
    return { ok: false, gone: true, status: null, message: "Push-Adresse nicht erlaubt" };
  }
  let details: ReturnType<typeof webPush.generateRequestDetails>;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: vapid.subject,
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
        },
        TTL: options.ttlSeconds ?? 3_600,
        urgency: "high",
        contentEncoding: "aes128gcm",
      },
    );
  } catch (error) {
    // Keys the browser never made (wrong length, not on the curve): the subscription is useless.
    return { ok: false, gone: true, status: null, message: String((error as Error).message) };
  }
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300)
      return { ok: true, status: response.status };
    return {
      ok: false,
      gone: response.status === 404 || response.status === 410,
      status: response.status,
      message: `Push-Dienst antwortete ${response.status}`,
    };
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError" ? "Zeitüberschreitung" : "nicht erreichbar";
    return { ok: false, gone: false, status: null, message: `Push-Dienst ${reason}` };
  }
}
