import { describe, expect, it } from "vitest";
import { staffPageMeta } from "./staff-page-meta";

describe("staffPageMeta", () => {
  it("names the page before the back office and keeps it out of search engines", () => {
    expect(staffPageMeta("Bestellungen")).toEqual([
      { title: "Bestellungen - Backoffice" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
