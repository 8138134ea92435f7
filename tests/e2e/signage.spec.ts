import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword, port } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Digital signage (issue 22, decision 060): a TV page is paired by the code it shows (the form
 * works without JavaScript), plays a menu board and a picture in order; with JavaScript a price
 * change reaches the board within 2 s, a lost network leaves it playing, and a time slot switches
 * the stream at its time (a fake clock).
 */
const origin = `http://127.0.0.1:${port}`;
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

async function api(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await request.fetch(`${origin}${path}`, {
    method,
    data,
    headers: { Origin: origin },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function branchId(request: APIRequestContext, identifier: string) {
  const list = (await (
    await request.get(`${origin}/api/branches?search=${identifier}`)
  ).json()) as { data: { id: number; identifier: string }[] };
  return list.data.find((branch) => branch.identifier === identifier)!.id;
}

async function anImageId(request: APIRequestContext) {
  const list = (await (await request.get(`${origin}/api/images`)).json()) as {
    data: { id: number }[];
  };
  return list.data[0]!.id;
}

async function pairingCode(tv: Page) {
  await tv.goto(`${origin}/tv`);
  const code = (await tv.getByTestId("pairing-code").textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  return code;
}

test("a TV is paired by its code and plays a menu board and a picture in order", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const suffix = javaScriptEnabled ? "js" : "nojs";
  await signIn(page, demoAdmin, "/backend/digital-signage-devices");
  const request = page.request;
  const wiehre = await branchId(request, "wiehre");
  const board = await api(request, "POST", "/api/digital-signage-segments", {
    name: `Tafel ${suffix}`,
    kind: "menu",
    branchId: wiehre,
    durationSeconds: 3,
  });
  const picture = await api(request, "POST", "/api/digital-signage-segments", {
    name: `Bild ${suffix}`,
    kind: "image",
    imageId: await anImageId(request),
    durationSeconds: 3,
  });
  const stream = await api(request, "POST", "/api/digital-signage-streams", {
    name: `Theke ${suffix}`,
    segmentIds: [board.id, picture.id],
    transition: "fade",
    schedule: "",
  });

  const tvContext = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 1280, height: 720 },
  });
  const tv = await tvContext.newPage();
  const code = await pairingCode(tv);

  // The back office's form, as staff type the code from the screen.
  await page.goto("/backend/digital-signage-devices/pair");
  await page.getByLabel("Code vom Bildschirm").fill(code.toLowerCase());
  await page.getByLabel("Name des TVs").fill(`Theke ${suffix}`);
  await page.getByLabel("Filiale", { exact: true }).selectOption(String(wiehre));
  await page.getByLabel("Stream", { exact: true }).selectOption({ label: `Theke ${suffix}` });
  await page.getByRole("button", { name: "Koppeln" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Der TV wurde gekoppelt." }),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Theke ${suffix}` })).toHaveCount(1);

  // The TV (reloading itself every few seconds) starts playing: the board, then the picture.
  const player = tv.getByTestId("tv-player");
  await expect(player.locator(`[data-segment="Tafel ${suffix}"]`)).toBeVisible({ timeout: 10_000 });
  await expect(tv.getByTestId("menu-board")).toContainText("€");
  await expect(player.locator(`[data-segment="Bild ${suffix}"] img`)).toBeVisible({
    timeout: 8_000,
  });
  await expect(player.locator(`[data-segment="Tafel ${suffix}"]`)).toBeVisible({ timeout: 8_000 });
  if (!javaScriptEnabled) {
    await tvContext.close();
    return;
  }

  // A price change in the back office reaches the board by its live connection (with JavaScript
  // the player has no periodic reload). How fast: `npm run bench:signage` (100 TVs, p99 < 2 s);
  // a timed assertion here failed under CI's load.
  await expect(player).toHaveAttribute("data-hydrated", "ja");
  const firstProduct = (await tv.locator(".tv-menu li span").first().textContent())!.trim();
  const found = (await (
    await request.get(`${origin}/api/products?search=${encodeURIComponent(firstProduct)}`)
  ).json()) as { data: { id: number; name: string }[] };
  const product = found.data.find((row) => row.name === firstProduct)!;
  const stored = await api(request, "GET", `/api/products/${product.id}`);
  const { version: _version, id: _id, ...fields } = stored;
  await api(request, "PUT", `/api/products/${product.id}`, { ...fields, price: 777 });
  await expect(tv.getByTestId("menu-board")).toContainText("7,77", { timeout: 10_000 });
  await api(request, "PUT", `/api/products/${product.id}`, fields);

  // The player's worker keeps what it loaded in its one bounded cache (decision 074): every
  // answer stamped with the time it was kept, which its expiry reads.
  const kept = () =>
    tv.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open("backstube-tv-2");
      const stamps: (string | null)[] = [];
      for (const request of await cache.keys()) {
        stamps.push((await cache.match(request))?.headers.get("x-tv-kept-at") ?? null);
      }
      return { names, stamped: stamps.length > 0 && stamps.every((stamp) => stamp !== null) };
    });
  await expect.poll(async () => (await kept()).stamped).toBe(true);
  expect((await kept()).names.filter((name) => name.startsWith("backstube-tv-"))).toEqual([
    "backstube-tv-2",
  ]);

  // The network goes away: the TV keeps playing what it has.
  await tvContext.setOffline(true);
  await expect(player.locator(`[data-segment="Bild ${suffix}"] img`)).toBeVisible({
    timeout: 8_000,
  });
  await expect(player.locator(`[data-segment="Tafel ${suffix}"]`)).toBeVisible({ timeout: 8_000 });
  await expect(tv.getByRole("status")).toContainText("Keine Verbindung");
  await tvContext.setOffline(false);
  await tvContext.close();

  // A time slot switches at its time: breakfast until 11:00, then the stream's own board.
  const breakfastText = await api(request, "POST", "/api/digital-signage-segments", {
    name: "Frühstückstext",
    kind: "text",
    body: "Frühstück bis 11 Uhr",
    durationSeconds: 60,
  });
  const breakfast = await api(request, "POST", "/api/digital-signage-streams", {
    name: "Frühstück",
    segmentIds: [breakfastText.id],
    transition: "none",
    schedule: "",
  });
  const day = await api(request, "POST", "/api/digital-signage-streams", {
    name: "Tagesablauf",
    segmentIds: [board.id],
    transition: "none",
    schedule: `täglich 06:00-11:00 ${breakfast.id}`,
  });
  const preview = await page.context().newPage();
  await preview.clock.install({ time: new Date("2026-11-25T10:59:50+01:00") });
  await preview.goto(`${origin}/tv?vorschau=${day.id}`);
  await expect(preview.getByTestId("tv-player")).toHaveAttribute("data-hydrated", "ja");
  await expect(preview.locator('[data-segment="Frühstückstext"]')).toBeVisible();
  await preview.clock.runFor(15_000);
  await expect(preview.locator(`[data-segment="Tafel ${suffix}"]`)).toBeVisible();
  await preview.close();
  void stream;
});

test("staff choose a board's categories and a stream's running order in the forms", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const suffix = javaScriptEnabled ? "js" : "nojs";
  await signIn(page, demoAdmin, "/backend/digital-signage-segments");
  const request = page.request;
  const wiehre = await branchId(request, "wiehre");
  const board = await api(request, "POST", "/api/digital-signage-segments", {
    name: `Auswahltafel ${suffix}`,
    kind: "menu",
    branchId: wiehre,
    durationSeconds: 3,
  });
  const greeting = await api(request, "POST", "/api/digital-signage-segments", {
    name: `Gruß ${suffix}`,
    kind: "text",
    body: `Guten Morgen ${suffix}`,
    durationSeconds: 3,
  });
  const stream = await api(request, "POST", "/api/digital-signage-streams", {
    name: `Reihenfolge ${suffix}`,
    segmentIds: [board.id, greeting.id],
    transition: "none",
    schedule: "",
  });

  // One category by its checkbox.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/backend/digital-signage-segments/${board.id}`);
  // A demo category with products at Wiehre, by name: other tests add empty categories (the
  // round-trip spec's 'Belegt …'), and a board leaves out a category without products.
  const category = "Brötchen";
  await page
    .getByRole("group", { name: "Kategorien (Menütafel)" })
    .getByRole("checkbox", { name: category, exact: true })
    .check();
  if (javaScriptEnabled) {
    await page.screenshot({ path: testInfo.outputPath("segment-form-360.png"), fullPage: true });
  }
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expect(
    page
      .getByRole("group", { name: "Kategorien (Menütafel)" })
      .getByRole("checkbox", { name: category }),
  ).toBeChecked();

  // The greeting first, for 4 s; the board second.
  await page.goto(`/backend/digital-signage-streams/${stream.id}`);
  await page.getByLabel(`Position von 'Gruß ${suffix}'`).fill("1");
  await page.getByLabel(`Position von 'Auswahltafel ${suffix}'`).fill("2");
  await page.getByLabel(`Dauer von 'Gruß ${suffix}' (Sekunden)`).fill("4");
  if (javaScriptEnabled) {
    await page.screenshot({ path: testInfo.outputPath("stream-form-360.png"), fullPage: true });
  }
  await page.getByRole("button", { name: "Speichern" }).first().click();
  await expect(page.getByLabel(`Position von 'Gruß ${suffix}'`)).toHaveValue("1");
  await expect(page.getByLabel(`Dauer von 'Gruß ${suffix}' (Sekunden)`)).toHaveValue("4");

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/tv?vorschau=${stream.id}`);
  const player = page.getByTestId("tv-player");
  await expect(player.locator(`[data-segment="Gruß ${suffix}"]`)).toBeVisible();
  // The board plays for 3 s and then the greeting again: its headings are checked while it plays
  // (one assertion that waits for a board phase; a loaded CI machine may pass one by).
  await expect(page.getByTestId("menu-board").locator("h3")).toHaveText([category], {
    timeout: 15_000,
  });
});
