import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findUserByEmail, findUserById } from "#app/db/queries/users";
import type { Database } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

const texts = de.users;

/**
 * The user management through its pages and its JSON routes: who may change whom, the German
 * messages, audit entries, and the rule that an unlocked administrator always remains.
 */
describe.each(databaseTargets())("user management on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let branchA: number;
  let branchB: number;
  let admin: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "wiehre", name: "Sonnenkorn Wiehre", position: 1 },
        { identifier: "herdern", name: "Sonnenkorn Herdern", position: 2 },
      ])
      .returning("id")
      .execute();
    [branchA, branchB] = branches.map((branch) => branch.id) as [number, number];
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
    manager = await createStaff(db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [branchA],
      name: "Max Manager",
    });
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const as = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);
  let serial = 0;
  const newEmail = () => {
    serial += 1;
    return `neu-${serial}@example.org`;
  };

  async function auditActions(userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "user")
      .where("entityId", "=", String(userId))
      .orderBy("id")
      .execute();
    return rows.map((row) => row.action);
  }

  describe("pages", () => {
    it("lets an administrator create an employee who can then sign in", async () => {
      const browser = await as(admin);
      const email = newEmail();
      const response = await browser.send("/backend/users/new", {
        form: {
          name: "Emil Verkauf",
          email,
          roles: "ROLE_EMPLOYEE",
          branchIds: String(branchA),
          password: "sauerteig-2026",
        },
      });
      expect(response.status).toBe(303);
      const created = await findUserByEmail(db, email);
      expect(created).toMatchObject({
        name: "Emil Verkauf",
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [branchA],
      });
      expect(response.headers.get("Location")).toBe(
        `/backend/users/${created!.id}?hinweis=angelegt`,
      );
      const page = await browser.send(`/backend/users/${created!.id}?hinweis=angelegt`);
      expect(await page.text()).toContain(texts.created);
      expect(await auditActions(created!.id)).toEqual(["user.created"]);
      const list = await (await browser.send("/backend/users")).text();
      expect(list).toContain("Emil Verkauf");
      expect(list).toContain("Sonnenkorn Wiehre");

      const employee = new StaffClient(server);
      expect((await employee.login(email, "sauerteig-2026")).status).toBe(303);
    });

    it("answers bad input with German messages beside the fields, storing nothing", async () => {
      const browser = await as(admin);
      const response = await browser.send("/backend/users/new", {
        form: { name: " ", email: "kein-at", password: "kurz" },
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(texts.errors.nameRequired);
      expect(html).toContain(de.staffAuth.emailInvalid);
      expect(html).toContain(texts.errors.rolesRequired);
      expect(html).toContain(texts.errors.passwordTooShort(10));
      expect(html).not.toContain("kurz");

      const noBranch = await browser.send("/backend/users/new", {
        form: {
          name: "Ohne Filiale",
          email: newEmail(),
          roles: "ROLE_EMPLOYEE",
          password: "x".repeat(12),
        },
      });
      expect(noBranch.status).toBe(400);
      expect(await noBranch.text()).toContain(texts.errors.branchesRequired);

      const taken = await browser.send("/backend/users/new", {
        form: {
          name: "Doppelt",
          email: manager.email.toUpperCase(),
          roles: ["ROLE_EMPLOYEE"],
          branchIds: [String(branchA)],
          password: "x".repeat(12),
        },
      });
      expect(taken.status).toBe(400);
      expect(await taken.text()).toContain(texts.errors.emailTaken);
      const count = await db
        .selectFrom("users")
        .select(db.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
      expect(await findUserByEmail(db, "kein-at")).toBeUndefined();
    });

    it("lets a manager hand out only the employee role and their own branches", async () => {
      const browser = await as(manager);
      const form = (roles: string[], branchIds: number[]) => ({
        name: "Paula Praktikum",
        email: newEmail(),
        roles,
        branchIds: branchIds.map(String),
        password: "x".repeat(12),
      });
      const promote = await browser.send("/backend/users/new", {
        form: form(["ROLE_MANAGER"], [branchA]),
      });
      expect(promote.status).toBe(400);
      expect(await promote.text()).toContain(texts.errors.roleNotAllowed);
      const elsewhere = await browser.send("/backend/users/new", {
        form: form(["ROLE_EMPLOYEE"], [branchB]),
      });
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.text()).toContain(texts.errors.branchNotAllowed);
      const fine = await browser.send("/backend/users/new", {
        form: form(["ROLE_EMPLOYEE"], [branchA]),
      });
      expect(fine.status).toBe(303);

      // The form offers only what the manager may give.
      const page = await (await browser.send("/backend/users/new")).text();
      expect(page).toContain(">Sonnenkorn Wiehre</label>");
      expect(page).not.toContain(">Sonnenkorn Herdern</label>");
      expect(page).toContain(`>${de.backOffice.roles.ROLE_EMPLOYEE}</label>`);
      expect(page).not.toContain(`>${de.backOffice.roles.ROLE_ADMIN}</label>`);
    });

    it("keeps a manager away from other branches' staff and administrators", async () => {
      const other = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchB] });
      const own = await createStaff(db, {
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [branchA],
        name: "Olga Eigen",
      });
      const browser = await as(manager);
      for (const id of [other.id, admin.id]) {
        const page = await browser.send(`/backend/users/${id}`);
        expect(page.status).toBe(403);
        expect(await page.text()).toContain(de.errors.forbiddenTitle);
        const change = await browser.send(`/backend/users/${id}`, { form: { intent: "lock" } });
        expect(change.status).toBe(403);
      }
      expect((await findUserById(db, other.id))?.isLocked).toBe(false);
      const list = await (await browser.send("/backend/users")).text();
      expect(list).toContain("Olga Eigen");
      expect(list).not.toContain("Anna Admin");
      expect((await browser.send(`/backend/users/${own.id}`)).status).toBe(200);
    });

    it("shows employees the door of the user management", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const browser = await as(employee);
      const page = await browser.send("/backend/users");
      expect(page.status).toBe(403);
      const html = await page.text();
      expect(html).toContain(de.errors.forbiddenTitle);
      expect(html).toContain(de.errors.forbidden);
      const home = await (await browser.send("/backend")).text();
      expect(home).not.toContain('href="/backend/users"');
      expect(home).toContain('href="/backend/orders"');
    });

    it("locks and unlocks: a locked employee is signed out at once", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const session = new StaffClient(server);
      await session.login(employee.email, employee.password);
      expect((await session.send("/backend")).status).toBe(200);
      const browser = await as(admin);
      const locked = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "lock" },
      });
      expect(locked.headers.get("Location")).toBe(`/backend/users/${employee.id}?hinweis=gesperrt`);
      expect((await session.send("/backend")).status).toBe(302);
      const refused = await new StaffClient(server).login(employee.email, employee.password);
      expect(await refused.text()).toContain(de.staffAuth.accountLocked);
      await browser.send(`/backend/users/${employee.id}`, { form: { intent: "unlock" } });
      expect((await new StaffClient(server).login(employee.email, employee.password)).status).toBe(
        303,
      );
      expect(await auditActions(employee.id)).toEqual(
        expect.arrayContaining(["user.locked", "user.unlocked"]),
      );
    });

    it("sets a new password, ending the old one and its sessions", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const session = new StaffClient(server);
      await session.login(employee.email, employee.password);
      const browser = await as(manager);
      const short = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "set-password", password: "kurz" },
      });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain(texts.errors.passwordTooShort(10));
      const set = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "set-password", password: "roggenmischbrot" },
      });
      expect(set.status).toBe(303);
      expect((await session.send("/backend")).status).toBe(302);
      expect((await new StaffClient(server).login(employee.email, employee.password)).status).toBe(
        400,
      );
      expect((await new StaffClient(server).login(employee.email, "roggenmischbrot")).status).toBe(
        303,
      );
    });

    it("sends a login link on request", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const browser = await as(admin);
      const response = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "send-link" },
      });
      expect(response.headers.get("Location")).toBe(`/backend/users/${employee.id}?hinweis=link`);
      const mails = await db.selectFrom("outbox").select("payload").execute();
      expect(mails.some((row) => (row.payload as { to: string }).to === employee.email)).toBe(true);
      const page = await (await browser.send(`/backend/users/${employee.id}?hinweis=link`)).text();
      expect(page).toContain(texts.linkSent(employee.email));
    });

    it("deletes only after confirmation", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const browser = await as(admin);
      const unconfirmed = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "delete" },
      });
      expect(unconfirmed.status).toBe(400);
      expect(await unconfirmed.text()).toContain(texts.errors.confirmDelete);
      expect(await findUserById(db, employee.id)).toBeDefined();
      const deleted = await browser.send(`/backend/users/${employee.id}`, {
        form: { intent: "delete", confirm: "ja" },
      });
      expect(deleted.headers.get("Location")).toBe("/backend/users?hinweis=geloescht");
      expect(await findUserById(db, employee.id)).toBeUndefined();
      expect(await auditActions(employee.id)).toContain("user.deleted");
      expect((await browser.send(`/backend/users/${employee.id}`)).status).toBe(404);
    });

    it("changes the own password: old one checked, other sessions end, this one stays", async () => {
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const here = new StaffClient(server);
      const elsewhere = new StaffClient(server);
      await here.login(employee.email, employee.password);
      await elsewhere.login(employee.email, employee.password);
      const mismatch = await here.send("/backend/account/password", {
        form: {
          currentPassword: employee.password,
          newPassword: "neues-passwort-1",
          repeatPassword: "neues-passwort-2",
        },
      });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.text()).toContain(de.account.mismatch);
      const wrong = await here.send("/backend/account/password", {
        form: {
          currentPassword: "geraten",
          newPassword: "neues-passwort-1",
          repeatPassword: "neues-passwort-1",
        },
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain(de.account.wrongCurrent);
      const changed = await here.send("/backend/account/password", {
        form: {
          currentPassword: employee.password,
          newPassword: "neues-passwort-1",
          repeatPassword: "neues-passwort-1",
        },
      });
      expect(changed.status).toBe(303);
      expect(changed.headers.get("Location")).toBe("/backend/account/password?hinweis=geaendert");
      const page = await here.send("/backend/account/password?hinweis=geaendert");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(de.account.changed);
      expect((await elsewhere.send("/backend")).status).toBe(302);
      expect(await auditActions(employee.id)).toContain("user.password-changed");
    });

    it("never leaves the shop without an unlocked administrator", async () => {
      const first = await createStaff(db, { roles: ["ROLE_ADMIN"] });
      const second = await createStaff(db, { roles: ["ROLE_ADMIN"] });
      // Every other administrator is locked, so these two are the last ones.
      await db
        .updateTable("users")
        .set({ isLocked: true })
        .where("id", "not in", [first.id, second.id])
        .where("id", "in", (eb) =>
          eb.selectFrom("userRoles").select("userId").where("role", "=", "ROLE_ADMIN"),
        )
        .execute();
      const demote = (actor: TestStaff, target: TestStaff) =>
        as(actor).then((browser) =>
          browser.send(`/backend/users/${target.id}`, {
            form: {
              intent: "save",
              name: "Herabgestuft",
              email: target.email,
              roles: "ROLE_EMPLOYEE",
              branchIds: String(branchA),
            },
          }),
        );
      const responses = await Promise.all([demote(first, second), demote(second, first)]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 303)).toHaveLength(1);
      const admins = await db
        .selectFrom("userRoles")
        .innerJoin("users", "users.id", "userRoles.userId")
        .select("users.id")
        .where("role", "=", "ROLE_ADMIN")
        .where("isLocked", "=", false)
        .execute();
      expect(admins).toHaveLength(1);
      await db.updateTable("users").set({ isLocked: false }).where("id", "=", admin.id).execute();
    });
  });

  describe("JSON", () => {
    it("answers anonymous calls 401 and employees 403", async () => {
      const anonymous = await new StaffClient(server).send("/api/users");
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        errors: [{ message: de.staffAuth.unauthorized }],
      });
      const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
      const browser = await as(employee);
      const list = await browser.send("/api/users");
      expect(list.status).toBe(403);
      expect(await list.json()).toEqual({ errors: [{ message: de.errors.forbidden }] });
      const me = await browser.send("/api/users/me");
      expect(me.status).toBe(200);
      const { data } = (await me.json()) as { data: Record<string, unknown> };
      expect(data).toMatchObject({
        id: employee.id,
        email: employee.email,
        roles: ["ROLE_EMPLOYEE"],
        user: { branches: [{ id: branchA, name: "Sonnenkorn Wiehre" }] },
      });
    });

    it("creates, reads, changes and deletes a user through /api/users", async () => {
      const browser = await as(admin);
      const email = newEmail();
      const created = await browser.send("/api/users", {
        json: {
          data: {
            name: "Jana Json",
            email,
            roles: ["ROLE_EMPLOYEE"],
            branches: [{ id: branchB }],
            password: "dinkelvollkorn",
          },
        },
      });
      expect(created.status).toBe(201);
      const { data: user } = (await created.json()) as { data: { id: number; branches: unknown } };
      expect(user.branches).toEqual([{ id: branchB, name: "Sonnenkorn Herdern" }]);

      const read = await browser.send(`/api/users/${user.id}`);
      expect(((await read.json()) as { data: { name: string } }).data.name).toBe("Jana Json");

      // Checked before anything is written: the name stays when the password is refused.
      const refused = await browser.send(`/api/users/${user.id}`, {
        method: "PUT",
        json: { name: "Jana Neu", password: "kurz" },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        errors: [{ message: texts.errors.passwordTooShort(10), field: "password" }],
      });
      expect((await findUserById(db, user.id))?.name).toBe("Jana Json");

      const changed = await browser.send(`/api/users/${user.id}`, {
        method: "PUT",
        json: { name: "Jana Neu", isLocked: true },
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({
        data: { name: "Jana Neu", isLocked: true, email },
      });

      const bad = await browser.send("/api/users", { json: { name: "X" } });
      expect(bad.status).toBe(400);
      const errors = ((await bad.json()) as { errors: { field?: string }[] }).errors;
      expect(errors.map((error) => error.field)).toEqual(
        expect.arrayContaining(["email", "roles", "password"]),
      );
      const notJson = await browser.send("/api/users", {
        body: "{kaputt",
        headers: { "Content-Type": "application/json" },
        method: "POST",
      });
      expect(notJson.status).toBe(400);
      const wrongMethod = await browser.send(`/api/users/${user.id}`, { method: "POST", json: {} });
      expect(wrongMethod.status).toBe(405);

      const deleted = await browser.send(`/api/users/${user.id}`, { method: "DELETE" });
      expect(deleted.status).toBe(200);
      expect((await browser.send(`/api/users/${user.id}`)).status).toBe(404);
      expect(await auditActions(user.id)).toEqual([
        "user.created",
        "user.updated",
        "user.locked",
        "user.deleted",
      ]);
    });

    it("refuses cross-site changes before anything happens", async () => {
      const browser = await as(admin);
      const forged = await browser.send("/api/users", {
        json: { name: "Böse", email: newEmail(), roles: ["ROLE_ADMIN"], password: "x".repeat(12) },
        headers: { Origin: "https://evil.example" },
      });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toEqual({ errors: [{ message: de.staffAuth.crossSite }] });
      const page = await browser.send("/backend/users/new", {
        form: { name: "Böse" },
        headers: { Origin: "https://evil.example" },
      });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain(de.staffAuth.crossSite);
      expect(await findUserByEmail(db, "böse@example.org")).toBeUndefined();
    });
  });
});
