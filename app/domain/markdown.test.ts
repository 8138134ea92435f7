import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./markdown";

describe("markdownToHtml", () => {
  it("turns headings, lists, paragraphs and line breaks into HTML", () => {
    expect(markdownToHtml("## Impressum\nBäckerei Korn\nHauptstraße 1\n\n- Brot\n- Brötchen")).toBe(
      "<h2>Impressum</h2><p>Bäckerei Korn<br>Hauptstraße 1</p>\n<ul><li>Brot</li><li>Brötchen</li></ul>",
    );
  });

  it("escapes markup, so a text can never carry a script", () => {
    expect(markdownToHtml('<script>alert("x")</script> & Co')).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p>",
    );
  });
});
