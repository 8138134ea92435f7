import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import {
  checkEndpointAddress,
  pushEndpointShapeProblem,
  type PushEndpointPolicy,
} from "#app/integrations/push/push-endpoints.server";
import { formatTime } from "#app/domain/format";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { deDevices } from "#app/i18n/de-devices";
import { isDeviceToken } from "./device-token";

/**
 * The order notifier's own page (issue 20, decision 057): a kitchen tablet or phone opens
 * `/melder/{token}` with the device's random token (no staff login), sees the branch's new orders,
 * rings on the live order events and can subscribe to Web Push (`/melder/{token}/abo`).
 */

export interface NotifierDevice {
  id: number;
  name: string;
  branchId: number;
  branchName: string;
}

/** The notifier device with this token, or null (a printer's token does not open it either). */
export async function findNotifierByToken(
  db: Db,
  token: string | undefined,
): Promise<NotifierDevice | null> {
  if (!isDeviceToken(token)) return null;
  const row = await db
    .selectFrom("devices as d")
    .innerJoin("branches as b", "b.id", "d.branchId")
    .select(["d.id", "d.name", "d.branchId", "b.name as branchName"])
    .where("d.token", "=", token)
    .where("d.kind", "=", "notifier")
    .executeTakeFirst();
  return row ?? null;
}

export interface NotifierOrder {
  id: number;
  ticketNumber: number;
  /** `HH:mm` in the business's time zone. */
  time: string;
  type: "delivery" | "dineIn" | "takeaway";
  items: string;
}

/** At most this many new orders are listed (the oldest are the ones waiting longest). */
export const NOTIFIER_ORDER_LIMIT = 50;

/**
 * The branch's new orders: not confirmed, rejected, canceled, failed or completed, no quotation,
 * and an online payment only once paid (as the pushes and the print jobs).
 */
export async function loadNotifierOrders(db: Db, branchId: number): Promise<NotifierOrder[]> {
  const zone = (await referenceSettings(db)).businessTimeZone;
  const orders = await db
    .selectFrom("orders")
    .select(["id", "ticketNumber", "createdAt", "isDelivery", "isDineIn"])
    .where("branchId", "=", branchId)
    .where("isConfirmed", "=", false)
    .where("isRejected", "=", false)
    .where("isCanceled", "=", false)
    .where("isFailed", "=", false)
    .where("isCompleted", "=", false)
    .where("isQuotation", "=", false)
    .where((eb) =>
      eb.or([eb("paymentMethod", "not in", ["stripe", "paypal"]), eb("isPaid", "=", true)]),
    )
    .orderBy("createdAt")
    .orderBy("id")
    .limit(NOTIFIER_ORDER_LIMIT)
    .execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom("orderItems")
    .select(["orderId", "name", "amount"])
    .where(
      "orderId",
      "in",
      orders.map((order) => order.id),
    )
    .orderBy("orderId")
    .orderBy("position")
    .execute();
  return orders.map((order) => {
    const lines = items
      .filter((item) => item.orderId === order.id)
      .map((item) => `${formatAmount(item.amount)} × ${item.name}`);
    const short = lines.slice(0, 4).join(", ");
    return {
      id: order.id,
      ticketNumber: order.ticketNumber,
      time: formatTime(order.createdAt, zone),
      type: order.isDelivery ? "delivery" : order.isDineIn ? "dineIn" : "takeaway",
      items: lines.length > 4 ? `${short} …` : short,
    };
  });
}

function formatAmount(amount: number): string {
  return new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 }).format(Number(amount));
}

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodedLength(value: unknown, max: number): Buffer | null {
  if (typeof value !== "string" || value.length > max || !BASE64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ""), "base64url");
}

/**
 * Checks a subscription: an https endpoint of a known push service whose host resolves to public
 * addresses only (decision 069), a P-256 public key (65 bytes) and a 16-byte secret.
 */
export async function parseSubscription(
  body: Record<string, unknown>,
  endpoints?: PushEndpointPolicy,
): Promise<{ ok: true; value: SubscriptionInput } | { ok: false; message: string }> {
  const texts = deDevices.notifier.subscription;
  const endpoint = body.endpoint;
  if (
    typeof endpoint !== "string" ||
    endpoint.length > 1000 ||
    [...endpoint].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  ) {
    return { ok: false, message: texts.badEndpoint };
  }
  const problem = pushEndpointShapeProblem(endpoint, endpoints);
  if (problem === "url") return { ok: false, message: texts.badEndpoint };
  if (problem === "unknownService") return { ok: false, message: texts.unknownService };
  const keys = body.keys;
  const record =
    typeof keys === "object" && keys !== null && !Array.isArray(keys)
      ? (keys as Record<string, unknown>)
      : {};
  const p256dh = decodedLength(record.p256dh, 100);
  const auth = decodedLength(record.auth, 40);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04 || !auth || auth.length !== 16) {
    return { ok: false, message: texts.badKeys };
  }
  // A name that does not resolve right now is let through: it is checked again before each push.
  const address = await checkEndpointAddress(endpoint, endpoints);
  if (!address.ok && address.reason === "notPublic") {
    return { ok: false, message: texts.notPublic };
  }
  return {
    ok: true,
    value: {
      endpoint,
      p256dh: p256dh.toString("base64url"),
      auth: auth.toString("base64url"),
    },
  };
}

/**
 * Subscriptions kept per notifier (decision 069): a kitchen has a tablet or two, each browser one
 * subscription; beyond that the oldest are replaced, so a tablet that was reset always gets in and
 * one order never makes the server connect more than this many times per notifier.
 */
export const SUBSCRIPTIONS_PER_NOTIFIER = 10;

/**
 * Stores the subscription for the device (a browser that subscribes again moves its endpoint and
 * counts as new), then drops the device's oldest beyond `SUBSCRIPTIONS_PER_NOTIFIER`. The device
 * row is locked, so two subscribing at once cannot both stay under the cap.
 */
export async function storeSubscription(db: Db, deviceId: number, input: SubscriptionInput) {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("devices").select("id").where("id", "=", deviceId).forUpdate().execute();
    await trx
      .insertInto("notifierSubscriptions")
      .values({ deviceId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth })
      .onConflict((oc) =>
        oc.column("endpoint").doUpdateSet({
          deviceId,
          p256dh: input.p256dh,
          auth: input.auth,
          createdAt: sql<Date>`now()`,
        }),
      )
      .execute();
    const kept = trx
      .selectFrom("notifierSubscriptions")
      .select("id")
      .where("deviceId", "=", deviceId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(SUBSCRIPTIONS_PER_NOTIFIER);
    await trx
      .deleteFrom("notifierSubscriptions")
      .where("deviceId", "=", deviceId)
      .where("id", "not in", kept)
      .execute();
  });
}

/** A test push (no order) to every subscription of the notifier; how many were queued. */
export async function queueTestPushes(db: Db, deviceId: number): Promise<number> {
  const subscriptions = await db
    .selectFrom("notifierSubscriptions")
    .select("id")
    .where("deviceId", "=", deviceId)
    .execute();
  if (subscriptions.length === 0) return 0;
  await db
    .insertInto("notifierPushes")
    .values(subscriptions.map((subscription) => ({ subscriptionId: subscription.id })))
    .execute();
  return subscriptions.length;
}
