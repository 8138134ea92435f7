import { isAllowedPrinterHost } from "#app/domain/printer-address";

/**
 * Whether printers on 127.0.0.1 are allowed: only where `PRINTER_ALLOW_LOOPBACK=1` (the tests'
 * fake printers). Validated with the rest of the configuration (`app/config/env.server.ts`).
 */
export function loopbackPrintersAllowed(): boolean {
  return ["1", "true", "yes", "on"].includes(process.env.PRINTER_ALLOW_LOOPBACK ?? "");
}

export function isReachablePrinterHost(host: string): boolean {
  return isAllowedPrinterHost(host, loopbackPrintersAllowed());
}
