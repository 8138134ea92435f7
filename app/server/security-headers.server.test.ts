import { describe, expect, it } from "vitest";
import { tileImageSource } from "./security-headers.server";

describe("tileImageSource", () => {
  it("allows the tile server's origin, a {s} subdomain as a wildcard", () => {
    expect(tileImageSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(
      "https://tile.openstreetmap.org",
    );
    expect(tileImageSource("https://{s}.tile.example:8443/{z}/{x}/{y}.png")).toBe(
      "https://*.tile.example:8443",
    );
    expect(tileImageSource("http://127.0.0.1:5417/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:5417");
  });

  it("allows nothing more without a template or with a host that could break the policy", () => {
    expect(tileImageSource(null)).toBeNull();
    expect(tileImageSource("https://a;script-src *;/{z}/{x}/{y}.png")).toBeNull();
  });
});
