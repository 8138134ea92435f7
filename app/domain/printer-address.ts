/**
 * Where a receipt printer may be reached (decision 056): only an IPv4 address of the shop's own
 * network (10/8, 172.16/12, 192.168/16), never a name (it could resolve anywhere) or a public
 * address, so the server cannot be turned into a port scanner. Loopback (127/8) only where the
 * configuration allows it (the tests' fake printers).
 */
export function isAllowedPrinterHost(host: string, allowLoopback: boolean): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host.trim());
  if (!match) return false;
  const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
  if ([a, b, c, d].some((part) => part > 255)) return false;
  if (a === 10) return true;
  if (a === 172 && b >= 16 && b <= 31) return true;
  if (a === 192 && b === 168) return true;
  return allowLoopback && a === 127;
}
