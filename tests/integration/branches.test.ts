import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { fullBranch } from "#tests/support/branch-body";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Branches on the resource pattern (spec section 3; decision 035): every field, opening and
 * delivery hours as rules, delivery areas, tags; `GET /api/branches/{id}/menus`; the HTML form
 * without JavaScript (rows added and removed by round trip); scope and bad input.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("branches (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let ownBranch: number;

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    ownBranch = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [ownBranch],
    });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("creates a branch with 20 rules, 10 delivery areas and tags, and reads it back", async () => {
    const tag = (
      await json(await admin.send("/api/tags", { json: { name: "Bio", identifier: "bio" } }))
    ).data;
    const created = await admin.send("/api/branches", {
      json: { ...fullBranch("hafen"), tags: [{ id: tag.id }] },
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const branch = (await json(created)).data;
    expect(branch).toMatchObject({
      name: "Filiale hafen",
      city: "Freiburg",
      tags: [{ id: tag.id }],
    });
    expect(branch.openingHours).toHaveLength(20);
    expect(branch.openingHours[14]).toMatchObject({ type: "once", date: "2026-12-24" });
    expect(branch.deliveryAreas).toHaveLength(10);
    expect(branch.deliveryAreas[9]).toMatchObject({
      area: "Zone 10",
      price: 600,
      postcodes: "79099",
    });

    // A change of one area keeps the others, and the branch's version moves.
    const areas = branch.deliveryAreas.slice(0, 3);
    areas[0].price = 0;
    areas[0].free = true;
    const updated = await admin.send(`/api/branches/${branch.id}`, {
      method: "PUT",
      json: { deliveryAreas: areas, version: branch.version },
    });
    expect(updated.status).toBe(200);
    const after = (await json(updated)).data;
    expect(after.deliveryAreas.map((area: { area: string }) => area.area)).toEqual([
      "Zone 1",
      "Zone 2",
      "Zone 3",
    ]);
    expect(after.deliveryAreas[0]).toMatchObject({ price: 0, free: true });
    expect(after.openingHours).toHaveLength(20);
    expect(after.version).not.toBe(branch.version);

    const menus = await admin.send(`/api/branches/${branch.id}/menus`);
    expect(menus.status).toBe(200);
    expect((await json(menus)).data).toEqual([]);
  });

  it("refuses bad rules, areas and fields with messages at their place, writing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ openingHours: [{ type: "monday", from: "18:00", to: "08:00" }] }, "openingHours.0.to"],
      [{ openingHours: [{ type: "once", from: "08:00", to: "12:00" }] }, "openingHours.0.date"],
      [{ deliveryAreas: [{ area: "Nord", price: -100, tax: 7 }] }, "deliveryAreas.0.price"],
      [{ deliveryAreas: [{ area: "Nord", price: 100, tax: 16 }] }, "deliveryAreas.0.tax"],
      [{ email: "keine-adresse" }, "email"],
      [{ latitude: 123 }, "latitude"],
      [{ name: "<img src=x onerror=alert(1)>" }, "name"],
      [{ divisionId: 999_999 }, "divisionId"],
    ];
    for (const [change, field] of cases) {
      const response = await admin.send("/api/branches", {
        json: { ...fullBranch(`fehler-${field.replace(/[^a-z]/gi, "").toLowerCase()}`), ...change },
      });
      expect(response.status, field).toBe(400);
      const { errors } = await json(response);
      expect(errors?.[0]?.message).toBe("Filiale konnte nicht erstellt werden.");
      expect(
        errors?.some((error) => error.field === field),
        `${field}: ${JSON.stringify(errors)}`,
      ).toBe(true);
    }
    const stray = await handle.db
      .selectFrom("branches")
      .select("id")
      .where("identifier", "like", "fehler-%")
      .execute();
    expect(stray).toEqual([]);
    const duplicate = await admin.send("/api/branches", { json: fullBranch("altstadt") });
    expect(duplicate.status).toBe(400);
    expect((await json(duplicate)).errors?.some((error) => error.field === "identifier")).toBe(
      true,
    );
  });

  it("lets a manager edit their branch but not open, delete or see another", async () => {
    const mine = await manager.send(`/api/branches/${ownBranch}`, {
      method: "PUT",
      json: { closedMessage: "Betriebsurlaub bis 6. Januar" },
    });
    expect(mine.status).toBe(200);
    expect((await manager.send("/api/branches", { json: fullBranch("neu") })).status).toBe(403);
    expect((await manager.send(`/api/branches/${ownBranch}`, { method: "DELETE" })).status).toBe(
      403,
    );
    const listed = (await json(await manager.send("/api/branches"))).data;
    expect(listed.map((branch: { id: number }) => branch.id)).toEqual([ownBranch]);
    expect((await manager.send("/backend/branches/new")).status).toBe(403);
  });

  it("refuses to delete a branch with orders and says what to do instead", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    expect(order.id).toBeGreaterThan(0);
    const refused = await admin.send(`/api/branches/${ownBranch}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toMatch(/nicht öffentlich/);
  });

  it("edits hours and areas in the HTML form without JavaScript, a row at a time", async () => {
    const page = await (await admin.send(`/backend/branches/${ownBranch}`)).text();
    const version = /name="version" value="([^"]+)"/.exec(page)![1]!;
    const base = { name: "Altstadt", identifier: "altstadt", position: "1", version };

    const added = await admin.send(`/backend/branches/${ownBranch}`, {
      form: { ...base, intent: "openingHours-add" },
    });
    expect(added.status).toBe(200);
    const addedText = await added.text();
    expect(addedText).toContain('name="openingHours[0].type"');

    const today = DateTime.now().setZone("Europe/Berlin").toISODate()!;
    const saved = await admin.send(`/backend/branches/${ownBranch}`, {
      form: {
        ...base,
        isPublic: "on",
        isTakeawayEnabled: "on",
        "openingHours[0].type": "daily",
        "openingHours[0].from": "00:00",
        "openingHours[0].to": "00:00",
        "openingHours[1].type": "once",
        "openingHours[1].date": today,
        "openingHours[1].isClosed": "on",
        "deliveryAreas[0].name": "Innenstadt",
        "deliveryAreas[0].price": "2,50",
        "deliveryAreas[0].taxRate": "7",
        "deliveryAreas[0].minimumOrderValue": "15",
        intent: "save",
      },
    });
    if (saved.status !== 302) {
      const html = await saved.text();
      const data = /streamController\.enqueue\((.*)\);<\/script>/s.exec(html)?.[1] ?? "";
      throw new Error(
        data.slice(data.lastIndexOf("actionData"), data.lastIndexOf("actionData") + 1500),
      );
    }
    expect(saved.status).toBe(302);
    const stored = (await json(await admin.send(`/api/branches/${ownBranch}`))).data;
    expect(stored.openingHours).toEqual([
      { type: "daily", date: null, isClosed: false, from: "00:00", to: "00:00" },
      { type: "once", date: today, isClosed: true, from: null, to: null },
    ]);
    expect(stored.deliveryAreas[0]).toMatchObject({
      area: "Innenstadt",
      price: 250,
      minimumOrderValue: 1500,
    });

    // The preview and the storefront both say the branch is closed today.
    const edit = await (await admin.send(`/backend/branches/${ownBranch}`)).text();
    expect(edit).toContain("Schließtag");
    const store = await (await fetch(`${server.origin}/store/altstadt`)).text();
    expect(store).toContain("Geschlossen");

    const invalid = await admin.send(`/backend/branches/${ownBranch}`, {
      form: {
        ...base,
        version: stored.version,
        "openingHours[0].type": "monday",
        "openingHours[0].from": "18:00",
        "openingHours[0].to": "08:00",
        intent: "save",
      },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Die Endzeit muss nach der Startzeit liegen.");
  });

  it("takes the public holidays' country and federal state, and refuses a state of another", async () => {
    const created = await admin.send("/api/branches", {
      json: { ...fullBranch("feiertage"), holidayCountry: "DE", holidayRegion: "BW" },
    });
    expect(created.status).toBe(201);
    const branch = (await json(created)).data;
    expect(branch).toMatchObject({ holidayCountry: "DE", holidayRegion: "BW" });
    for (const [body, message] of [
      [
        { holidayCountry: "AT", holidayRegion: "BW" },
        "Dieses Bundesland gehört nicht zum gewählten Land.",
      ],
      [
        { holidayCountry: null, holidayRegion: "BW" },
        "Bitte wählen Sie zuerst das Land der Feiertage.",
      ],
      [{ holidayCountry: "FR", holidayRegion: null }, null],
    ] as const) {
      const refused = await admin.send(`/api/branches/${branch.id}`, {
        method: "PUT",
        json: { ...body, version: branch.version },
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const errors = (await json(refused)).errors ?? [];
      if (message) expect(errors).toContainEqual({ message, field: "holidayRegion" });
    }
    // A manager sets them for their own branch.
    const own = (await json(await manager.send(`/api/branches/${ownBranch}`))).data;
    const changed = await manager.send(`/api/branches/${ownBranch}`, {
      method: "PUT",
      json: { holidayCountry: "AT", holidayRegion: "9", version: own.version },
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data).toMatchObject({ holidayCountry: "AT", holidayRegion: "9" });
  });
});
