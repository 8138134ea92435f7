import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "./rich-text.server";

describe("sanitizeRichText", () => {
  it("keeps what the toolbar makes", () => {
    const html =
      '<h2>Neu</h2><p style="text-align: center"><strong>Fett</strong>, <em>kursiv</em>, <u>unter</u>, <s>durch</s></p>' +
      '<ol><li>eins</li></ol><ul><li>zwei</li></ul><table><tbody><tr><td colspan="2">Zelle</td></tr></tbody></table>' +
      '<p><a href="https://example.org/" target="_blank">Link</a></p>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<p style="text-align:center"><strong>Fett</strong>');
    expect(clean).toContain('<td colspan="2">Zelle</td>');
    expect(clean).toContain(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">',
    );
    expect(clean).toContain("<ol><li>eins</li></ol>");
  });

  it("drops scripts, handlers, dangerous links and foreign styles", () => {
    const clean = sanitizeRichText(
      '<p onclick="alert(1)" style="color:red;text-align:left">a<script>alert(2)</script></p>' +
        '<img src=x onerror="alert(3)"><a href="javascript:alert(4)">b</a><iframe src="https://evil"></iframe>' +
        '<a href="//evil.example/">c</a><svg><script>alert(5)</script></svg>',
    );
    expect(clean).not.toMatch(/alert|onclick|onerror|<img|<iframe|<svg|javascript:|color:red|evil/);
    expect(clean).toContain('<p style="text-align:left">a</p>');
    expect(clean).toContain("<a>b</a>");
  });

  it("turns a pasted h1 into the page's next level; keeps links inside the shop", () => {
    expect(sanitizeRichText('<h1>Titel</h1><a href="/site/imprint" target="_self">y</a>')).toBe(
      '<h2>Titel</h2><a href="/site/imprint">y</a>',
    );
  });

  it("reads rich text as plain text", () => {
    expect(richTextToPlain("<p>Frische <strong>Brötchen</strong></p>\n<p>ab 6 Uhr</p>")).toBe(
      "Frische Brötchen ab 6 Uhr",
    );
  });
});
