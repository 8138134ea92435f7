import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import "#app/features/resources.server";
import { de as deBackoffice } from "#app/i18n/de-backoffice";
import { deSignage } from "#app/i18n/de-signage";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { NEW_CODES_PER_ADDRESS, WRONG_CODES_PER_USER } from "#app/features/signage/signage.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { openEventStream } from "#tests/support/sse-client";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Digital signage (issue 22, decision 060): the three resources' rules, pairing a TV by its code
 * (and the lock after wrong codes), what the player shows, its live connection and reports.
 */
describe.each(databaseTargets())("digital signage (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let live: LiveOrders;
  let admin: TestStaff;
  let wiehreManager: TestStaff;
  let wiehre = 0;
  let altstadt = 0;
  let imageId = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    wiehre = (await findBranchByIdentifier(db, "wiehre"))!.id;
    altstadt = (await findBranchByIdentifier(db, "altstadt"))!.id;
    live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    server = await startAppServer(db, { live });
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    wiehreManager = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [wiehre] });
    const image = await db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        alt: "Brezel",
        storageKey: "brezel.png",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    imageId = image.id;
  });

  afterAll(async () => {
    await server?.close();
    await live?.close();
    await handle?.close();
  });

  const as = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);
  const post = async (user: TestStaff, path: string, json: unknown) =>
    (await as(user)).send(path, { method: "POST", json });

  async function segment(json: Record<string, unknown>) {
    const response = await post(admin, "/api/digital-signage-segments", json);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { data: { id: number } }).data.id;
  }

  it("refuses segments of 0 or 100,000 seconds and kinds without their content, in German", async () => {
    for (const durationSeconds of [0, 100_000, -1, "viel"]) {
      const response = await post(admin, "/api/digital-signage-segments", {
        name: "Zu lang",
        kind: "text",
        body: "Hallo",
        durationSeconds,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(body.errors.some((error) => error.field === "durationSeconds")).toBe(true);
    }
    const noImage = await post(admin, "/api/digital-signage-segments", {
      name: "Bild",
      kind: "image",
      durationSeconds: 5,
    });
    expect(noImage.status).toBe(400);
    expect(await noImage.text()).toContain(deSignage.problems.imageRequired);
    const foreignPage = await post(admin, "/api/digital-signage-segments", {
      name: "Fremd",
      kind: "page",
      pagePath: "//evil.example/",
      durationSeconds: 5,
    });
    expect(foreignPage.status).toBe(400);
    expect(await foreignPage.text()).toContain(deSignage.problems.pagePath);
    expect(await db.selectFrom("signageSegments").select("id").execute()).toHaveLength(0);
  });

  it("keeps segments and streams for administrators only, and TVs to their branch", async () => {
    const manager = await as(wiehreManager);
    expect((await manager.send("/api/digital-signage-segments")).status).toBe(403);
    expect((await manager.send("/api/digital-signage-streams")).status).toBe(403);
    expect((await manager.send("/api/digital-signage-devices")).status).toBe(200);
    const foreign = await manager.send("/api/digital-signage-devices", {
      json: { name: "Fremder TV", branchId: altstadt },
    });
    expect(foreign.status).toBe(403);
  });

  it("refuses a stream that contains itself, directly or through another", async () => {
    const text = await segment({
      name: "Willkommen",
      kind: "text",
      body: "Willkommen!",
      durationSeconds: 5,
    });
    const first = await post(admin, "/api/digital-signage-streams", {
      name: "Morgens",
      segmentIds: [text],
      transition: "fade",
      schedule: "",
    });
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { data: { id: number } }).data.id;
    const second = await post(admin, "/api/digital-signage-streams", {
      name: "Tag",
      segmentIds: [text],
      transition: "none",
      schedule: `täglich 06:00-11:00 ${firstId}`,
    });
    expect(second.status).toBe(201);
    const secondId = ((await second.json()) as { data: { id: number } }).data.id;
    const client = await as(admin);
    const self = await client.send(`/api/digital-signage-streams/${firstId}`, {
      method: "PUT",
      json: {
        name: "Morgens",
        segmentIds: [text],
        transition: "fade",
        schedule: `Mo 06:00-07:00 ${firstId}`,
      },
    });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain(deSignage.problems.containsItself);
    const circle = await client.send(`/api/digital-signage-streams/${firstId}`, {
      method: "PUT",
      json: {
        name: "Morgens",
        segmentIds: [text],
        transition: "fade",
        schedule: `Mo 06:00-07:00 ${secondId}`,
      },
    });
    expect(circle.status).toBe(400);
    const badLine = await client.send(`/api/digital-signage-streams/${firstId}`, {
      method: "PUT",
      json: { name: "Morgens", segmentIds: [text], transition: "fade", schedule: "irgendwann" },
    });
    expect(badLine.status).toBe(400);
    expect(await badLine.text()).toContain("Zeile 1");
    // The segment is in streams: deleting it is refused with the reason.
    const deleting = await client.send(`/api/digital-signage-segments/${text}`, {
      method: "DELETE",
    });
    expect(deleting.status).toBe(409);
    expect(await deleting.text()).toContain("Stream");
  });

  it("pairs a TV by its code, plays the stream with a live menu board, and reports", async () => {
    const board = await segment({
      name: "Tafel",
      kind: "menu",
      branchId: wiehre,
      durationSeconds: 8,
    });
    const picture = await segment({
      name: "Brezelbild",
      kind: "image",
      imageId,
      durationSeconds: 4,
    });
    const created = await post(admin, "/api/digital-signage-streams", {
      name: "Theke",
      segmentIds: [board, picture],
      transition: "none",
      schedule: "",
    });
    const streamId = ((await created.json()) as { data: { id: number } }).data.id;

    // The TV: a code on screen, a cookie for the player's path.
    const first = await fetch(`${server.origin}/tv`);
    expect(first.status).toBe(200);
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    const html = await first.text();
    const code = /data-testid="pairing-code">([A-Z0-9]{6})</.exec(html)?.[1];
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    // Not yet paired: no live connection, no reports.
    expect(
      (await fetch(`${server.origin}/tv/events`, { headers: { Cookie: cookie } })).status,
    ).toBe(403);

    // A manager of another branch cannot pair it into Altstadt.
    const foreign = await post(wiehreManager, "/api/digital-signage-devices/pair", {
      code,
      name: "Fremd",
      branchId: altstadt,
      streamId,
    });
    expect(foreign.status).toBe(403);
    const paired = await post(wiehreManager, "/api/digital-signage-devices/pair", {
      code: code!.toLowerCase(),
      name: "Theke links",
      branchId: wiehre,
      streamId,
    });
    expect(paired.status, await paired.clone().text()).toBe(201);
    const deviceId = ((await paired.json()) as { data: { id: number } }).data.id;
    // The code is spent.
    const again = await post(admin, "/api/digital-signage-devices/pair", {
      code,
      name: "Nochmal",
      branchId: wiehre,
      streamId,
    });
    expect(again.status).toBe(400);

    const playing = await (
      await fetch(`${server.origin}/tv`, { headers: { Cookie: cookie } })
    ).text();
    const catalogue = await loadActiveCatalogue(db, wiehre, new Date(), "Europe/Berlin");
    const productName = catalogue.categories[0]!.products[0]!.product.name;
    expect(playing).toContain('data-testid="menu-board"');
    expect(playing).toContain(productName.replace(/&/g, "&amp;"));
    // Without JavaScript: the next segment by a meta refresh after this one's seconds.
    expect(playing).toContain('content="8;url=/tv?i=1"');
    const second = await (
      await fetch(`${server.origin}/tv?i=1`, { headers: { Cookie: cookie } })
    ).text();
    expect(second).toMatch(/<img[^>]+src="\/image\/\d+-\d+\.png"/);

    // The live connection: a price change in the catalogue reaches it.
    const stream = await openEventStream(`${server.origin}/tv/events`, {
      headers: { Cookie: cookie },
    });
    expect(stream.status).toBe(200);
    const from = stream.events.length;
    await db.updateTable("products").set({ price: 999 }).where("name", "=", productName).execute();
    await stream.waitFor((event) => event.event === "change", { from, timeoutMs: 5_000 });
    const next = stream.events.length;
    await (
      await as(admin)
    ).send(`/api/digital-signage-segments/${picture}`, {
      method: "PUT",
      json: { name: "Brezelbild neu", kind: "image", imageId, durationSeconds: 6 },
    });
    await stream.waitFor((event) => event.event === "change", { from: next, timeoutMs: 5_000 });
    stream.close();
    const updated = await (
      await fetch(`${server.origin}/tv`, { headers: { Cookie: cookie } })
    ).text();
    expect(updated).toContain("9,99");

    // The report, and the list's state.
    const version = /data-version="(\d+)"/.exec(updated)?.[1];
    const report = await fetch(`${server.origin}/tv/heartbeat`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify({ playing: "Tafel", version }),
    });
    expect(report.status).toBe(204);
    const list = await (await as(admin)).send("/backend/digital-signage-devices");
    const page = await list.text();
    expect(page).toContain("Theke links");
    expect(page).toMatch(/online · zuletzt \d\d\.\d\d\.\d{4} \d\d:\d\d · Tafel/);
    const junk = await fetch(`${server.origin}/tv/heartbeat`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.origin },
      body: "{kaputt",
    });
    expect(junk.status).toBe(400);
    const stranger = await fetch(`${server.origin}/tv/heartbeat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: "{}",
    });
    expect(stranger.status).toBe(403);

    // Deleting the TV unpairs the browser: it shows a new code.
    const gone = await (
      await as(admin)
    ).send(`/api/digital-signage-devices/${deviceId}`, {
      method: "DELETE",
    });
    expect(gone.status).toBeLessThan(300);
    const after = await (
      await fetch(`${server.origin}/tv`, { headers: { Cookie: cookie } })
    ).text();
    expect(after).toContain('data-testid="pairing-code"');
  });

  it("locks pairing after too many wrong codes with a German 429", async () => {
    const guesser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [wiehre] });
    const client = await as(guesser);
    let last: Response | undefined;
    for (let attempt = 0; attempt <= WRONG_CODES_PER_USER; attempt += 1) {
      last = await client.send("/api/digital-signage-devices/pair", {
        json: { code: "ZZZZZ2", name: "Raten", branchId: wiehre },
      });
      if (attempt < WRONG_CODES_PER_USER) expect(last.status).toBe(400);
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain(deSignage.pairing.tooMany);
    // The form without JavaScript says the same beside the field.
    const form = await client.send("/backend/digital-signage-devices/pair", {
      form: { code: "ZZZZZ2", name: "Raten", branchId: String(wiehre), streamId: "" },
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(deSignage.pairing.tooMany);
  });

  it("makes a bounded number of codes per address, keeps a browser's own, removes expired ones (issue 35)", async () => {
    const pairings = async () =>
      Number(
        (
          await db
            .selectFrom("signagePairings")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const from = (address: string, cookie?: string) =>
      fetch(`${server.origin}/tv`, {
        headers: { "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
      });
    // A code that ran out long ago, unpaired, and an old pairing of a TV that stays.
    const expired = await db
      .insertInto("signagePairings")
      .values({
        code: "ZZZZZ3",
        tokenHash: "a".repeat(64),
        createdAt: new Date(Date.now() - 31 * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const tv = await db
      .insertInto("signageDevices")
      .values({ name: "Alter TV", branchId: wiehre })
      .returning("id")
      .executeTakeFirstOrThrow();
    const paired = await db
      .insertInto("signagePairings")
      .values({
        code: "ZZZZZ4",
        tokenHash: "b".repeat(64),
        createdAt: new Date(Date.now() - 90 * 24 * 3_600_000),
        deviceId: tv.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await pairings();

    // A browser with its cookie keeps its code and writes nothing.
    const own = await from("198.51.100.60");
    const cookie = own.headers.get("Set-Cookie")!.split(";")[0]!;
    const code = /data-testid="pairing-code">([A-Z0-9]{6})</.exec(await own.text())?.[1];
    expect(code).toBeDefined();
    for (let i = 0; i < 20; i += 1) {
      const again = await from("198.51.100.60", cookie);
      expect(again.headers.get("Set-Cookie")).toBeNull();
      expect(await again.text()).toContain(`data-testid="pairing-code">${code}<`);
    }
    // Making that code removed the expired one; the paired TV's stays.
    const ids = (await db.selectFrom("signagePairings").select("id").execute()).map((r) => r.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).toContain(paired.id);
    // One code made (its browser's), one removed (the expired one), however often it reloaded.
    expect(await pairings()).toBe(before + 1 - 1);

    // 100 requests without a cookie from one address: ten codes, then a German 429, no row.
    const statuses: number[] = [];
    let refused = "";
    for (let i = 0; i < 100; i += 1) {
      const response = await from("198.51.100.61");
      statuses.push(response.status);
      const html = await response.text();
      if (response.status === 429) {
        refused = html;
        expect(response.headers.get("Set-Cookie")).toBeNull();
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(
      NEW_CODES_PER_ADDRESS.maxFailures,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      100 - NEW_CODES_PER_ADDRESS.maxFailures,
    );
    expect(refused).toContain("zu viele neue Kopplungscodes");
    expect(refused).not.toContain('data-testid="pairing-code"');
    expect(await pairings()).toBe(before + NEW_CODES_PER_ADDRESS.maxFailures);
    // The same /64 is the same address; another address still gets its code.
    expect((await from("2001:db8:1:2::a")).status).toBe(200);
    expect((await from("2001:db8:1:2::b")).status).toBe(200);
    expect((await from("198.51.100.62")).status).toBe(200);
    // The browser that has its code keeps it, whatever its address did.
    expect((await from("198.51.100.61", cookie)).status).toBe(200);
    // At the same moment: still ten (the count is taken in the code's transaction).
    const beforeBurst = await pairings();
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => from("198.51.100.63").then((r) => r.status)),
    );
    expect(burst.filter((status) => status === 200)).toHaveLength(
      NEW_CODES_PER_ADDRESS.maxFailures,
    );
    expect(await pairings()).toBe(beforeBurst + NEW_CODES_PER_ADDRESS.maxFailures);
  });

  it("shows the section 8 message names", () => {
    expect(deBackoffice.resources.signageSegments.errors.list).toBe(
      "Filmsequenzen konnten nicht geladen werden.",
    );
    expect(deBackoffice.resources.signageStreams.errors.list).toBe(
      "Streams konnten nicht geladen werden.",
    );
    expect(deBackoffice.resources.signageDevices.errors.list).toBe(
      "TVs konnten nicht geladen werden.",
    );
  });
});
