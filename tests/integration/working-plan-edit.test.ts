import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Changing a planned shift (issue 38 part 5, decision 100): `PUT /api/working-schedules/{id}` and
 * the working plan's edit form, with the checks of a new shift (overlap, closed months, the
 * person and branch the manager may plan, the times), section 8's 'Planung konnte nicht …
 * werden.' first in every refusal, nothing half written, audited.
 */

type Body = { data?: any; errors?: { message: string }[] };
const WEEK = "2026-11-23"; // a Monday

describe.each(databaseTargets())("changing a shift (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let altstadt: number;
  let hafen: number;
  let anna: TestStaff;
  let berta: TestStaff;
  let carla: TestStaff;
  let manager: StaffClient;
  let hafenManager: StaffClient;
  let employee: StaffClient;
  let boss: StaffClient;

  const json = async (response: Response) => (await response.json()) as Body;
  const message = async (response: Response) => (await json(response)).errors?.[0]?.message ?? "";
  const signedIn = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);
  const rowOf = (id: number) =>
    handle.db
      .selectFrom("workingSchedules")
      .select(["userId", "branchId", "startMinute", "endMinute"])
      .select((eb) => eb.fn<string>("to_char", [eb.ref("day"), eb.val("YYYY-MM-DD")]).as("day"))
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const plan = async (body: Record<string, unknown>) => {
    const response = await manager.send("/api/working-schedules", {
      json: { branchId: altstadt, userId: anna.id, ...body },
    });
    expect(response.status).toBe(201);
    return (await json(response)).data as { id: number };
  };
  const put = (client: StaffClient, id: number, body: unknown) =>
    client.send(`/api/working-schedules/${id}`, { method: "PUT", json: body });

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    altstadt = branches[0]!.id;
    hafen = branches[1]!.id;
    anna = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt], name: "Anna" });
    berta = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Berta",
    });
    carla = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [hafen], name: "Carla" });
    server = await startAppServer(db);
    manager = await signedIn(
      await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [altstadt] }),
    );
    hafenManager = await signedIn(
      await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [hafen] }),
    );
    employee = await signedIn(
      await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] }),
    );
    boss = await signedIn(await createStaff(db, { roles: ["ROLE_ADMIN"] }));
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("changes the fields sent, keeps the others, audits before and after", async () => {
    const shift = await plan({ day: "2026-11-24", start: "06:00", end: "12:00" });
    const changed = await put(manager, shift.id, { end: "13:30" });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data).toEqual({
      id: shift.id,
      userId: anna.id,
      branchId: altstadt,
      departmentId: null,
      day: "2026-11-24",
      start: "06:00",
      end: "13:30",
      endsNextDay: false,
    });
    expect(await rowOf(shift.id)).toEqual({
      userId: anna.id,
      branchId: altstadt,
      day: "2026-11-24",
      startMinute: 360,
      endMinute: 810,
    });
    // The same times again: a shift never overlaps itself.
    expect((await put(manager, shift.id, { start: "06:00", end: "13:30" })).status).toBe(200);
    // To another person and a night shift.
    const night = await put(manager, shift.id, {
      userId: berta.id,
      day: "2026-11-26",
      start: "22:00",
      end: "06:00",
    });
    expect(night.status).toBe(200);
    expect((await json(night)).data).toMatchObject({
      userId: berta.id,
      day: "2026-11-26",
      end: "06:00",
      endsNextDay: true,
    });
    const audit = await handle.db
      .selectFrom("auditLog")
      .select(["action", "data"])
      .where("entityType", "=", "working-schedule")
      .where("entityId", "=", String(shift.id))
      .where("action", "=", "working-schedule.update")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]!.data).toMatchObject({
      before: { end: "12:00" },
      after: { end: "13:30" },
    });
  });

  it("refuses an overlap, bad times, other branches' people and branches in German, unchanged", async () => {
    const first = await plan({ day: "2026-11-27", start: "06:00", end: "12:00" });
    await plan({ day: "2026-11-27", start: "14:00", end: "18:00" });
    const before = await rowOf(first.id);

    const overlap = await put(manager, first.id, { end: "15:00" });
    expect(overlap.status).toBe(409);
    expect(await message(overlap)).toBe(
      "Planung konnte nicht aktualisiert werden. Die Schicht überschneidet sich mit einer anderen Schicht derselben Person.",
    );
    const badTime = await put(manager, first.id, { start: "25:00" });
    expect(badTime.status).toBe(400);
    expect(await message(badTime)).toMatch(
      /^Planung konnte nicht aktualisiert werden\. Bitte Beginn und Ende als HH:mm angeben/,
    );
    const badDay = await put(manager, first.id, { day: "2026-02-30" });
    expect(badDay.status).toBe(400);
    expect(await message(badDay)).toBe(
      "Planung konnte nicht aktualisiert werden. Bitte ein gültiges Datum angeben.",
    );
    const badPerson = await put(manager, first.id, { userId: "anna" });
    expect(badPerson.status).toBe(400);
    expect(await message(badPerson)).toBe(
      "Planung konnte nicht aktualisiert werden. Bitte eine gültige Person wählen.",
    );
    const foreignPerson = await put(manager, first.id, { userId: carla.id });
    expect(foreignPerson.status).toBe(404);
    expect(await message(foreignPerson)).toBe(
      "Planung konnte nicht aktualisiert werden. Die Person gibt es nicht.",
    );
    const foreignBranch = await put(manager, first.id, { branchId: hafen });
    expect(foreignBranch.status).toBe(403);
    const badDepartment = await put(manager, first.id, { departmentId: 999999 });
    expect(badDepartment.status).toBe(400);
    expect(await message(badDepartment)).toBe(
      "Planung konnte nicht aktualisiert werden. Die Abteilung gibt es nicht.",
    );
    const unreadable = await manager.send(`/api/working-schedules/${first.id}`, {
      method: "PUT",
      body: "{kaputt",
      headers: { "Content-Type": "application/json" },
    });
    expect(unreadable.status).toBe(400);
    expect(await rowOf(first.id)).toEqual(before);
  });

  it("lets only managers of the shift's branch change it, like planning one", async () => {
    const shift = await plan({ day: "2026-11-28", start: "08:00", end: "10:00" });
    expect((await put(employee, shift.id, { end: "11:00" })).status).toBe(403);
    expect((await put(hafenManager, shift.id, { end: "11:00" })).status).toBe(404);
    expect((await put(manager, 999999, { end: "11:00" })).status).toBe(404);
    expect((await put(boss, shift.id, { end: "11:00" })).status).toBe(200);
    expect((await rowOf(shift.id)).endMinute).toBe(660);
  });

  it("keeps closed months as they are: no change in one, none into one", async () => {
    const october = await plan({ day: "2026-10-05", start: "06:00", end: "12:00" });
    const open = await plan({ day: "2026-12-01", start: "06:00", end: "12:00" });
    expect((await boss.send("/api/closed-months", { json: { month: "2026-10" } })).status).toBe(
      201,
    );
    const inClosed = await put(manager, october.id, { end: "11:00" });
    expect(inClosed.status).toBe(409);
    expect(await message(inClosed)).toBe(
      "Planung konnte nicht aktualisiert werden. Der Monat ist abgeschlossen und kann nicht mehr geändert werden.",
    );
    const intoClosed = await put(manager, open.id, { day: "2026-10-06" });
    expect(intoClosed.status).toBe(409);
    expect((await rowOf(open.id)).day).toBe("2026-12-01");
    expect((await rowOf(october.id)).endMinute).toBe(720);

    const removed = await manager.send(`/api/working-schedules/${october.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(409);
    expect(await message(removed)).toBe(
      "Planung konnte nicht gelöscht werden. Der Monat ist abgeschlossen und kann nicht mehr geändert werden.",
    );
    const created = await manager.send("/api/working-schedules", {
      json: {
        branchId: altstadt,
        userId: anna.id,
        day: "2026-10-07",
        start: "06:00",
        end: "07:00",
      },
    });
    expect(created.status).toBe(409);
    expect(await message(created)).toBe(
      "Planung konnte nicht erstellt werden. Der Monat ist abgeschlossen und kann nicht mehr geändert werden.",
    );
    const list = await manager.send("/api/working-schedules?from=kaputt");
    expect(list.status).toBe(400);
    expect(await message(list)).toBe(
      "Arbeitsplanung konnte nicht geladen werden. Bitte ein gültiges Datum angeben.",
    );
  });

  it("changes a shift through the page's form without JavaScript", async () => {
    const shift = await plan({ day: "2026-11-23", start: "07:00", end: "09:00" });
    const page = await (
      await manager.send(`/backend/working-schedules?woche=${WEEK}&filiale=${altstadt}`)
    ).text();
    expect(page).toContain('aria-label="Schicht ändern: Anna 07:00–09:00"');
    expect(page).toContain(`id="edit-start-${shift.id}"`);
    const form = {
      intent: "update",
      week: WEEK,
      branchId: String(altstadt),
      shiftId: String(shift.id),
      day: "2026-11-25",
      start: "05:00",
      end: "09:30",
    };
    const saved = await manager.send("/backend/working-schedules", { form });
    expect(saved.status).toBe(302);
    const location = saved.headers.get("Location")!;
    expect(location).toContain("ok=geaendert");
    const after = await (await manager.send(location)).text();
    expect(after).toContain("Schicht geändert.");
    expect(after).toContain('aria-label="Schicht ändern: Anna 05:00–09:30"');
    expect(await rowOf(shift.id)).toMatchObject({
      day: "2026-11-25",
      startMinute: 300,
      endMinute: 570,
    });

    const refused = await manager.send("/backend/working-schedules", {
      form: { ...form, start: "12:00", end: "12:00" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Planung konnte nicht aktualisiert werden.");
    const gone = await manager.send("/backend/working-schedules", {
      form: { ...form, shiftId: "999999" },
    });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain(
      "Planung konnte nicht aktualisiert werden. Der Eintrag wurde nicht gefunden.",
    );
    expect((await rowOf(shift.id)).startMinute).toBe(300);
  });
});
