import { describe, expect, it } from "vitest";
import { kioskPaymentMethods } from "#app/domain/checkout";
import { forKiosk, keepLinksInShop } from "./kiosk.server";
import { isInsideShop, kioskTimeoutFor } from "./kiosk";

const ORIGIN = "https://shop.example";

describe("the kiosk's links", () => {
  it("keep only addresses inside the shop", () => {
    expect(isInsideShop("/store/wiehre", ORIGIN)).toBe(true);
    expect(isInsideShop("#kontakt", ORIGIN)).toBe(true);
    expect(isInsideShop("https://shop.example/site/privacy", ORIGIN)).toBe(true);
    for (const outside of [
      "//evil.example/x",
      "/\\evil.example",
      "https://www.google.com/maps/dir/?api=1",
      "http://shop.example/",
      "tel:+497610",
      "mailto:a@b.c",
      "javascript:alert(1)",
      "",
    ]) {
      expect(isInsideShop(outside, ORIGIN), outside).toBe(false);
    }
  });

  it("turn staff-written links out of the shop into their text, and open none in a new tab", () => {
    const html =
      '<p>Besuchen Sie <a href="https://instagram.com/sonnenkorn" target="_blank" rel="noopener noreferrer">Instagram</a>, ' +
      '<a href="mailto:hallo@sonnenkorn.example">schreiben</a> oder lesen Sie die ' +
      '<a href="/site/privacy" target="_blank" rel="noopener noreferrer">Datenschutzerklärung</a>.</p>';
    expect(keepLinksInShop(html, ORIGIN)).toBe(
      "<p>Besuchen Sie <span>Instagram</span>, <span>schreiben</span> oder lesen Sie die " +
        '<a href="/site/privacy">Datenschutzerklärung</a>.</p>',
    );
  });

  it("are changed in a loader's data only on a kiosk", () => {
    const data = {
      site: { bodyHtml: '<a href="https://x.example">x</a>' },
      parts: [{ html: '<a href="tel:1">1</a>' }],
    };
    const plain = new Request("https://shop.example/");
    const kiosk = new Request("https://shop.example/", { headers: { Cookie: "self-service=1" } });
    expect(forKiosk(plain, ORIGIN, data)).toBe(data);
    expect(forKiosk(kiosk, ORIGIN, data)).toEqual({
      site: { bodyHtml: "<span>x</span>" },
      parts: [{ html: "<span>1</span>" }],
    });
  });
});

describe("the kiosk's timings", () => {
  it("reset after two minutes, 45 s after an order, five minutes on a checkout without scripts", () => {
    expect(kioskTimeoutFor("/", true)).toBe(120);
    expect(kioskTimeoutFor("/store/wiehre", false)).toBe(120);
    expect(kioskTimeoutFor("/store/wiehre/checkout", true)).toBe(120);
    expect(kioskTimeoutFor("/store/wiehre/checkout", false)).toBe(300);
    expect(kioskTimeoutFor("/status/abc/def", false)).toBe(45);
    expect(kioskTimeoutFor("/kiosk", true)).toBeNull();
  });
});

describe("the kiosk's payment methods", () => {
  it("are those offered anyway that the counter takes, never online", () => {
    const all = ["cash", "atm-card", "voucher", "stripe", "paypal"] as const;
    expect(
      kioskPaymentMethods(all, { kioskCash: true, kioskAtmCard: true, kioskVoucher: false }),
    ).toEqual(["cash", "atm-card"]);
    expect(
      kioskPaymentMethods(["atm-card", "stripe"], {
        kioskCash: true,
        kioskAtmCard: false,
        kioskVoucher: true,
      }),
    ).toEqual([]);
  });
});
