import type { AppLoadContext } from "@remix-run/node";
import { addressWindow, type AddressWindow } from "#app/domain/address-window";
import { addressBucket } from "#app/domain/login-throttle";

const MINUTE_MS = 60_000;

/** One window per configured limit (a process has one; tests may build several contexts). */
const windows = new Map<number, AddressWindow>();

/**
 * Whether this request may start a new cart: a visitor without a cart cookie makes a cart row and
 * an item row per click, so a script without cookies could fill the table at request speed
 * (issue 35). Bounded per client address and minute in this process; null means it may, or else
 * the seconds until it may again.
 */
export function newCartRefusal(context: AppLoadContext, now = Date.now()): number | null {
  const limit = context.config.newCartsPerAddressMinute;
  if (!limit) return null;
  let window = windows.get(limit);
  if (!window) {
    window = addressWindow(limit, MINUTE_MS);
    windows.set(limit, window);
  }
  return window.take(addressBucket(context.clientAddress), now)
    ? null
    : window.retryAfterSeconds(now);
}
