import { describe, expect, it } from "vitest";
import {
  detectPlatform,
  dismissCookie,
  holdsPromptBack,
  instructionVariant,
  isDismissed,
  mayOfferInstall,
  mayPrompt,
  promptDelay,
  UPDATE_CHECK_EVERY_MS,
  UPDATE_FIRST_CHECK_MS,
} from "./pwa-logic";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

const open = { enabled: true, selfService: false, installed: false, supported: true };

describe("the install prompt's timing (spec section 9)", () => {
  it("waits 5 s when the page started with consent", () => {
    expect(promptDelay(true, true)).toBe(5_000);
  });
  it("waits 250 ms after accepting on the page", () => {
    expect(promptDelay(false, true)).toBe(250);
  });
  it("does not come without consent", () => {
    expect(promptDelay(false, false)).toBeNull();
  });
  it("waits while the customer is in the checkout, and only there", () => {
    expect(holdsPromptBack("/store/freiburg-altstadt/checkout")).toBe(true);
    expect(holdsPromptBack("/store/freiburg-altstadt/checkout/")).toBe(true);
    expect(holdsPromptBack("/store/freiburg-altstadt")).toBe(false);
    expect(holdsPromptBack("/store/freiburg-altstadt/product/12")).toBe(false);
    expect(holdsPromptBack("/status/abc/def")).toBe(false);
    expect(holdsPromptBack("/site/checkout-hilfe")).toBe(false);
  });
  it("checks for updates 2.5 s after the start, then every 30 minutes", () => {
    expect(UPDATE_FIRST_CHECK_MS).toBe(2_500);
    expect(UPDATE_CHECK_EVERY_MS).toBe(1_800_000);
  });
});

describe("whether the prompt may show (spec section 4)", () => {
  it("shows when everything allows it", () => {
    expect(mayPrompt({ ...open, dismissed: false })).toBe(true);
  });
  it.each([
    ["installed", { installed: true }],
    ["unsupported", { supported: false }],
    ["dismissed", { dismissed: true }],
    ["plugin off", { enabled: false }],
    ["kiosk", { selfService: true }],
  ])("not when %s", (_name, change) => {
    expect(mayPrompt({ ...open, dismissed: false, ...change })).toBe(false);
  });
  it("the footer link also needs the worker unregistered, not the cookie", () => {
    expect(mayOfferInstall({ ...open, registered: false })).toBe(true);
    expect(mayOfferInstall({ ...open, registered: true })).toBe(false);
    expect(mayOfferInstall({ ...open, enabled: false, registered: false })).toBe(false);
  });
});

describe("the dismissal cookie", () => {
  it("is 'pwa-dismiss=true' for a month", () => {
    const cookie = dismissCookie(new Date("2026-01-31T10:00:00Z"), false);
    expect(cookie).toMatch(/^pwa-dismiss=true; /);
    expect(cookie).toContain("Expires=Tue, 03 Mar 2026 10:00:00 GMT");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    expect(dismissCookie(new Date("2026-05-10T00:00:00Z"), true)).toContain(
      "Expires=Wed, 10 Jun 2026 00:00:00 GMT",
    );
    expect(dismissCookie(new Date(), true)).toMatch(/; Secure$/);
  });
  it("is read from document.cookie", () => {
    expect(isDismissed("a=1; pwa-dismiss=true; b=2")).toBe(true);
    expect(isDismissed("pwa-dismiss=false")).toBe(false);
    expect(isDismissed("xpwa-dismiss=true")).toBe(false);
    expect(isDismissed("")).toBe(false);
  });
});

describe("platforms and instructions", () => {
  it("tells iPhone, iPad (also as a Mac with touch) and Android apart", () => {
    expect(detectPlatform(IPHONE, 5)).toEqual({
      android: false,
      ios: true,
      ipad: false,
      iphone: true,
    });
    expect(detectPlatform(IPAD_AS_MAC, 5)).toEqual({
      android: false,
      ios: true,
      ipad: true,
      iphone: false,
    });
    expect(detectPlatform(IPAD_AS_MAC, 0).ios).toBe(false);
    expect(detectPlatform(ANDROID, 5)).toEqual({
      android: true,
      ios: false,
      ipad: false,
      iphone: false,
    });
  });
  it("gives iOS its share-menu steps, install-event browsers theirs, the rest the menu", () => {
    expect(instructionVariant(detectPlatform(IPHONE, 5), false)).toBe("ios");
    expect(instructionVariant(detectPlatform(ANDROID, 5), true)).toBe("browser");
    expect(instructionVariant(detectPlatform(ANDROID, 5), false)).toBe("other");
  });
});
