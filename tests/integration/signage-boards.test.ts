import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import "#app/features/resources.server";
import { deSignage } from "#app/i18n/de-signage";
import { playerView } from "#app/features/signage/signage.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Menu boards of chosen categories, a stream's running order and its entries' own durations
 * (issue 22, decision 060), through the API and the back office's plain forms.
 */
describe.each(databaseTargets())("signage boards and running order (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: TestStaff;
  let wiehre = 0;
  let categories: { id: number; name: string }[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    wiehre = (await findBranchByIdentifier(db, "wiehre"))!.id;
    server = await startAppServer(db);
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const catalogue = await loadActiveCatalogue(db, wiehre, new Date(), "Europe/Berlin");
    categories = catalogue.categories
      .filter((category) => category.products.length > 0)
      .map(({ id, name }) => ({ id, name }));
    expect(categories.length).toBeGreaterThanOrEqual(2);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const as = () => new StaffClient(server).signInAs(server.context, admin.id);
  const api = async (path: string, json: unknown, method = "POST") =>
    (await as()).send(path, { method, json });
  const idOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const versionOf = async (path: string) => {
    const html = await (await (await as()).send(path)).text();
    return /name="version" value="([^"]+)"/.exec(html)![1]!;
  };
  const text = (name: string, seconds: number) =>
    api("/api/digital-signage-segments", {
      name,
      kind: "text",
      body: name,
      durationSeconds: seconds,
    });
  const boardOf = async (streamId: number) => {
    const view = await playerView(db, streamId, new Date(), { fixed: true });
    return view.segments.find((segment) => segment.kind === "menu")?.menu;
  };

  it("shows only the chosen categories on a menu board, chosen by checkboxes without JavaScript", async () => {
    const client = await as();
    const page = await (await client.send("/backend/digital-signage-segments/new")).text();
    for (const category of categories) {
      expect(page).toMatch(
        new RegExp(`type="checkbox"[^>]*name="categoryIds"[^>]*value="${category.id}"`),
      );
    }
    const [first, second] = categories as [(typeof categories)[0], (typeof categories)[0]];
    const created = await client.send("/backend/digital-signage-segments/new", {
      form: {
        name: "Frühstückstafel",
        kind: "menu",
        durationSeconds: "12",
        branchId: String(wiehre),
        categoryIds: [String(second.id)],
      },
    });
    expect(created.status, await created.clone().text()).toBe(302);
    const segmentId = Number(/segments\/(\d+)/.exec(created.headers.get("Location")!)![1]);
    const edit = await (await client.send(`/backend/digital-signage-segments/${segmentId}`)).text();
    expect(edit).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${second.id}"`));
    expect(edit).not.toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${first.id}"`));

    const streamId = await idOf(
      await api("/api/digital-signage-streams", {
        name: "Tafel",
        segmentIds: [segmentId],
        transition: "none",
        schedule: "",
      }),
    );
    expect((await boardOf(streamId))?.categories.map((category) => category.name)).toEqual([
      second.name,
    ]);

    // Both chosen: the menu's own order. None chosen: the whole menu.
    await api(
      `/api/digital-signage-segments/${segmentId}`,
      {
        name: "Frühstückstafel",
        kind: "menu",
        durationSeconds: 12,
        branchId: wiehre,
        categoryIds: [second.id, first.id],
      },
      "PUT",
    );
    expect((await boardOf(streamId))?.categories.map((category) => category.name)).toEqual([
      first.name,
      second.name,
    ]);
    await api(
      `/api/digital-signage-segments/${segmentId}`,
      {
        name: "Frühstückstafel",
        kind: "menu",
        durationSeconds: 12,
        branchId: wiehre,
        categoryIds: [],
      },
      "PUT",
    );
    expect((await boardOf(streamId))?.categories.length).toBe(categories.length);
  });

  it("refuses unknown, malformed or misplaced category ids with a German message, writing nothing", async () => {
    const before = await db.selectFrom("signageSegments").select("id").execute();
    for (const [categoryIds, message] of [
      [[2_147_483_647], deSignage.problems.unknownCategory(2_147_483_647)],
      [[categories[0]!.id, 999_999], deSignage.problems.unknownCategory(999_999)],
      [["abc"], null],
      [["99999999999999999999"], null],
    ] as const) {
      const response = await api("/api/digital-signage-segments", {
        name: "Tafel",
        kind: "menu",
        durationSeconds: 5,
        branchId: wiehre,
        categoryIds,
      });
      expect(response.status, JSON.stringify(categoryIds)).toBe(400);
      const body = (await response.json()) as { errors: { field?: string; message: string }[] };
      expect(body.errors.some((error) => error.field?.startsWith("categoryIds"))).toBe(true);
      if (message) expect(body.errors.map((error) => error.message)).toContain(message);
    }
    const onText = await api("/api/digital-signage-segments", {
      name: "Text",
      kind: "text",
      body: "Hallo",
      durationSeconds: 5,
      categoryIds: [categories[0]!.id],
    });
    expect(onText.status).toBe(400);
    expect(await onText.text()).toContain(deSignage.problems.categoriesOnlyForMenu);
    // The form shows the message beside the checkboxes.
    const form = await (
      await as()
    ).send("/backend/digital-signage-segments/new", {
      form: {
        name: "Tafel",
        kind: "menu",
        durationSeconds: "5",
        branchId: String(wiehre),
        categoryIds: ["999999"],
      },
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(deSignage.problems.unknownCategory(999_999));
    expect(await db.selectFrom("signageSegments").select("id").execute()).toEqual(before);
  });

  it("plays a stream's entries in their positions with their own durations", async () => {
    const a = await idOf(await text("Anfang", 8));
    const b = await idOf(await text("Brot", 5));
    const c = await idOf(await text("Croissant", 20));
    const streamId = await idOf(
      await api("/api/digital-signage-streams", {
        name: "Ablauf",
        segmentIds: [a, b, c],
        entries: [
          { segmentId: c, position: 1, durationSeconds: 3 },
          { segmentId: a, position: 2 },
          { segmentId: b, position: 3, durationSeconds: 3600 },
        ],
        transition: "none",
        schedule: "",
      }),
    );
    const played = async () =>
      (await playerView(db, streamId, new Date(), { fixed: true })).segments.map((segment) => [
        segment.name,
        segment.seconds,
      ]);
    expect(await played()).toEqual([
      ["Croissant", 3],
      ["Anfang", 8],
      ["Brot", 3600],
    ]);
    // The API reads the order back, and segmentIds alone keep their given order.
    const read = (await (
      await (await as()).send(`/api/digital-signage-streams/${streamId}`)
    ).json()) as {
      data: { segmentIds: number[]; entries: { segmentId: number; position: number }[] };
    };
    expect(read.data.segmentIds).toEqual([c, a, b]);
    expect(read.data.entries.map((entry) => entry.position)).toEqual([1, 2, 3]);

    for (const durationSeconds of [0, 3601, -5, 1.5, "viel", "99999999999999999999"]) {
      const response = await api(
        `/api/digital-signage-streams/${streamId}`,
        {
          name: "Ablauf",
          segmentIds: [a, b, c],
          entries: [{ segmentId: a, position: 1, durationSeconds }],
          transition: "none",
          schedule: "",
        },
        "PUT",
      );
      expect(response.status, String(durationSeconds)).toBe(400);
      expect(await response.text()).toContain(deSignage.problems.entryDuration);
    }
    const badPosition = await api(
      `/api/digital-signage-streams/${streamId}`,
      {
        name: "Ablauf",
        segmentIds: [a, b, c],
        entries: [{ segmentId: a, position: 0 }],
        transition: "none",
        schedule: "",
      },
      "PUT",
    );
    expect(badPosition.status).toBe(400);
    expect(await badPosition.text()).toContain(deSignage.problems.entryPosition);
    // Nothing changed.
    expect(await played()).toEqual([
      ["Croissant", 3],
      ["Anfang", 8],
      ["Brot", 3600],
    ]);

    // The no-JavaScript page plays the entry's own duration too.
    const stored = await db
      .selectFrom("signageStreamSegments")
      .select(["segmentId", "durationSeconds"])
      .where("streamId", "=", streamId)
      .orderBy("position")
      .execute();
    expect(stored).toEqual([
      { segmentId: c, durationSeconds: 3 },
      { segmentId: a, durationSeconds: null },
      { segmentId: b, durationSeconds: 3600 },
    ]);
  });

  it("sets the order and durations in the stream form, without JavaScript", async () => {
    const x = await idOf(await text("Xaver", 7));
    const y = await idOf(await text("Ypsilon", 9));
    const z = await idOf(await text("Zimt", 11));
    const streamId = await idOf(
      await api("/api/digital-signage-streams", {
        name: "Formular",
        segmentIds: [x, y, z],
        transition: "fade",
        schedule: "",
      }),
    );
    const path = `/backend/digital-signage-streams/${streamId}`;
    const page = await (await (await as()).send(path)).text();
    expect(page).toContain(deSignage.fields.entries);
    for (const [index, name] of ["Xaver", "Ypsilon", "Zimt"].entries()) {
      expect(page).toContain(`name="entries[${index}].position"`);
      expect(page).toContain(`name="entries[${index}].durationSeconds"`);
      expect(page).toContain(
        `<label for="ablauf-${index}-position">${deSignage.fields.entryPosition(name).replace(/'/g, "&#x27;")}</label>`,
      );
    }
    const form = (entries: [number, string, string][]) => ({
      name: "Formular",
      transition: "fade",
      schedule: "",
      // The list box sends its choices in its own order, not the running order.
      segmentIds: [String(x), String(y), String(z)],
      version: "",
      ...Object.fromEntries(
        entries.flatMap(([segmentId, position, seconds], index) => [
          [`entries[${index}].segmentId`, String(segmentId)],
          [`entries[${index}].position`, position],
          [`entries[${index}].durationSeconds`, seconds],
        ]),
      ),
    });
    const refused = await (
      await as()
    ).send(path, {
      form: {
        ...form([
          [x, "1", "0"],
          [y, "2", ""],
          [z, "3", ""],
        ]),
        version: await versionOf(path),
      },
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="ablauf-0-durationSeconds-fehler"');
    expect(html).toContain(deSignage.problems.entryDuration);

    const saved = await (
      await as()
    ).send(path, {
      form: {
        ...form([
          [x, "3", ""],
          [y, "", "30"],
          [z, "1", "2"],
        ]),
        version: await versionOf(path),
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const view = await playerView(db, streamId, new Date(), { fixed: true });
    // Numbered first (Zimt 1, Xaver 3), then the one without a number (Ypsilon).
    expect(view.segments.map((segment) => [segment.name, segment.seconds])).toEqual([
      ["Zimt", 2],
      ["Xaver", 7],
      ["Ypsilon", 30],
    ]);
    // Taking a segment out of the list box drops its entry too.
    const fewer = await (
      await as()
    ).send(path, {
      form: {
        ...form([
          [z, "1", "2"],
          [x, "2", ""],
          [y, "3", "30"],
        ]),
        segmentIds: [String(x), String(z)],
        version: await versionOf(path),
      },
    });
    expect(fewer.status).toBe(302);
    const after = await playerView(db, streamId, new Date(), { fixed: true });
    expect(after.segments.map((segment) => segment.name)).toEqual(["Zimt", "Xaver"]);
  });
});
