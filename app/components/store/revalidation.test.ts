import { describe, expect, it } from "vitest";
import { branchOf, revalidateWhen } from "./revalidation";

describe("revalidateWhen", () => {
  const sameBranch = revalidateWhen((current, next) => branchOf(current) !== branchOf(next));
  const args = (from: string, to: string, formMethod?: "GET" | "POST") =>
    ({
      currentUrl: new URL(from, "https://shop.test"),
      nextUrl: new URL(to, "https://shop.test"),
      formMethod,
      defaultShouldRevalidate: true,
    }) as Parameters<typeof sameBranch>[0];

  it("keeps the data when the next address shows the same, and asks Remix otherwise", () => {
    expect(sameBranch(args("/store/wiehre", "/store/wiehre/product/3"))).toBe(false);
    expect(sameBranch(args("/store/wiehre", "/store/herdern"))).toBe(true);
  });

  it("leaves a form post to Remix", () => {
    expect(sameBranch(args("/store/wiehre", "/store/wiehre", "POST"))).toBe(true);
    expect(sameBranch(args("/store/wiehre", "/store/wiehre/product/3", "GET"))).toBe(false);
  });
});
