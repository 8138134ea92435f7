import { describe, expect, it } from "vitest";
import { isEmailAddress, isSafeLink, linkProblem } from "./input-rules";
import { sanitizeRichText } from "./rich-text.server";

describe("linkProblem", () => {
  it("accepts paths of the shop and https addresses", () => {
    for (const link of [
      "/",
      "/store/mitte",
      "/site/impressum#kontakt",
      "/store/altstadt?kurs=brot-backen",
      "/site/%C3%BCber-uns",
      "https://example.org",
      "https://example.org/baecker?a=1#b",
      "https://bäckerei.example/",
      "https://example.org:8443/x",
    ]) {
      expect(linkProblem(link), link).toBeNull();
    }
  });

  it("refuses what a browser would take to another site", () => {
    for (const link of [
      "/\\evil.example/307",
      "//evil.example",
      "//evil.example/path",
      "/\\/evil.example",
      "\\\\evil.example",
      "\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/ /evil.example",
      "/\u0000/evil.example",
      "/\u200b/evil.example",
      "/store/mi tte",
      "/store\u00a0mitte",
      "/a\\b",
      "https:///evil.example",
      "https://\\evil.example",
      "https://shop.example@evil.example/",
      "https://user:pass@example.org/",
      'https://example.org/"onmouseover=',
      "/store/<script>",
    ]) {
      expect(linkProblem(link), JSON.stringify(link)).toBe("unsafe");
    }
  });

  it("refuses other schemes and bare host names as not a link at all", () => {
    for (const link of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "http://example.org",
      "HTTPS://example.org",
      "ftp://example.org",
      "evil.example",
      "mailto:info@example.org",
      "https://localhost",
      "https://exa_mple.org",
      "",
    ]) {
      expect(linkProblem(link), JSON.stringify(link)).toBe("format");
    }
    expect(isSafeLink("/store/mitte")).toBe(true);
    expect(isSafeLink("//evil.example")).toBe(false);
  });

  it("agrees with the rich-text sanitizer, which drops such links from stored text", () => {
    const html = sanitizeRichText(
      '<a href="/\\evil.example/307">a</a><a href="//evil.example">b</a><a href="/store/mitte">c</a>',
    );
    expect(html).toBe('<a>a</a><a>b</a><a href="/store/mitte">c</a>');
  });
});

describe("isEmailAddress", () => {
  it("accepts the addresses people have", () => {
    for (const address of [
      "erika@example.org",
      "Erika.Mustermann@example.org",
      "erika+bestellung@mail.example.de",
      "o'neill@example.ie",
      "k_123-x@sub.domain.example",
      `${"a".repeat(64)}@example.org`,
    ]) {
      expect(isEmailAddress(address), address).toBe(true);
    }
  });

  it("refuses quotes, angle brackets, spaces and other things nobody can mail", () => {
    for (const address of [
      'k"<svg/onload=alert(1)>@example.org',
      '"erika"@example.org',
      "erika<b>@example.org",
      "<erika@example.org>",
      "erika mustermann@example.org",
      "erika@exa mple.org",
      " erika@example.org",
      "erika@example.org\n",
      "erika\u0000@example.org",
      "erika@example",
      "erika@@example.org",
      "@example.org",
      "erika@",
      "erika@.example.org",
      ".erika@example.org",
      "erika..m@example.org",
      "erika@example.org,otto@example.org",
      "erika(kommentar)@example.org",
      "erika\\@example.org",
      `${"a".repeat(65)}@example.org`,
      `erika@${"a".repeat(250)}.org`,
    ]) {
      expect(isEmailAddress(address), JSON.stringify(address)).toBe(false);
    }
  });
});
