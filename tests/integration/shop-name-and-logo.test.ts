import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { tinyPng } from "#tests/support/tiny-png";

/**
 * Issue 36, item 12: renaming the shop in Einstellungen renames its face. The page titles (the
 * demo's seoTitle and title named the old shop) follow the new name, the header logo's alt text
 * is the name, and the logo is chosen on the settings page itself, kept through a refused save.
 */
describe.each(databaseTargets())("the shop's name and logo (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let dataDir: string;

  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date("2026-11-21T09:30:00Z") });
    dataDir = mkdtempSync(path.join(tmpdir(), "bt-shop-name-"));
    server = await startAppServer(handle.db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("renames the titles and the header, and takes a logo chosen on the settings page", async () => {
    const page = await (await admin.send("/backend/settings")).text();
    expect(page).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(page).toContain('name="logoImageId__datei"');
    const version = /name="version" value="([^"]+)"/.exec(page)![1]!;
    const values = (await (await admin.send("/api/config")).json()).data as Record<string, unknown>;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (["id", "version", "updatedAt", "logoImageId"].includes(key) || value === null) continue;
      if (typeof value === "boolean") {
        if (value) form.append(key, "on");
      } else if (Array.isArray(value)) {
        for (const item of value) form.append(key, String(item));
      } else {
        form.append(key, String(value));
      }
    }
    form.set("version", version);
    form.set("shopName", "Backhaus Linde");
    form.append("logoImageId__datei", new File([tinyPng()], "linde.png", { type: "image/png" }));
    // A refused save first (a bad colour): the chosen logo stays chosen.
    form.set("color1", "rot");
    const refused = await admin.send("/backend/settings", { multipart: form });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Bild ausgewählt: linde.png");
    const staged = /name="logoImageId__vorgemerkt" value="(\d+)"/.exec(again)![1]!;

    const corrected = new FormData();
    for (const [key, value] of form) {
      if (key !== "logoImageId__datei") corrected.append(key, value);
    }
    corrected.set("color1", "#eedcc4");
    corrected.set("logoImageId__vorgemerkt", staged);
    const saved = await admin.send("/backend/settings", { multipart: corrected });
    expect(saved.status).toBe(302);

    const settings = await handle.db
      .selectFrom("settings")
      .select(["shopName", "title", "seoTitle", "logoImageId"])
      .executeTakeFirstOrThrow();
    expect(settings.shopName).toBe("Backhaus Linde");
    expect(settings.seoTitle).toBe("Backhaus Linde Freiburg – online bestellen und abholen");
    expect(settings.title).toBe("Backhaus Linde – Handwerksbäckerei in Freiburg");
    const logo = await handle.db
      .selectFrom("images")
      .select(["id", "version"])
      .where("id", "=", settings.logoImageId!)
      .executeTakeFirstOrThrow();

    const home = await (await fetch(`${server.origin}/`)).text();
    expect(titleOf(home)).toContain("Backhaus Linde");
    expect(titleOf(home)).not.toContain("Sonnenkorn");
    expect(home).toMatch(
      new RegExp(`<img src="/image/${logo.id}-${logo.version}\\.png" alt="Backhaus Linde"`),
    );
    const torte = await handle.db
      .selectFrom("products")
      .select("id")
      .where("identifier", "=", "geburtstagstorte")
      .executeTakeFirstOrThrow();
    const productPage = await (
      await fetch(`${server.origin}/store/altstadt/product/${torte.id}`)
    ).text();
    expect(titleOf(productPage)).toMatch(/ - Backhaus Linde Freiburg – online bestellen/);
  });
});
