/** A device's token: 64 hex digits (a printer's and a notifier's key, decision 063). */
export function isDeviceToken(token: unknown): token is string {
  return typeof token === "string" && /^[0-9a-f]{64}$/.test(token);
}
