import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Categories and product groups on the resource pattern (issue 15, decision 036): the schedule
 * through the opening-hours rule editor (JSON and the form without JavaScript), what the
 * storefront makes of it, product groups with their products in order, and the refusals.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("categories and product groups (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let branchId: number;
  let products: number[];

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    branchId = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    products = (
      await handle.db
        .insertInto("products")
        .values([
          { name: "Brezel", price: 90 },
          { name: "Croissant", price: 140 },
          { name: "Franzbrötchen", price: 220 },
        ])
        .returning("id")
        .execute()
    ).map((row) => row.id);
    server = await startAppServer(handle.db);
    admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id,
    );
    manager = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_MANAGER"], branchIds: [branchId] })).id,
    );
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("keeps a category's schedule and the storefront lists it only within it", async () => {
    const created = await admin.send("/api/categories", {
      json: {
        name: "Frühstück",
        identifier: "fruehstueck",
        isEnabled: true,
        schedule: [{ type: "daily", from: "06:00", to: "11:00" }],
      },
    });
    expect(created.status).toBe(201);
    const category = (await json(created)).data;
    expect(category.schedule).toEqual([
      { type: "daily", date: null, isClosed: false, from: "06:00", to: "11:00" },
    ]);
    const stored = await handle.db
      .selectFrom("categories")
      .select("schedule")
      .where("id", "=", category.id)
      .executeTakeFirstOrThrow();
    expect(stored.schedule).toEqual([
      { type: "daily", date: null, isClosed: false, fromTime: "06:00", toTime: "11:00" },
    ]);

    const menu = await handle.db
      .insertInto("menus")
      .values({ name: "Sommer", availableFrom: new Date("2026-01-01T00:00:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db.insertInto("menuBranches").values({ menuId: menu.id, branchId }).execute();
    await handle.db
      .insertInto("menuCategories")
      .values({ menuId: menu.id, categoryId: category.id, position: 0 })
      .execute();
    await handle.db
      .insertInto("menuEntries")
      .values({ menuId: menu.id, categoryId: category.id, position: 0, productId: products[0] })
      .execute();
    const zone = "Europe/Berlin";
    const morning = await loadActiveCatalogue(
      handle.db,
      branchId,
      new Date("2026-11-26T08:00:00+01:00"),
      zone,
    );
    expect(morning.categories.map((entry) => entry.name)).toEqual(["Frühstück"]);
    const evening = await loadActiveCatalogue(
      handle.db,
      branchId,
      new Date("2026-11-26T18:00:00+01:00"),
      zone,
    );
    expect(evening.categories).toEqual([]);

    // In a menu: it cannot go, and says why.
    const refused = await admin.send(`/api/categories/${category.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toBe(
      "Kann nicht gelöscht werden: Die Kategorie steht in einem Katalog.",
    );
  });

  it("refuses a broken schedule with a German message and saves nothing", async () => {
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom("categories")
            .select((eb) => eb.fn.countAll().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    for (const schedule of [
      [{ type: "daily", from: "11:00", to: "06:00" }],
      [{ type: "someday", from: "06:00", to: "11:00" }],
      "immer",
      Array.from({ length: 101 }, () => ({ type: "daily", from: "06:00", to: "07:00" })),
    ]) {
      const response = await admin.send("/api/categories", {
        json: { name: "Kaputt", schedule },
      });
      expect(response.status, JSON.stringify(schedule).slice(0, 60)).toBe(400);
      const { errors } = await json(response);
      expect(errors?.[0]?.message).toBe("Kategorie konnte nicht erstellt werden.");
      expect(errors?.some((error) => error.field?.startsWith("schedule"))).toBe(true);
    }
    expect(await count()).toBe(before);
  });

  it("adds schedule rows without JavaScript and saves them with the form", async () => {
    const added = await admin.send("/backend/categories/new", {
      form: { name: "Mittagstisch", intent: "schedule-add" },
    });
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(page).toContain('name="schedule[0].type"');
    expect(page).toContain('value="Mittagstisch"');

    const saved = await admin.send("/backend/categories/new", {
      form: {
        name: "Mittagstisch",
        identifier: "mittag",
        isEnabled: "on",
        "schedule[0].type": "monday",
        "schedule[0].from": "11:30",
        "schedule[0].to": "14:00",
      },
    });
    expect(saved.status).toBe(302);
    const id = Number(
      /\/backend\/categories\/(\d+)/.exec(saved.headers.get("Location") ?? "")?.[1],
    );
    const stored = (await json(await admin.send(`/api/categories/${id}`))).data;
    expect(stored).toMatchObject({ name: "Mittagstisch", isEnabled: true });
    expect(stored.schedule).toEqual([
      { type: "monday", date: null, isClosed: false, from: "11:30", to: "14:00" },
    ]);
  });

  it("keeps a product group's products in the order given and refuses unknown ones", async () => {
    const order = [products[2], products[0], products[1]];
    const created = await admin.send("/api/product-groups", {
      json: { name: "Kleingebäck", identifier: "kleingebaeck", productIds: order },
    });
    expect(created.status).toBe(201);
    const group = (await json(created)).data;
    // The spec's `products (list of ids)` (decision 097).
    expect(group.products).toEqual(order);

    const unknown = await admin.send(`/api/product-groups/${group.id}`, {
      method: "PUT",
      json: { name: "Kleingebäck", productIds: [products[0], 999_999] },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors?.some((error) => error.field === "productIds")).toBe(true);
    expect((await json(await admin.send(`/api/product-groups/${group.id}`))).data.products).toEqual(
      order,
    );

    const page = await (await admin.send(`/backend/product-groups/${group.id}`)).text();
    expect(page).toContain("Franzbrötchen");
  });

  it("lists categories to staff, changes image, visibility and position, and deletes", async () => {
    const image = (
      await handle.db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 1,
          height: 1,
          alt: "Abendbrot",
          storageKey: "test-abendbrot",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const created = await admin.send("/api/categories", {
      json: {
        name: "Abendbrot",
        identifier: "abendbrot",
        isEnabled: true,
        schedule: [{ type: "daily", from: "17:00", to: "20:00" }],
      },
    });
    expect(created.status).toBe(201);
    const category = (await json(created)).data;
    expect(category).toMatchObject({ image: null, isVisibleWhenUnavailable: false });

    // The staff list, as JSON and as the back-office page.
    const listed = await json(await admin.send("/api/categories?pageSize=200"));
    expect(listed.data.map((row: { name: string }) => row.name)).toContain("Abendbrot");
    const page = await admin.send("/backend/categories");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Abendbrot");
    expect(html).toContain(`/backend/categories/${category.id}`);

    // In its own branch's menu: outside its hours it is not listed until it stays visible.
    const branch = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "abend", name: "Abend" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const menu = await handle.db
      .insertInto("menus")
      .values({ name: "Abend", availableFrom: new Date("2026-01-01T00:00:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("menuBranches")
      .values({ menuId: menu.id, branchId: branch })
      .execute();
    await handle.db
      .insertInto("menuCategories")
      .values({ menuId: menu.id, categoryId: category.id, position: 0 })
      .execute();
    await handle.db
      .insertInto("menuEntries")
      .values({ menuId: menu.id, categoryId: category.id, position: 0, productId: products[1] })
      .execute();
    const zone = "Europe/Berlin";
    const morning = new Date("2026-11-26T08:00:00+01:00");
    expect((await loadActiveCatalogue(handle.db, branch, morning, zone)).categories).toEqual([]);

    const changed = await admin.send(`/api/categories/${category.id}`, {
      method: "PUT",
      headers: { "If-Match": `"${category.version}"` },
      json: {
        name: "Abendbrot",
        identifier: "abendbrot",
        isEnabled: true,
        schedule: [{ type: "daily", from: "17:00", to: "20:00" }],
        imageId: image,
        isVisibleWhenUnavailable: true,
        position: 7,
      },
    });
    expect(changed.status, JSON.stringify(await changed.clone().json())).toBe(200);
    const read = (await json(await admin.send(`/api/categories/${category.id}`))).data;
    expect(read).toMatchObject({
      image: { id: image },
      isVisibleWhenUnavailable: true,
      position: 7,
    });
    expect(read.version).not.toBe(category.version);
    // Listed now, greyed out: outside its hours it cannot be ordered.
    const listedNow = await loadActiveCatalogue(handle.db, branch, morning, zone);
    expect(listedNow.categories.map((entry) => entry.name)).toEqual(["Abendbrot"]);
    expect(listedNow.categories[0]?.products.map((entry) => entry.isAvailable)).toEqual([false]);
    expect(listedNow.orderable.size).toBe(0);

    // Out of the menu it can go, and is gone.
    await handle.db.deleteFrom("menuEntries").where("menuId", "=", menu.id).execute();
    await handle.db.deleteFrom("menuCategories").where("menuId", "=", menu.id).execute();
    const deleted = await admin.send(`/api/categories/${category.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/categories/${category.id}`)).status).toBe(404);
    expect(
      await handle.db
        .selectFrom("categories")
        .select("id")
        .where("id", "=", category.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const after = await json(await admin.send("/api/categories?pageSize=200"));
    expect(after.data.map((row: { name: string }) => row.name)).not.toContain("Abendbrot");
  });

  it("lists, changes and deletes a product group", async () => {
    const created = await admin.send("/api/product-groups", {
      json: { name: "Laugengebäck", identifier: "lauge", productIds: [products[0]] },
    });
    expect(created.status).toBe(201);
    const group = (await json(created)).data;

    const listed = await json(await admin.send("/api/product-groups?pageSize=200"));
    expect(listed.data.map((row: { name: string }) => row.name)).toContain("Laugengebäck");
    const page = await admin.send("/backend/product-groups");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Laugengebäck");

    const changed = await admin.send(`/api/product-groups/${group.id}`, {
      method: "PUT",
      headers: { "If-Match": `"${group.version}"` },
      json: {
        name: "Laugen & Brezeln",
        identifier: "lauge",
        productIds: [products[1], products[0]],
      },
    });
    expect(changed.status, JSON.stringify(await changed.clone().json())).toBe(200);
    const read = (await json(await admin.send(`/api/product-groups/${group.id}`))).data;
    expect(read).toMatchObject({
      name: "Laugen & Brezeln",
      products: [products[1], products[0]],
    });

    const deleted = await admin.send(`/api/product-groups/${group.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/product-groups/${group.id}`)).status).toBe(404);
    expect(
      await handle.db
        .selectFrom("productGroupProducts")
        .select("productId")
        .where("productGroupId", "=", group.id)
        .execute(),
    ).toEqual([]);
  });

  it("leaves the catalogue to administrators", async () => {
    expect((await manager.send("/api/categories")).status).toBe(403);
    expect((await manager.send("/api/product-groups", { json: { name: "X" } })).status).toBe(403);
    expect((await manager.send("/backend/categories")).status).toBe(403);
  });
});
