import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { openEventStream, type SseConnection } from "#tests/support/sse-client";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

const texts = de.users;

/**
 * Sessions end on the server (decision 028): a cookie copied from a browser stops working at once
 * after signing out, a new password, a lock or "Überall abmelden", in every instance. Two app
 * servers run against the same database: on PostgreSQL each has its own connection pool, as two
 * instances behind a load balancer would; on PGlite they share the one embedded database.
 */
describe.each(databaseTargets())("staff sessions across two instances on %s", (target) => {
  let handle: DatabaseHandle;
  let second: DatabaseHandle | undefined;
  let db: Kysely<Database>;
  let one: AppServer;
  let two: AppServer;
  let branchId: number;
  let admin: TestStaff;
  const lives: LiveOrders[] = [];
  const streams: SseConnection[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    ({ id: branchId } = await db
      .insertInto("branches")
      .values({ identifier: "wiehre", name: "Sonnenkorn Wiehre" })
      .returning("id")
      .executeTakeFirstOrThrow());
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
    if (handle.databaseUrl) {
      second = await openDatabase({ databaseUrl: handle.databaseUrl, dataDir: "" });
    }
    // Each instance LISTENs on its own connection, as server.ts does (the order board's stream).
    for (const target of [handle, second ?? handle]) {
      const live = startLiveOrders(target, { log: () => {} });
      await live.ready();
      lives.push(live);
    }
    one = await startAppServer(db, { live: lives[0] });
    two = await startAppServer(second?.db ?? db, { live: lives[1] });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await two?.close();
    await one?.close();
    for (const live of lives) await live.close();
    await second?.close();
    await handle?.close();
  });

  const employee = (name?: string) =>
    createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId], name });

  /** Signs in on instance one; answers that browser and a copy of its cookie on instance two. */
  async function signedInWithCopy(user: TestStaff) {
    const browser = new StaffClient(one);
    expect((await browser.login(user.email, user.password)).status).toBe(303);
    const copy = new StaffClient(two);
    copy.cookie = browser.cookie;
    expect((await copy.send("/backend")).status, "die Kopie gilt zunächst").toBe(200);
    expect((await copy.send("/api/users/me")).status).toBe(200);
    return { browser, copy };
  }

  async function expectSignedOut(client: StaffClient, label: string) {
    const page = await client.send("/backend");
    expect(page.status, label).toBe(302);
    expect(page.headers.get("Location"), label).toMatch(/^\/backend\/login\?/);
    const api = await new StaffClient(two).send("/api/users/me", {
      headers: { Cookie: client.cookie ?? "" },
    });
    expect(api.status, `${label} (API)`).toBe(401);
  }

  const asAdmin = (server: AppServer) => new StaffClient(server).signInAs(server.context, admin.id);

  async function auditActions(userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", String(userId))
      .orderBy("id")
      .execute();
    return rows.map((row) => row.action);
  }

  it("ends a copied cookie the moment its browser signs out, and only that session", async () => {
    const user = await employee();
    const { browser, copy } = await signedInWithCopy(user);
    // A counter tablet signed in with the same account.
    const tablet = new StaffClient(two);
    expect((await tablet.login(user.email, user.password)).status).toBe(303);

    const loggedOut = await browser.send("/backend/logout", { method: "POST" });
    expect(loggedOut.status).toBe(303);
    expect(browser.cookie).toBeNull();
    await expectSignedOut(copy, "Kopie nach dem Abmelden");
    expect((await tablet.send("/backend")).status, "das Tablet bleibt angemeldet").toBe(200);
    expect(await auditActions(user.id)).toContain("logout");
  });

  it("closes the order board's live stream when its session ends, in the other instance", async () => {
    const user = await employee();
    const { browser, copy } = await signedInWithCopy(user);
    const tablet = new StaffClient(two);
    await tablet.login(user.email, user.password);
    const board = async (client: StaffClient) => {
      const stream = await openEventStream(`${two.origin}/backend/orders/events`, {
        headers: { Cookie: client.cookie ?? "" },
      });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const copied = await board(copy);
    const tablets = await board(tablet);

    // Signing out on instance one ends the stream of that session on instance two…
    await browser.send("/backend/logout", { method: "POST" });
    await copied.ended;
    // …and only that one: the tablet's board still hears new orders.
    const order = await insertTestOrder(db, { branchIdentifier: "wiehre" });
    await tablets.waitFor(
      (event) =>
        event.event === "order" && (JSON.parse(event.data) as { id: number }).id === order.id,
    );
    // "Überall abmelden" ends the rest.
    await (
      await asAdmin(one)
    ).send(`/backend/users/${user.id}`, {
      form: { intent: "sign-out-everywhere", confirm: "ja" },
    });
    await tablets.ended;
  });

  it("closes a board's stream when the user's branches change; the session goes on", async () => {
    const user = await employee();
    const tablet = new StaffClient(one);
    await tablet.login(user.email, user.password);
    const stream = await openEventStream(`${two.origin}/backend/orders/events`, {
      headers: { Cookie: tablet.cookie ?? "" },
    });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const { id: otherBranch } = await db
      .insertInto("branches")
      .values({ identifier: `zweite-${user.id}`, name: "Zweite Filiale" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const saved = await (
      await asAdmin(one)
    ).send(`/backend/users/${user.id}`, {
      form: {
        intent: "save",
        name: "Neu Zugeteilt",
        email: user.email,
        roles: "ROLE_EMPLOYEE",
        branchIds: String(otherBranch),
      },
    });
    expect(saved.status).toBe(303);
    // It reconnects with the new reach; signing in again is not needed.
    await stream.ended;
    expect((await tablet.send("/backend")).status).toBe(200);
  });

  it("ends every other session on a new own password; this browser stays signed in", async () => {
    const user = await employee();
    const { browser, copy } = await signedInWithCopy(user);
    const elsewhere = new StaffClient(two);
    await elsewhere.login(user.email, user.password);
    const oldCookie = browser.cookie;

    const changed = await browser.send("/backend/account/password", {
      form: {
        currentPassword: user.password,
        newPassword: "neues-passwort-1",
        repeatPassword: "neues-passwort-1",
      },
    });
    expect(changed.status).toBe(303);
    expect(browser.cookie).not.toBe(oldCookie);
    expect((await browser.send("/backend")).status, "dieser Browser mit neuem Cookie").toBe(200);
    await expectSignedOut(copy, "Kopie des alten Cookies");
    await expectSignedOut(elsewhere, "andere Sitzung");
  });

  it("ends every session when an administrator sets a new password", async () => {
    const user = await employee();
    const { browser, copy } = await signedInWithCopy(user);
    const set = await (
      await asAdmin(one)
    ).send(`/backend/users/${user.id}`, {
      form: { intent: "set-password", password: "roggenmischbrot" },
    });
    expect(set.status).toBe(303);
    await expectSignedOut(browser, "Browser nach neuem Passwort");
    await expectSignedOut(copy, "Kopie nach neuem Passwort");
  });

  it("ends every session when the account is locked, also through the API", async () => {
    const user = await employee();
    const { copy } = await signedInWithCopy(user);
    const locked = await (
      await asAdmin(one)
    ).send(`/api/users/${user.id}`, { method: "PUT", json: { isLocked: true } });
    expect(locked.status).toBe(200);
    // Unlocking again does not bring the old session back.
    await (
      await asAdmin(two)
    ).send(`/api/users/${user.id}`, {
      method: "PUT",
      json: { isLocked: false },
    });
    await expectSignedOut(copy, "Kopie nach Sperre und Entsperren");
  });

  it("signs a user out everywhere from the user's page, after asking once more", async () => {
    const user = await employee("Bea Backstube");
    const { browser, copy } = await signedInWithCopy(user);
    const manager = await asAdmin(one);

    const page = await (await manager.send(`/backend/users/${user.id}`)).text();
    expect(page).toContain(texts.sessionsHeading);
    expect(page).toContain(texts.activeSessions(1));
    expect(page).toContain(`href="/backend/users/${user.id}?bestaetigen=abmelden#sitzungen-titel"`);

    const asking = await manager.send(`/backend/users/${user.id}?bestaetigen=abmelden`);
    expect(asking.status).toBe(200);
    const question = await asking.text();
    expect(question).toContain(texts.signOutConfirmHeading("Bea Backstube"));
    expect(question).toContain(texts.signOutConfirm);
    expect(question).toContain('name="confirm" value="ja"');

    // Without the confirmation nothing ends.
    const unconfirmed = await manager.send(`/backend/users/${user.id}`, {
      form: { intent: "sign-out-everywhere" },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(texts.errors.confirmSignOut);
    expect((await copy.send("/backend")).status).toBe(200);

    const confirmed = await manager.send(`/backend/users/${user.id}`, {
      form: { intent: "sign-out-everywhere", confirm: "ja" },
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/backend/users/${user.id}?hinweis=abgemeldet`);
    await expectSignedOut(browser, "Browser nach „Überall abmelden“");
    await expectSignedOut(copy, "Kopie nach „Überall abmelden“");
    const after = await (await manager.send(`/backend/users/${user.id}?hinweis=abgemeldet`)).text();
    expect(after).toContain(texts.signedOutEverywhere);
    expect(after).toContain(texts.activeSessions(0));
    const entry = await db
      .selectFrom("auditLog")
      .select(["userId", "data"])
      .where("action", "=", "user.signed-out-everywhere")
      .where("entityId", "=", String(user.id))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ userId: admin.id, data: { sessions: 1 } });

    // The account itself stays open: signing in again works.
    expect((await new StaffClient(two).login(user.email, user.password)).status).toBe(303);
  });

  it("signs a user out everywhere through POST /api/users/{id}/logout-everywhere", async () => {
    const user = await employee();
    const { browser, copy } = await signedInWithCopy(user);
    const api = await asAdmin(two);
    const response = await api.send(`/api/users/${user.id}/logout-everywhere`, {
      method: "POST",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: { id: user.id, endedSessions: 1, activeSessions: 0 },
    });
    await expectSignedOut(browser, "Browser nach API-Aufruf");
    await expectSignedOut(copy, "Kopie nach API-Aufruf");

    expect((await api.send(`/api/users/${user.id}/logout-everywhere`)).status).toBe(405);
    expect((await api.send(`/api/users/999999/logout-everywhere`, { method: "POST" })).status).toBe(
      404,
    );
    // An employee may not end someone else's sessions, nor their own this way.
    const colleague = await employee();
    const outsider = await new StaffClient(one).signInAs(one.context, colleague.id);
    const refused = await outsider.send(`/api/users/${user.id}/logout-everywhere`, {
      method: "POST",
    });
    expect(refused.status).toBe(403);
  });

  describe("login links", () => {
    async function linkFor(user: TestStaff): Promise<string> {
      const response = await new StaffClient(one).send("/backend/login", {
        form: { intent: "link", linkEmail: user.email },
      });
      expect(response.status).toBe(303);
      const rows = await db.selectFrom("outbox").select("payload").orderBy("id", "desc").execute();
      const mail = rows
        .map((row) => row.payload as unknown as { to: string; text: string })
        .find((payload) => payload.to === user.email);
      const path = /(\/backend\/login-link\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
      if (!path) throw new Error("Kein Login-Link in der Mail.");
      return path;
    }

    it("die when an administrator sets a new password", async () => {
      const user = await employee();
      const path = await linkFor(user);
      expect((await new StaffClient(two).send(path)).status).toBe(200);
      await (
        await asAdmin(one)
      ).send(`/backend/users/${user.id}`, {
        form: { intent: "set-password", password: "roggenmischbrot" },
      });
      const browser = new StaffClient(two);
      expect((await browser.send(path)).status).toBe(400);
      const used = await browser.send(path, { method: "POST" });
      expect(used.status).toBe(400);
      expect(await used.text()).toContain(de.staffAuth.invalidLink);
      expect(browser.cookie).toBeNull();
    });

    it("die when the user changes their own password", async () => {
      const user = await employee();
      const path = await linkFor(user);
      const browser = new StaffClient(one);
      await browser.login(user.email, user.password);
      await browser.send("/backend/account/password", {
        form: {
          currentPassword: user.password,
          newPassword: "neues-passwort-2",
          repeatPassword: "neues-passwort-2",
        },
      });
      const thief = new StaffClient(two);
      expect((await thief.send(path, { method: "POST" })).status).toBe(400);
      expect(thief.cookie).toBeNull();
    });

    it("die on a lock, and stay dead after unlocking", async () => {
      const user = await employee();
      const path = await linkFor(user);
      const manager = await asAdmin(one);
      await manager.send(`/backend/users/${user.id}`, { form: { intent: "lock" } });
      await manager.send(`/backend/users/${user.id}`, { form: { intent: "unlock" } });
      expect((await new StaffClient(two).send(path, { method: "POST" })).status).toBe(400);
    });
  });

  it("keeps wrong current passwords on the password page away from the sign-in", async () => {
    const user = await employee();
    const browser = new StaffClient(one);
    await browser.login(user.email, user.password);
    const attempt = () =>
      browser.send("/backend/account/password", {
        form: {
          currentPassword: "geraten",
          newPassword: "neues-passwort-3",
          repeatPassword: "neues-passwort-3",
        },
      });
    for (let count = 1; count <= 4; count += 1) {
      const wrong = await attempt();
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain(de.account.wrongCurrent);
    }
    // The page has its own limit…
    const fifth = await attempt();
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain(de.account.tooManyChecks(15));
    // …but signing in, at this address or another, is not blocked by it.
    expect(
      (await new StaffClient(two, browser.address).login(user.email, user.password)).status,
    ).toBe(303);
    expect((await new StaffClient(one).login(user.email, user.password)).status).toBe(303);
    expect((await browser.send("/backend")).status).toBe(200);
  });
});
