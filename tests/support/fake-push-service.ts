import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type Listening } from "./fake-http";

/**
 * A local push service that speaks the Web Push protocol (RFC 8030) as a browser vendor's does:
 * `POST /push/{id}` with `Content-Encoding: aes128gcm`, a `TTL` and `Authorization: vapid t=<JWT>,
 * k=<public key>` (RFC 8292). It checks the VAPID JWT's ES256 signature against `k`, its `aud`
 * (this service's origin), `exp` (at most 24 h ahead) and `sub`, then decrypts the body (RFC 8291,
 * 8188) with the subscription's own private key and auth secret, which only it and the "browser"
 * (`subscribe()`) know. Accepted messages are kept decrypted; `respondWith(id, status)` makes a
 * subscription answer e.g. 410 (gone) or 500 from then on.
 */
export interface FakePushSubscription {
  id: string;
  endpoint: string;
  /** base64url, as `PushSubscription.toJSON().keys`. */
  p256dh: string;
  auth: string;
}

export interface FakePushMessage {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

export interface FakePushService extends Listening {
  subscribe(): FakePushSubscription;
  messages: FakePushMessage[];
  /** Requests refused, with the reason (a forged signature, a wrong audience, ...). */
  refusals: { subscriptionId: string; status: number; reason: string }[];
  respondWith(subscriptionId: string, status: number | null): void;
}

const b64 = (text: string) => Buffer.from(text, "base64url");

function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) return { error: "no vapid authorization" } as const;
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".") as [string, string, string];
  const header64 = JSON.parse(b64(head).toString("utf8")) as { alg?: string };
  if (header64.alg !== "ES256") return { error: "alg" } as const;
  const point = b64(key);
  if (point.length !== 65 || point[0] !== 4) return { error: "k" } as const;
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    b64(signature),
  );
  if (!valid) return { error: "signature" } as const;
  const claims = JSON.parse(b64(body).toString("utf8")) as FakePushMessage["claims"];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) return { error: `aud ${claims.aud}` } as const;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return { error: "exp" } as const;
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return { error: "sub" } as const;
  return { claims, key } as const;
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, padding delimiter 2. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    receiver.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no padding delimiter");
  return padded.subarray(0, end);
}

export async function startFakePushService(): Promise<FakePushService> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const messages: FakePushMessage[] = [];
  const refusals: FakePushService["refusals"] = [];
  let origin = "";

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
    const refuse = (status: number, reason: string) => {
      refusals.push({ subscriptionId: id, status, reason });
      response.writeHead(status).end(reason);
    };
    const subscription = keys.get(id);
    if (request.method !== "POST") return refuse(405, "method");
    if (!subscription) return refuse(404, "unknown subscription");
    const forced = statuses.get(id);
    if (forced) return refuse(forced, "forced");
    const vapid = verifyVapid(request.headers.authorization, origin);
    if ("error" in vapid) return refuse(403, `vapid: ${vapid.error}`);
    if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "encoding");
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "ttl");
    let plain: Buffer;
    try {
      plain = decryptAes128gcm(body, subscription.ecdh, subscription.auth);
    } catch (error) {
      return refuse(400, `decrypt: ${(error as Error).message}`);
    }
    messages.push({
      subscriptionId: id,
      payload: JSON.parse(plain.toString("utf8")),
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      claims: vapid.claims,
      vapidPublicKey: vapid.key,
    });
    response.writeHead(201, { Location: `${origin}/message/${messages.length}` }).end();
  }

  const listening = await listen(handle);
  origin = listening.url;
  return {
    ...listening,
    messages,
    refusals,
    subscribe() {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      };
    },
    respondWith(subscriptionId, status) {
      if (status === null) statuses.delete(subscriptionId);
      else statuses.set(subscriptionId, status);
    },
  };
}
