import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import webPush from "web-push";
import type { AppConfig, WebPushConfig } from "#app/config/env.server";
import {
  checkEndpointAddress,
  DEFAULT_PUSH_ENDPOINT_POLICY,
  pushEndpointShapeProblem,
  type PushEndpointPolicy,
  type ResolvedAddress,
} from "./push-endpoints.server";

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292; decision 057) for the order notifiers: web-push
 * encrypts the payload (aes128gcm) and signs the VAPID JWT, and we POST it ourselves with node:https
 * (a timeout, no redirects, the connection pinned to the checked address; decision 069).
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
 * An endpoint the notifier may send to: a push service's https address (or a test origin), no
 * credentials. Its addresses are checked when it is reached (`sendPush`).
 */
export function isAllowedPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy = DEFAULT_PUSH_ENDPOINT_POLICY,
): boolean {
  return pushEndpointShapeProblem(endpoint, policy) === null;
}

export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: WebPushConfig,
  options: { ttlSeconds?: number; timeoutMs?: number; endpoints?: PushEndpointPolicy } = {},
): Promise<PushOutcome> {
  const policy = options.endpoints ?? DEFAULT_PUSH_ENDPOINT_POLICY;
  if (!isAllowedPushEndpoint(target.endpoint, policy)) {
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
  // Checked now, not only when it subscribed: the name may resolve elsewhere since (rebinding).
  const checked = await checkEndpointAddress(target.endpoint, policy);
  if (!checked.ok) {
    return checked.reason === "notPublic"
      ? { ok: false, gone: true, status: null, message: "Push-Adresse nicht öffentlich" }
      : { ok: false, gone: false, status: null, message: "Push-Dienst nicht auflösbar" };
  }
  try {
    const status = await postPinned(
      details.endpoint,
      details.headers as Record<string, string>,
      details.body ? Buffer.from(details.body) : null,
      checked.address,
      options.timeoutMs ?? 10_000,
    );
    if (status >= 200 && status < 300) return { ok: true, status };
    return {
      ok: false,
      gone: status === 404 || status === 410,
      status,
      message: `Push-Dienst antwortete ${status}`,
    };
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError" ? "Zeitüberschreitung" : "nicht erreichbar";
    return { ok: false, gone: false, status: null, message: `Push-Dienst ${reason}` };
  }
}

/**
 * POSTs the push and answers the status (no redirects followed). With an address the connection
 * goes there and nowhere else: the name is not resolved again after it was checked, while TLS
 * still verifies the certificate for the name.
 */
export function postPinned(
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer | null,
  address: ResolvedAddress | null,
  timeoutMs: number,
): Promise<number> {
  const url = new URL(endpoint);
  const pinned: LookupFunction | undefined = address
    ? (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address: address.address, family: address.family }]);
        else callback(null, address.address, address.family);
      }
    : undefined;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(body?.length ?? 0) },
        lookup: pinned,
        // A connection of its own each time: a pooled one could go to an address checked before.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      reject(
        (error as Error).name === "AbortError"
          ? Object.assign(new Error("timeout"), { name: "TimeoutError" })
          : error,
      );
    });
    request.end(body ?? undefined);
  });
}
