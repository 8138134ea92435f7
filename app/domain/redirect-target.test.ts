import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-target";

describe("where to go after signing in", () => {
  it("keeps paths of this site with their query", () => {
    expect(safeRedirectPath("/backend/users?seite=2")).toBe("/backend/users?seite=2");
    expect(safeRedirectPath("/backend/orders/12#aktionen")).toBe("/backend/orders/12#aktionen");
  });

  it("falls back to the back office for anything that could leave the site", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\t/evil.example",
      "javascript:alert(1)",
      "backend",
      "",
      null,
      undefined,
      42,
      ["/backend/users"],
      `/${"a".repeat(2001)}`,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe("/backend");
    }
  });

  it("never sends back to the sign-in pages", () => {
    expect(safeRedirectPath("/backend/login?redirectTo=/backend/login")).toBe("/backend");
    expect(safeRedirectPath("/backend/logout")).toBe("/backend");
    expect(safeRedirectPath("/backend/login-link/abc")).toBe("/backend");
    expect(safeRedirectPath("/backend/loginx")).toBe("/backend/loginx");
    expect(safeRedirectPath("/x", "/anders")).toBe("/x");
    expect(safeRedirectPath("//x", "/anders")).toBe("/anders");
  });
});
