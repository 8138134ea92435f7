import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { settingsFields } from "#app/features/settings/settings.resource";

/**
 * The shop's settings (spec section 3 Config, section 7 `GET|POST /api/config`): every field in
 * sections on one page, saved with a version check and audited; legal texts previewed before
 * saving and shown on their pages at once; administrators only.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("the settings (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const [branch] = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [branch!.id],
    });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("reads and changes settings through the API, keeping the fields not sent", async () => {
    const before = (await json(await admin.send("/api/config"))).data;
    expect(before).toMatchObject({ currency: "EUR" });
    const saved = await admin.send("/api/config", {
      json: { shopName: "Bäckerei Korn", enablePluginSearch: false, mapboxZoom: 17.5 },
    });
    expect(saved.status).toBe(200);
    const after = (await json(saved)).data;
    expect(after).toMatchObject({ shopName: "Bäckerei Korn", enablePluginSearch: false });
    expect(Number(after.mapboxZoom)).toBe(17.5);
    expect(after["color-1"]).toBe(before["color-1"]);
    expect(after.imprintText).toBe(before.imprintText);
    const [entry] = await handle.db
      .selectFrom("auditLog")
      .select(["action", "data"])
      .where("entityType", "=", "config")
      .execute();
    expect(entry).toMatchObject({
      action: "config.updated",
      data: { before: { shopName: before.shopName }, after: { shopName: "Bäckerei Korn" } },
    });
  });

  it("refuses bad values with the message beside the field and changes nothing", async () => {
    const before = (await json(await admin.send("/api/config"))).data;
    const cases: [Record<string, unknown>, string][] = [
      [{ "color-1": "rot" }, "color-1"],
      [{ shopName: "" }, "shopName"],
      [{ shopName: "x".repeat(100_000) }, "shopName"],
      [{ shopName: "<b>Korn</b>" }, "shopName"],
      [{ currency: "DM" }, "currency"],
      [{ mapboxPitch: 90 }, "mapboxPitch"],
      [{ slotHorizonDays: "viele" }, "slotHorizonDays"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ enableCash: "vielleicht" }, "enableCash"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send("/api/config", { json: body });
      expect(response.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      const { errors } = await json(response);
      expect(errors?.[0]?.message).toBe("Einstellungen konnten nicht gespeichert werden.");
      expect(
        errors?.some((error) => error.field === field),
        field,
      ).toBe(true);
    }
    const after = (await json(await admin.send("/api/config"))).data;
    expect(after).toEqual(before);
  });

  it("saves the page without JavaScript, previews legal texts and shows them on their pages", async () => {
    const page = await (await admin.send("/backend/settings")).text();
    for (const section of [
      "Namen und Texte",
      "Rechtliches",
      "Funktionen",
      "Zahlungsarten",
      "Karte",
    ]) {
      expect(page).toContain(section);
    }
    const version = /name="version" value="([^"]+)"/.exec(page)![1]!;
    const values = (await json(await admin.send("/api/config"))).data;
    // The API speaks the spec's names (`color-1`), the form the project's (`color1`).
    const formName = new Map(
      settingsFields.map((field) => [field.apiName ?? field.name, field.name] as const),
    );
    const form: Record<string, string> = {};
    for (const [apiKey, value] of Object.entries(values)) {
      const key = formName.get(apiKey) ?? apiKey;
      if (typeof value === "boolean") {
        if (value) form[key] = "on";
      } else if (value !== null && key !== "id" && key !== "version" && key !== "updatedAt") {
        form[key] = String(value);
      }
    }
    form.imprintText = "## Impressum\nBäckerei Korn <GmbH>\nKornweg 1";
    const preview = await admin.send("/backend/settings", {
      form: { ...form, version, intent: "preview" },
    });
    expect(preview.status).toBe(200);
    const previewText = await preview.text();
    expect(previewText).toContain(
      "<h2>Impressum</h2><p>Bäckerei Korn &lt;GmbH&gt;<br>Kornweg 1</p>",
    );
    expect((await json(await admin.send("/api/config"))).data.imprintText ?? "").not.toContain(
      "Korn",
    );

    const saved = await admin.send("/backend/settings", {
      form: { ...form, version, intent: "save" },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/backend/settings?hinweis=gespeichert");
    const imprint = await (await fetch(`${server.origin}/site/imprint`)).text();
    expect(imprint).toContain("Bäckerei Korn &lt;GmbH&gt;");

    // The same version again: someone else saved in between.
    const stale = await admin.send("/backend/settings", {
      form: { ...form, shopName: "Anders", version, intent: "save" },
    });
    expect(stale.status).toBe(409);
    expect((await json(await admin.send("/api/config"))).data.shopName).not.toBe("Anders");
    // A preview of that old page keeps the version it was read at, not the newer one: saving
    // it afterwards still meets the check.
    const stalePreview = await admin.send("/backend/settings", {
      form: { ...form, shopName: "Anders", version, intent: "preview" },
    });
    expect(stalePreview.status).toBe(200);
    expect(await stalePreview.text()).toContain(`name="version" value="${version}"`);
  });

  it("answers GET /api/init with every list, scoped to the caller's branches", async () => {
    const response = await manager.send("/api/init");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { url: string; status: number; data: { data: any } }[];
    };
    expect(data.map((entry) => entry.url)).toEqual(
      [
        "config",
        "divisions",
        "branches",
        "menus",
        "categories",
        "products",
        "tags",
        "tables",
        "sites",
        "navigations",
        "blocks",
        "donatees",
      ].map((name) => `/api/${name}`),
    );
    const branches = data.find((entry) => entry.url === "/api/branches")!.data.data;
    expect(branches.map((branch: { identifier: string }) => branch.identifier)).toEqual([
      "altstadt",
    ]);
    // The settings are the administrators' (decision 099): init answers as GET /api/config does.
    expect(data[0]).toMatchObject({ url: "/api/config", status: 403 });
    const forAdmin = (await (await admin.send("/api/init")).json()) as {
      data: { url: string; data: { data: any } }[];
    };
    expect(forAdmin.data[0]!.data.data).toMatchObject({ currency: "EUR" });
  });

  it("is for administrators only", async () => {
    expect((await manager.send("/api/config")).status).toBe(403);
    expect((await manager.send("/api/config", { json: { shopName: "X" } })).status).toBe(403);
    expect((await manager.send("/backend/settings")).status).toBe(403);
  });
});
