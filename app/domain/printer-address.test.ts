import { describe, expect, it } from "vitest";
import { isAllowedPrinterHost } from "./printer-address";

describe("isAllowedPrinterHost", () => {
  it.each(["10.0.0.5", "172.16.0.1", "172.31.255.254", "192.168.178.20"])("allows %s", (host) => {
    expect(isAllowedPrinterHost(host, false)).toBe(true);
  });
  it.each([
    "localhost",
    "localhost:22",
    "127.0.0.1",
    "8.8.8.8",
    "172.32.0.1",
    "192.169.0.1",
    "10.0.0.256",
    "drucker.example",
    "::1",
    "",
  ])("refuses %s", (host) => {
    expect(isAllowedPrinterHost(host, false)).toBe(false);
  });
  it("allows loopback only when told", () => {
    expect(isAllowedPrinterHost("127.0.0.1", true)).toBe(true);
  });
});
