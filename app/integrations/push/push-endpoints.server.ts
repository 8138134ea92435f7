import { lookup as systemLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Which push endpoints the server may reach (issue 35, decision 069). An endpoint comes from a
 * browser, so anyone holding a notifier's address could name any URL: only the push services the
 * browsers use are accepted, only over https on the default port, and only where every address
 * the name resolves to is public. The check runs when a browser subscribes and again before each
 * push, and the connection goes to the address that was checked (no second resolution).
 */

/**
 * The push services of the browsers: Chrome, Edge (Chromium), Opera, Samsung Internet and Brave
 * use Firebase Cloud Messaging (`https://fcm.googleapis.com/fcm/send/…` and `/wp/…`); Firefox
 * Mozilla's autopush (`updates.push.services.mozilla.com`); Edge on Windows also WNS
 * (`*.notify.windows.com`); Safari on macOS 13+ and iOS 16.4+ Apple's (`web.push.apple.com`).
 * A leading dot names the subdomains of a domain.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  "fcm.googleapis.com",
  ".push.services.mozilla.com",
  ".notify.windows.com",
  ".push.apple.com",
];

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name, as the system's resolver gives them. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PushEndpointPolicy {
  /**
   * Test-only (`PUSH_TEST_ORIGINS`, refused with APP_MODE=production): exact origins such as
   * `http://127.0.0.1:41234` of a local fake push service, reached as they are, without the host
   * list and the address check.
   */
  testOrigins: readonly string[];
  /** The resolver; absent: the system's. Tests give a fake DNS to play a rebinding name. */
  lookup?: HostLookup;
}

export const DEFAULT_PUSH_ENDPOINT_POLICY: PushEndpointPolicy = { testOrigins: [] };

export type EndpointShapeProblem = "url" | "unknownService";

/** The URL's problem without resolving it: not an https URL of a push service, or null. */
export function pushEndpointShapeProblem(
  endpoint: string,
  policy: PushEndpointPolicy = DEFAULT_PUSH_ENDPOINT_POLICY,
): EndpointShapeProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "url";
  }
  if (url.username || url.password) return "url";
  if (policy.testOrigins.includes(url.origin)) return null;
  if (url.protocol !== "https:") return "url";
  if (url.port !== "" || !isPushServiceHost(url.hostname)) return "unknownService";
  return null;
}

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (isIP(host) !== 0 || host.startsWith("[")) return false;
  return PUSH_SERVICE_HOSTS.some((allowed) =>
    allowed.startsWith(".")
      ? host.endsWith(allowed) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host.slice(0, -allowed.length))
      : host === allowed,
  );
}

/** Addresses no push service has: private, loopback, link-local, shared, reserved, documentation. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 and 6to4 carry an IPv4 address inside, which may be a private one.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** A public unicast address (IPv4-mapped IPv6 addresses are judged by their IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  // Only global unicast (2000::/3) is public at all; BlockList judges ::ffff:a.b.c.d by IPv4 rules.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const first = Number.parseInt(address.split(":")[0] || "0", 16);
  if ((first & 0xe000) !== 0x2000) return false;
  return !NOT_PUBLIC.check(address, "ipv6");
}

export type EndpointAddressCheck =
  | { ok: true; address: ResolvedAddress | null }
  | { ok: false; reason: "notPublic" }
  | { ok: false; reason: "unresolved"; message: string };

const resolveWithSystem: HostLookup = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })) as ResolvedAddress[];

/**
 * Resolves the endpoint's host and answers the address to connect to: refused when any of its
 * addresses is not public (one private answer among public ones is enough for a rebinding name).
 * A test origin needs no address (null: connect as the URL says).
 */
export async function checkEndpointAddress(
  endpoint: string,
  policy: PushEndpointPolicy = DEFAULT_PUSH_ENDPOINT_POLICY,
): Promise<EndpointAddressCheck> {
  const url = new URL(endpoint);
  if (policy.testOrigins.includes(url.origin)) return { ok: true, address: null };
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.lookup ?? resolveWithSystem)(url.hostname);
  } catch (error) {
    return {
      ok: false,
      reason: "unresolved",
      message: (error as NodeJS.ErrnoException).code ?? "",
    };
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolved", message: "" };
  if (addresses.some((entry) => !isPublicAddress(entry.address))) {
    return { ok: false, reason: "notPublic" };
  }
  return { ok: true, address: addresses[0]! };
}

/** `PUSH_TEST_ORIGINS`: a comma-separated list of http(s) origins; null when one is not. */
export function parseTestOrigins(value: string | undefined): string[] | null {
  if (!value?.trim()) return [];
  const origins: string[] = [];
  for (const part of value.split(",")) {
    try {
      const url = new URL(part.trim());
      if (!/^https?:$/.test(url.protocol) || url.origin !== part.trim().replace(/\/$/, "")) {
        return null;
      }
      origins.push(url.origin);
    } catch {
      return null;
    }
  }
  return origins;
}
