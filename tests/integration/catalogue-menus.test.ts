import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Menus ("Kataloge", issue 15, decision 036) on the resource pattern: `/api/menus` with the spec's
 * `catalog` written and read in one transaction, bad input refused with messages at their place
 * and nothing saved, the version check, the audit log; the catalogue editor's steps (add, up,
 * down, move to, remove) as plain form posts; the preview on a chosen date; copying; and
 * `GET /api/branches/{id}/menus` in the same shape.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

const ZONE = "Europe/Berlin";

describe.each(databaseTargets())("menus (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let branch: number;
  let otherBranch: number;
  let bread: number;
  let cakes: number;
  let drinks: number;
  const products: Record<string, number> = {};
  let group: number;

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const db = handle.db;
    branch = (
      await db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt", isPublic: true })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    otherBranch = (
      await db
        .insertInto("branches")
        .values({ identifier: "hafen", name: "Hafen", isPublic: true })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const category = async (name: string) =>
      (await db.insertInto("categories").values({ name }).returning("id").executeTakeFirstOrThrow())
        .id;
    bread = await category("Brot");
    cakes = await category("Kuchen");
    drinks = await category("Getränke");
    for (const name of ["Roggenbrot", "Dinkelbrot", "Bauernbrot", "Apfelkuchen", "Kaffee"]) {
      products[name] = (
        await db
          .insertInto("products")
          .values({ name, price: 250 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    group = (
      await db
        .insertInto("productGroups")
        .values({ name: "Brötchen" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto("productGroupProducts")
      .values({ productGroupId: group, productId: products.Bauernbrot!, position: 0 })
      .execute();
    server = await startAppServer(db);
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branch] });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const countMenus = async () =>
    Number(
      (
        await handle.db
          .selectFrom("menus")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates a menu with its catalogue, reads, lists, changes and deletes it, audited", async () => {
    const created = await admin.send("/api/menus", {
      json: {
        name: "Wochenkarte",
        availableFrom: "2026-12-01T06:00",
        branchIds: [branch],
        catalog: [
          {
            id: bread,
            products: [
              { productId: products.Roggenbrot },
              { productGroupId: group },
              { productId: String(products.Dinkelbrot) },
            ],
          },
          { id: cakes, products: [{ productId: products.Apfelkuchen }] },
        ],
      },
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const menu = (await json(created)).data;
    expect(menu).toMatchObject({
      name: "Wochenkarte",
      availableFrom: "2026-12-01T06:00",
      branches: [branch],
      catalog: [
        {
          id: bread,
          products: [
            { productId: products.Roggenbrot },
            { productGroupId: group },
            { productId: products.Dinkelbrot },
          ],
        },
        { id: cakes, products: [{ productId: products.Apfelkuchen }] },
      ],
    });
    // Typed in the shop's zone, stored as the instant (06:00 in Berlin in winter is 05:00 UTC).
    const stored = await handle.db
      .selectFrom("menus")
      .select("availableFrom")
      .where("id", "=", menu.id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.availableFrom).toISOString()).toBe("2026-12-01T05:00:00.000Z");

    const read = await admin.send(`/api/menus/${menu.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("ETag")).toBe(`"${menu.version}"`);
    expect((await json(read)).data).toEqual(menu);

    const list = await json(await admin.send("/api/menus?search=woche"));
    expect(list.data).toHaveLength(1);
    // The spec's `branches (ids)` (decision 097).
    expect(list.data[0]).toMatchObject({ availableFrom: "2026-12-01T06:00", branches: [branch] });

    // The categories swap, a product goes; only the catalogue is sent, the rest stays.
    const changed = await admin.send(`/api/menus/${menu.id}`, {
      method: "PUT",
      headers: { "If-Match": `"${menu.version}"` },
      json: {
        catalog: [
          { id: cakes, products: [{ productId: products.Apfelkuchen }] },
          { id: bread, products: [{ productId: products.Dinkelbrot }] },
        ],
      },
    });
    expect(changed.status).toBe(200);
    const after = (await json(changed)).data;
    expect(after.catalog.map((category: { id: number }) => category.id)).toEqual([cakes, bread]);
    expect(after.name).toBe("Wochenkarte");
    expect(after.version).not.toBe(menu.version);

    // The first version again: someone changed it in between.
    const stale = await admin.send(`/api/menus/${menu.id}`, {
      method: "PUT",
      headers: { "If-Match": `"${menu.version}"` },
      json: { name: "Überschrieben" },
    });
    expect(stale.status).toBe(409);
    expect((await json(await admin.send(`/api/menus/${menu.id}`))).data.name).toBe("Wochenkarte");

    const deleted = await admin.send(`/api/menus/${menu.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/menus/${menu.id}`)).status).toBe(404);
    const entries = await handle.db
      .selectFrom("menuEntries")
      .select("id")
      .where("menuId", "=", menu.id)
      .execute();
    expect(entries).toEqual([]);

    const log = await handle.db
      .selectFrom("auditLog")
      .select(["action", "data"])
      .where("entityType", "=", "menu")
      .where("entityId", "=", menu.id)
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      "menu.created",
      "menu.updated",
      "menu.deleted",
    ]);
    expect((log[1]!.data as any).before.catalog[0].id).toBe(bread);
    expect((log[1]!.data as any).after.catalog[0].id).toBe(cakes);
  });

  it("refuses unknown or repeated entries beside their place and saves nothing", async () => {
    const before = await countMenus();
    const cases: [unknown, string, string][] = [
      [[{ id: 999_999, products: [] }], "catalog.0.id", "Unbekannter Eintrag."],
      [
        [{ id: bread, products: [{ productId: 999_999 }] }],
        "catalog.0.products.0.productId",
        "Unbekannter Eintrag.",
      ],
      [
        [{ id: bread, products: [{ productGroupId: 999_999 }] }],
        "catalog.0.products.0.productGroupId",
        "Unbekannter Eintrag.",
      ],
      [
        [
          {
            id: bread,
            products: [{ productId: products.Roggenbrot }, { productId: products.Roggenbrot }],
          },
        ],
        "catalog.0.products.1.productId",
        "Dieses Produkt steht schon in dieser Kategorie.",
      ],
      [
        [
          { id: bread, products: [] },
          { id: bread, products: [] },
        ],
        "catalog.1.id",
        "Diese Kategorie steht schon im Katalog.",
      ],
      [[{ id: "abc", products: [] }], "catalog.0.id", "Unbekannter Eintrag."],
      [
        [{ id: bread, products: [{ productId: products.Roggenbrot, productGroupId: group }] }],
        "catalog.0.products.0",
        "Bitte genau ein Produkt oder eine Produktgruppe angeben.",
      ],
    ];
    for (const [catalog, field, message] of cases) {
      const response = await admin.send("/api/menus", {
        json: { name: "Falsch", availableFrom: "2026-12-01T06:00", branchIds: [branch], catalog },
      });
      expect(response.status, JSON.stringify(catalog)).toBe(400);
      const body = await json(response);
      expect(body.errors?.[0]?.message).toBe("Katalog konnte nicht erstellt werden.");
      expect(body.errors).toContainEqual({ message, field });
    }
    // Another shop's branch (an id this shop does not have), a date that is none.
    const badBranch = await admin.send("/api/menus", {
      json: { name: "Falsch", availableFrom: "2026-12-01T06:00", branchIds: [999_999] },
    });
    expect(badBranch.status).toBe(400);
    const badDate = await admin.send("/api/menus", {
      json: { name: "Falsch", availableFrom: "2026-02-30T06:00" },
    });
    expect(badDate.status).toBe(400);
    expect((await json(badDate)).errors).toContainEqual({
      message: "Bitte geben Sie ein Datum ein.",
      field: "availableFrom",
    });
    expect(await countMenus()).toBe(before);

    // A refused change of a stored menu leaves its catalogue as it was.
    const menu = (
      await json(
        await admin.send("/api/menus", {
          json: {
            name: "Bleibt",
            availableFrom: "2026-12-01T06:00",
            catalog: [{ id: bread, products: [{ productId: products.Roggenbrot }] }],
          },
        }),
      )
    ).data;
    const refused = await admin.send(`/api/menus/${menu.id}`, {
      method: "PUT",
      json: {
        name: "Geändert",
        catalog: [{ id: cakes, products: [{ productId: 999_999 }] }],
      },
    });
    expect(refused.status).toBe(400);
    const kept = (await json(await admin.send(`/api/menus/${menu.id}`))).data;
    expect(kept.name).toBe("Bleibt");
    expect(kept.catalog).toEqual([{ id: bread, products: [{ productId: products.Roggenbrot }] }]);
    await admin.send(`/api/menus/${menu.id}`, { method: "DELETE" });
  });

  it("is for administrators only", async () => {
    expect((await manager.send("/api/menus")).status).toBe(403);
    expect(
      (await manager.send("/api/menus", { json: { name: "X", availableFrom: "2026-12-01T06:00" } }))
        .status,
    ).toBe(403);
    expect((await manager.send("/backend/menus/1/catalogue")).status).toBe(403);
    expect((await manager.send("/backend/menus/1/preview")).status).toBe(403);
  });

  it("edits the catalogue step by step with plain form posts that come back to the row", async () => {
    const menu = (
      await json(
        await admin.send("/api/menus", {
          json: { name: "Editor", availableFrom: "2026-12-01T06:00", branchIds: [branch] },
        }),
      )
    ).data;
    const path = `/backend/menus/${menu.id}/catalogue`;
    const post = (form: Record<string, string>) => admin.send(path, { form });
    const catalog = async () =>
      (await json(await admin.send(`/api/menus/${menu.id}`))).data.catalog;

    for (const category of [bread, cakes, drinks]) {
      const added = await post({ intent: "category-add", category: String(category) });
      expect(added.status).toBe(302);
      expect(added.headers.get("Location")).toBe(
        `${path}?hinweis=gespeichert#kategorie-${category}`,
      );
    }
    for (const item of [
      `p:${products.Roggenbrot}`,
      `p:${products.Dinkelbrot}`,
      `g:${group}`,
      `p:${products.Bauernbrot}`,
    ]) {
      expect((await post({ intent: "entry-add", category: String(bread), item })).status).toBe(302);
    }
    const twice = await post({
      intent: "entry-add",
      category: String(bread),
      item: `p:${products.Roggenbrot}`,
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("Dieses Produkt steht schon in dieser Kategorie.");
    expect((await post({ intent: "category-add", category: String(bread) })).status).toBe(400);
    expect((await post({ intent: "category-add", category: "999999" })).status).toBe(400);
    expect((await post({ intent: "kaputt" })).status).toBe(400);

    const entries = await handle.db
      .selectFrom("menuEntries")
      .select(["id", "productId", "productGroupId"])
      .where("menuId", "=", menu.id)
      .orderBy("position")
      .execute();
    const entryOf = (productId: number) => entries.find((e) => e.productId === productId)!.id;
    const names = (list: { productId?: number; productGroupId?: number }[]) =>
      list.map((item) =>
        item.productGroupId
          ? "Gruppe"
          : Object.keys(products).find((name) => products[name] === item.productId),
      );
    expect(names((await catalog())[0].products)).toEqual([
      "Roggenbrot",
      "Dinkelbrot",
      "Gruppe",
      "Bauernbrot",
    ]);

    // Down, up, move to a position, and the same for categories.
    const down = await post({ intent: "entry-down", entry: String(entryOf(products.Roggenbrot!)) });
    expect(down.headers.get("Location")).toContain(`#eintrag-${entryOf(products.Roggenbrot!)}`);
    expect(names((await catalog())[0].products)).toEqual([
      "Dinkelbrot",
      "Roggenbrot",
      "Gruppe",
      "Bauernbrot",
    ]);
    await post({ intent: "entry-up", entry: String(entryOf(products.Bauernbrot!)) });
    expect(names((await catalog())[0].products)).toEqual([
      "Dinkelbrot",
      "Roggenbrot",
      "Bauernbrot",
      "Gruppe",
    ]);
    await post({
      intent: "entry-move",
      entry: String(entryOf(products.Bauernbrot!)),
      position: "1",
    });
    expect(names((await catalog())[0].products)).toEqual([
      "Bauernbrot",
      "Dinkelbrot",
      "Roggenbrot",
      "Gruppe",
    ]);
    // The page's own form: one `step` per button, each row's position beside it.
    const rye = entryOf(products.Roggenbrot!);
    const stepped = await post({ step: `entry-move:${rye}`, [`position-entry-${rye}`]: "4" });
    expect(stepped.headers.get("Location")).toContain(`#eintrag-${rye}`);
    expect(names((await catalog())[0].products)).toEqual([
      "Bauernbrot",
      "Dinkelbrot",
      "Gruppe",
      "Roggenbrot",
    ]);
    await post({ step: `entry-move:${rye}`, [`position-entry-${rye}`]: "3" });
    await post({ step: `entry-up:${rye}` });
    expect(names((await catalog())[0].products)).toEqual([
      "Bauernbrot",
      "Roggenbrot",
      "Dinkelbrot",
      "Gruppe",
    ]);
    await post({ step: `entry-down:${rye}` });
    // Past the end is the end; up from the top stays at the top.
    await post({
      intent: "entry-move",
      entry: String(entryOf(products.Dinkelbrot!)),
      position: "99",
    });
    await post({ intent: "entry-up", entry: String(entryOf(products.Bauernbrot!)) });
    expect(names((await catalog())[0].products)).toEqual([
      "Bauernbrot",
      "Roggenbrot",
      "Gruppe",
      "Dinkelbrot",
    ]);
    await post({ intent: "category-move", category: String(drinks), position: "1" });
    await post({ intent: "category-down", category: String(bread) });
    expect((await catalog()).map((c: { id: number }) => c.id)).toEqual([drinks, cakes, bread]);

    // An entry of another menu is not this menu's to move.
    const other = (
      await json(
        await admin.send("/api/menus", {
          json: {
            name: "Andere",
            availableFrom: "2026-12-01T06:00",
            catalog: [{ id: bread, products: [{ productId: products.Kaffee }] }],
          },
        }),
      )
    ).data;
    const foreign = await handle.db
      .selectFrom("menuEntries")
      .select("id")
      .where("menuId", "=", other.id)
      .executeTakeFirstOrThrow();
    const refused = await post({ intent: "entry-remove", entry: String(foreign.id) });
    expect(refused.status).toBe(400);
    expect((await json(await admin.send(`/api/menus/${other.id}`))).data.catalog).toHaveLength(1);

    await post({ intent: "entry-remove", entry: String(entryOf(products.Roggenbrot!)) });
    await post({ intent: "category-remove", category: String(cakes) });
    const final = await catalog();
    expect(final.map((c: { id: number }) => c.id)).toEqual([drinks, bread]);
    expect(names(final[1].products)).toEqual(["Bauernbrot", "Gruppe", "Dinkelbrot"]);
    const positions = await handle.db
      .selectFrom("menuEntries")
      .select("position")
      .where("menuId", "=", menu.id)
      .orderBy("position")
      .execute();
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);

    // Every step is audited and moves the menu's version.
    const steps = await handle.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "menu")
      .where("entityId", "=", menu.id)
      .where("action", "=", "menu.updated")
      .execute();
    expect(steps.length).toBeGreaterThanOrEqual(14);
    const now = (await json(await admin.send(`/api/menus/${menu.id}`))).data.version;
    expect(now).not.toBe(menu.version);

    // The page lists it all, in order, with the search's hits for one category.
    const page = await admin.send(`${path}?kategorie=${bread}&suche=brot`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.indexOf("Getränke")).toBeLessThan(html.indexOf("Bauernbrot"));
    expect(html).toContain("„Roggenbrot“ hinzufügen");
    expect(html).not.toContain("„Dinkelbrot“ hinzufügen");
    expect(html).toContain(`action="/backend/products/${products.Bauernbrot}/sold-out"`);
  });

  it("previews a menu going live tomorrow only for tomorrow", async () => {
    const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf("day");
    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const current = (
      await json(
        await admin.send("/api/menus", {
          json: {
            name: "Heute",
            availableFrom: "2020-01-01T00:00",
            branchIds: [otherBranch],
            catalog: [{ id: drinks, products: [{ productId: products.Kaffee }] }],
          },
        }),
      )
    ).data;
    const next = (
      await json(
        await admin.send("/api/menus", {
          json: {
            name: "Morgen",
            availableFrom: tomorrow.toFormat("yyyy-LL-dd'T'HH:mm"),
            branchIds: [otherBranch],
            catalog: [{ id: cakes, products: [{ productId: products.Apfelkuchen }] }],
          },
        }),
      )
    ).data;
    const preview = async (date: string) => {
      const response = await admin.send(
        `/backend/menus/${next.id}/preview?date=${date}&branch=${otherBranch}`,
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const forTomorrow = await preview(tomorrow.toISODate()!);
    expect(forTomorrow).toContain(`Vorschau für ${tomorrow.toFormat("dd.MM.yyyy")}, 12:00 Uhr`);
    expect(forTomorrow).toContain("Apfelkuchen");
    expect(forTomorrow).not.toContain("Kaffee");
    expect(forTomorrow).toContain("Zu diesem Zeitpunkt gilt in dieser Filiale dieser Katalog.");
    const forToday = await preview(today);
    expect(forToday).not.toContain("Apfelkuchen");
    expect(forToday).toContain("Kaffee");
    expect(forToday).toContain("ein anderer Katalog: „Heute“");

    // The item dialog opens read-only: no form posts anywhere from it.
    const dialog = await admin.send(
      `/backend/menus/${next.id}/preview?date=${tomorrow.toISODate()}&branch=${otherBranch}&produkt=${products.Apfelkuchen}`,
    );
    const dialogHtml = await dialog.text();
    expect(dialogHtml).toContain('id="artikel-titel"');
    expect(dialogHtml).toContain("In der Vorschau nicht möglich");
    expect(dialogHtml).not.toContain('name="intent" value="add"');

    // The shop today still shows today's menu.
    const shop = await fetch(`${server.origin}/store/hafen`);
    const shopHtml = await shop.text();
    expect(shopHtml).toContain("Kaffee");
    expect(shopHtml).not.toContain("Apfelkuchen");

    // GET /api/branches/{id}/menus: the same records as /api/menus/{id}, newest first.
    const branchMenus = (await json(await admin.send(`/api/branches/${otherBranch}/menus`))).data;
    expect(branchMenus.map((menu: { id: number }) => menu.id)).toEqual([next.id, current.id]);
    const one = (await json(await admin.send(`/api/menus/${current.id}`))).data;
    expect(branchMenus[1]).toEqual({ ...one, isActive: true });
    expect(branchMenus[0].isActive).toBe(false);
  });

  it("copies a menu with its branches and catalogue, a week later", async () => {
    const menu = (
      await json(
        await admin.send("/api/menus", {
          json: {
            name: "Vorlage",
            availableFrom: "2026-12-07T05:00",
            branchIds: [branch, otherBranch],
            catalog: [
              {
                id: bread,
                products: [{ productId: products.Roggenbrot }, { productGroupId: group }],
              },
            ],
          },
        }),
      )
    ).data;
    const copied = await admin.send(`/backend/menus/${menu.id}/catalogue`, {
      form: { intent: "copy" },
    });
    expect(copied.status).toBe(302);
    const id = Number(/\/backend\/menus\/(\d+)/.exec(copied.headers.get("Location") ?? "")?.[1]);
    const copy = (await json(await admin.send(`/api/menus/${id}`))).data;
    expect(copy).toMatchObject({
      name: "Vorlage (Kopie)",
      availableFrom: "2026-12-14T05:00",
      branches: [branch, otherBranch].sort((a, b) => a - b),
      catalog: menu.catalog,
    });
  });
});
