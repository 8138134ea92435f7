import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { clock, setClockCredentials } from "#app/features/time-tracking/clock.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Time tracking (issue 21, decision 058) through the whole app: the branch's time clock (API and
 * page) by its key, PIN and card, the lock after ten wrong PINs, two taps racing, "Meine
 * Arbeitszeit", the managers' list with the Arbeitszeitgesetz, audited corrections, statistics.
 */

type Body = { data?: any; errors?: { message: string }[]; violations?: any[] };
const ZONE = "Europe/Berlin";

describe.each(databaseTargets())("time tracking (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let altstadt: number;
  let hafen: number;
  let clockKey: string;
  let hafenKey: string;
  let ordersKey: string;
  let anna: TestStaff;
  let bert: TestStaff;
  let carla: TestStaff;
  let managerA: TestStaff;
  let managerB: TestStaff;
  let admin: TestStaff;

  const json = async (response: Response) => (await response.json()) as Body;
  const api = (key = clockKey, branch = altstadt) => `/api/time-tracking/${branch}/${key}`;
  const as = (user: TestStaff, pin: string) => ({
    headers: { "X-Username": user.email, "X-Access-Token": pin },
  });
  const tap = (action: string, user: TestStaff, pin = "2468") =>
    new StaffClient(server).send(`${api()}/working-activities/${action}`, {
      method: "POST",
      ...as(user, pin),
    });
  const signedIn = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);

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
    bert = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt], name: "Bert" });
    carla = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [hafen], name: "Carla" });
    managerA = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [altstadt] });
    managerB = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [hafen] });
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    for (const user of [anna, bert, carla]) {
      expect(await setClockCredentials(db, user.id, { pin: "2468" })).toEqual({ ok: true });
    }
    await setClockCredentials(db, bert.id, { card: "CARD-0815" });
    const made = (branchId: number, purpose: "orders" | "time_clock") =>
      createBranchApiKey(db, { branchId, label: "Gerät", createdBy: null, purpose });
    clockKey = (await made(altstadt, "time_clock")).key;
    hafenKey = (await made(hafen, "time_clock")).key;
    ordersKey = (await made(altstadt, "orders")).key;
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("opens the clock only with a time-clock key of that branch", async () => {
    const client = new StaffClient(server);
    const ok = await client.send(`${api()}/me`, as(anna, "2468"));
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ id: anna.id, name: "Anna", state: "off" });
    for (const path of [
      `${api(hafenKey)}/me`,
      `${api(ordersKey)}/me`,
      `${api("x".repeat(43))}/me`,
      `/api/time-tracking/abc/${clockKey}/me`,
      `${api(clockKey, hafen)}/me`,
    ]) {
      expect((await client.send(path, as(anna, "2468"))).status, path).toBe(404);
    }
    // The counter views do not open with a time-clock key either.
    expect((await client.send(`/api/orders/frontdesk/${altstadt}/${clockKey}`)).status).toBe(404);
    // Another branch's person, a wrong PIN, no token: 401 alike.
    expect((await client.send(`${api()}/me`, as(carla, "2468"))).status).toBe(401);
    expect((await client.send(`${api()}/me`, as(anna, "1111"))).status).toBe(401);
    const none = await client.send(`${api()}/me`);
    expect(none.status).toBe(401);
    expect((await json(none)).errors?.[0]?.message).toMatch(/PIN/);
  });

  it("starts, pauses, resumes and ends, and refuses taps that do not fit in German", async () => {
    const notWorking = await tap("pause", anna);
    expect(notWorking.status).toBe(409);
    expect((await json(notWorking)).errors?.[0]?.message).toBe(
      "Aktivität konnte nicht pausiert werden. Sie haben gerade keine laufende Aktivität.",
    );
    expect((await tap("end", anna)).status).toBe(409);
    const started = await tap("start", anna);
    expect(started.status).toBe(200);
    expect((await json(started)).data.state).toBe("working");
    const again = await tap("start", anna);
    expect(again.status).toBe(409);
    expect((await json(again)).errors?.[0]?.message).toMatch(
      /^Aktivität konnte nicht gestartet werden\. Sie arbeiten bereits/,
    );
    const notPaused = await tap("resume", anna);
    expect((await json(notPaused)).errors?.[0]?.message).toMatch(
      /^Aktivität konnte nicht fortgesetzt werden\./,
    );
    expect((await json(await tap("pause", anna))).data.state).toBe("paused");
    expect((await tap("pause", anna)).status).toBe(409);
    expect((await json(await tap("resume", anna))).data.state).toBe("working");
    expect((await json(await tap("end", anna))).data.state).toBe("off");
    const ended = await tap("end", anna);
    expect((await json(ended)).errors?.[0]?.message).toMatch(/^Aktivität konnte nicht beendet/);
    const list = await new StaffClient(server).send(
      `${api()}/working-activities`,
      as(anna, "2468"),
    );
    const rows = (await json(list)).data;
    expect(rows).toHaveLength(1);
    expect(rows[0].pauses).toHaveLength(1);
    expect(rows[0].end).not.toBeNull();
    const schedules = await new StaffClient(server).send(
      `${api()}/working-schedules`,
      as(anna, "2468"),
    );
    expect(await json(schedules)).toEqual({ data: [] });
    expect((await tap("jump", anna)).status).toBe(404);
  });

  it("lets a card alone identify its person", async () => {
    const client = new StaffClient(server);
    const me = await client.send(`${api()}/me`, { headers: { "X-Access-Token": "CARD-0815" } });
    expect((await json(me)).data?.name).toBe("Bert");
    // A device outside a browser posts without Origin, with the card in a JSON body.
    const started = await client.send(`${api()}/working-activities/start`, {
      json: { accessToken: "CARD-0815" },
      noOrigin: true,
    });
    expect(started.status).toBe(200);
    const ended = await client.send(`${api()}/working-activities/end`, {
      json: { accessToken: "CARD-0815" },
      noOrigin: true,
    });
    expect((await json(ended)).data?.state).toBe("off");
    const unknown = await client.send(`${api()}/me`, {
      headers: { "X-Access-Token": "CARD-4711" },
    });
    expect(unknown.status).toBe(401);
  });

  it("makes exactly one activity when two taps race", async () => {
    const answers = await Promise.all([tap("start", bert), tap("start", bert), tap("start", bert)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const open = await handle.db
      .selectFrom("workingActivities")
      .select("id")
      .where("userId", "=", bert.id)
      .where("endedAt", "is", null)
      .execute();
    expect(open).toHaveLength(1);
    // The same straight against the service, many at once.
    const now = new Date();
    const direct = await Promise.all(
      Array.from({ length: 6 }, () =>
        clock(handle.db, {
          userId: carla.id,
          branchId: hafen,
          action: "start",
          now,
          source: "clock",
        }),
      ),
    );
    expect(direct.filter((result) => result.ok)).toHaveLength(1);
    expect((await tap("end", bert)).status).toBe(200);
  });

  it("locks a person's PIN entry after ten wrong PINs, and only theirs", async () => {
    const db = handle.db;
    const dora = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] });
    await setClockCredentials(db, dora.id, { pin: "1357", card: "CARD-DORA" });
    const client = new StaffClient(server);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await client.send(`${api()}/me`, as(dora, "0000"))).status).toBe(401);
    }
    const tenth = await client.send(`${api()}/me`, as(dora, "0000"));
    expect(tenth.status).toBe(429);
    expect((await json(tenth)).errors?.[0]?.message).toMatch(/gesperrt/);
    // The right PIN does not open it now; others and the card still work.
    expect((await client.send(`${api()}/me`, as(dora, "1357"))).status).toBe(429);
    expect((await client.send(`${api()}/me`, as(anna, "2468"))).status).toBe(200);
    const card = await client.send(`${api()}/me`, { headers: { "X-Access-Token": "CARD-DORA" } });
    expect(card.status).toBe(200);
    // Once the lock has passed, the right PIN works again.
    await db
      .updateTable("staffClockCredentials")
      .set({ pinLockedUntil: new Date(Date.now() - 1000) })
      .where("userId", "=", dora.id)
      .execute();
    expect((await client.send(`${api()}/me`, as(dora, "1357"))).status).toBe(200);
  });

  it("clocks on the shared page with plain forms", async () => {
    const client = new StaffClient(server);
    const page = await client.send(`/time-clock/${altstadt}/${clockKey}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Stempeluhr");
    expect(html).toContain("Anna");
    expect(html).not.toContain("Carla");
    const wrong = await client.send(`/time-clock/${altstadt}/${clockKey}`, {
      form: { person: String(anna.id), pin: "9999", action: "start" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Aktivität konnte nicht gestartet werden.");
    const started = await client.send(`/time-clock/${altstadt}/${clockKey}`, {
      form: { person: String(anna.id), pin: "2468", action: "start" },
    });
    expect(started.status).toBe(302);
    const after = await client.send(started.headers.get("Location")!);
    expect(await after.text()).toMatch(/Anna: Arbeitsbeginn um \d\d:\d\d Uhr erfasst\./);
    const ended = await client.send(`/time-clock/${altstadt}/${clockKey}`, {
      form: { card: "CARD-0815", action: "end" },
    });
    expect(ended.status).toBe(409);
    await client.send(`/time-clock/${altstadt}/${clockKey}`, {
      form: { person: String(anna.id), pin: "2468", action: "end" },
    });
    expect((await client.send(`/time-clock/${hafen}/${clockKey}`)).status).toBe(404);
  });

  it("clocks on the person's own phone, at their branches only", async () => {
    const client = await signedIn(anna);
    const page = await client.send("/backend/my-time");
    expect(await page.text()).toContain("Meine Arbeitszeit");
    const foreign = await client.send("/backend/my-time", {
      form: { intent: "clock", action: "start", branchId: String(hafen) },
    });
    expect(foreign.status).toBe(403);
    const started = await client.send("/backend/my-time", {
      form: { intent: "clock", action: "start", branchId: String(altstadt) },
    });
    expect(started.status).toBe(302);
    expect(await (await client.send("/backend/my-time")).text()).toContain("Bei der Arbeit");
    await client.send("/backend/my-time", {
      form: { intent: "clock", action: "end", branchId: String(altstadt) },
    });
    const badPin = await client.send("/backend/my-time", {
      form: { intent: "credentials", pin: "12" },
    });
    expect(badPin.status).toBe(400);
    const taken = await client.send("/backend/my-time", {
      form: { intent: "credentials", card: "CARD-0815" },
    });
    expect(taken.status).toBe(409);
  });

  it("shows managers their branches' days, flags a 10.5-hour day, and audits corrections", async () => {
    const db = handle.db;
    const day = DateTime.now().setZone(ZONE).minus({ days: 2 }).toISODate()!;
    const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate();
    const { id } = await db
      .insertInto("workingActivities")
      .values({ userId: anna.id, branchId: altstadt, startedAt: at("06:00"), endedAt: at("17:00") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("workingActivityPauses")
      .values({ workingActivityId: id, startedAt: at("12:00"), endedAt: at("12:30") })
      .execute();
    const carlas = await db
      .insertInto("workingActivities")
      .values({ userId: carla.id, branchId: hafen, startedAt: at("08:00"), endedAt: at("12:00") })
      .returning("id")
      .executeTakeFirstOrThrow();

    const manager = await signedIn(managerA);
    const listed = await manager.send(`/api/working-activities?from=${day}&to=${day}`);
    expect(listed.status).toBe(200);
    const body = await json(listed);
    expect(body.data.map((row: any) => row.userId)).toEqual([anna.id]);
    expect(body.data[0].workedMinutes).toBe(630);
    expect(body.violations?.[0]?.violations.map((v: any) => v.kind).sort()).toEqual([
      "breakAfterNine",
      "overTen",
    ]);
    const page = await manager.send(`/backend/working-activities?von=${day}&bis=${day}`);
    const html = await page.text();
    expect(html).toContain("Mehr als 10 Stunden Arbeit an einem Tag (10:30 h).");
    expect(html).not.toContain("Carla");

    // Another branch's activity: 404 to read, to correct and on the page; employees 403.
    expect((await manager.send(`/api/working-activities/${carlas.id}`)).status).toBe(404);
    expect((await manager.send(`/backend/working-activities/${carlas.id}`)).status).toBe(404);
    expect(
      (await manager.send(`/api/working-activities?branch=${hafen}&from=${day}&to=${day}`)).status,
    ).toBe(403);
    const employee = await signedIn(anna);
    expect((await employee.send(`/api/working-activities`)).status).toBe(403);
    const outsider = await signedIn(managerB);
    const foreign = await outsider.send(`/api/working-activities/${id}`, {
      method: "PUT",
      json: { start: at("06:00").toISOString(), end: at("14:00").toISOString(), reason: "x" },
    });
    expect(foreign.status).toBe(404);

    // A correction needs a reason and sound times; nothing is half written.
    const noReason = await manager.send(`/api/working-activities/${id}`, {
      method: "PUT",
      json: { start: at("06:00").toISOString(), end: at("14:00").toISOString() },
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).errors?.[0]?.message).toMatch(/Grund/);
    const backwards = await manager.send(`/api/working-activities/${id}`, {
      method: "PUT",
      json: {
        start: at("14:00").toISOString(),
        end: at("06:00").toISOString(),
        reason: "Tippfehler",
      },
    });
    expect(backwards.status).toBe(400);
    const corrected = await manager.send(`/api/working-activities/${id}`, {
      method: "PUT",
      json: {
        start: at("06:00").toISOString(),
        end: at("14:30").toISOString(),
        pauses: [{ start: at("10:00").toISOString(), end: at("10:30").toISOString() }],
        comment: "Früher gegangen",
        reason: "Ausstempeln vergessen",
      },
    });
    expect(corrected.status).toBe(200);
    expect((await json(corrected)).data).toMatchObject({
      workedMinutes: 480,
      comment: "Früher gegangen",
    });
    const entry = await db
      .selectFrom("auditLog")
      .select(["data", "branchId", "userId"])
      .where("entityType", "=", "working-activity")
      .where("entityId", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ branchId: altstadt, userId: managerA.id });
    expect(entry.data).toMatchObject({
      reason: "Ausstempeln vergessen",
      before: { endedAt: at("17:00").toISOString() },
      after: { endedAt: at("14:30").toISOString() },
    });

    // The page's form: the same rules, a redirect after the correction.
    const local = (time: string) => `${day}T${time}`;
    const refused = await manager.send(`/backend/working-activities/${id}`, {
      form: { start: local("06:00"), end: local("15:00"), reason: "" },
    });
    expect(refused.status).toBe(400);
    const saved = await manager.send(`/backend/working-activities/${id}`, {
      form: {
        start: local("06:00"),
        end: local("15:00"),
        pauseStart: [local("11:00"), ""],
        pauseEnd: [local("11:30"), ""],
        comment: "",
        reason: "Pause nachgetragen",
      },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toContain("korrigiert=1");
    const edit = await manager.send(`/backend/working-activities/${id}`);
    expect(await edit.text()).toContain("Pause nachgetragen");

    // The statistics count the corrected day: 8.5 h less 30 min.
    const figures = await manager.send(
      `/api/statistics/working-activities?from=${day}&to=${day}&branch=${altstadt}`,
    );
    expect((await json(figures)).data).toEqual([{ date: day, value: 510 }]);
    const statisticsPage = await manager.send(`/backend/statistics?von=${day}&bis=${day}`);
    expect(await statisticsPage.text()).toContain("8:30 Stunden gearbeitet (ohne Pausen).");
    const all = await (
      await signedIn(admin)
    ).send(`/api/statistics/working-activities?from=${day}&to=${day}`);
    expect((await json(all)).data).toEqual([{ date: day, value: 750 }]);
  });

  it("keeps people and branches with recorded working time: no deletion, a 409 in German", async () => {
    const client = await signedIn(admin);
    const refused = await client.send(`/api/users/${anna.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toMatch(/Arbeitszeiten erfasst/);
    const idle = await createStaff(handle.db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] });
    expect((await client.send(`/api/users/${idle.id}`, { method: "DELETE" })).status).toBe(200);
    // Nor a branch with recorded working time (Carla clocked in at Hafen).
    const branch = await client.send(`/api/branches/${hafen}`, { method: "DELETE" });
    expect(branch.status).toBe(409);
    expect((await json(branch)).errors?.[0]?.message).toMatch(/Arbeitszeiten erfasst/);
  });

  it("refuses an overlapping correction", async () => {
    const db = handle.db;
    const day = DateTime.now().setZone(ZONE).minus({ days: 5 }).toISODate()!;
    const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate();
    await db
      .insertInto("workingActivities")
      .values({ userId: bert.id, branchId: altstadt, startedAt: at("06:00"), endedAt: at("10:00") })
      .execute();
    const { id } = await db
      .insertInto("workingActivities")
      .values({ userId: bert.id, branchId: altstadt, startedAt: at("11:00"), endedAt: at("15:00") })
      .returning("id")
      .executeTakeFirstOrThrow();
    const manager = await signedIn(managerA);
    const overlapping = await manager.send(`/api/working-activities/${id}`, {
      method: "PUT",
      json: { start: at("09:00").toISOString(), end: at("15:00").toISOString(), reason: "Test" },
    });
    expect(overlapping.status).toBe(400);
    expect((await json(overlapping)).errors?.[0]?.message).toMatch(/überschneiden/);
    const row = await db
      .selectFrom("workingActivities")
      .select("startedAt")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.startedAt).toEqual(at("11:00"));
  });

  it("lets a manager add a forgotten activity and delete one, with reasons, audited", async () => {
    const db = handle.db;
    const day = DateTime.now().setZone(ZONE).minus({ days: 9 }).toISODate()!;
    const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate();
    const iso = (time: string) => at(time).toISOString();
    const { id: departmentId } = await db
      .insertInto("departments")
      .values({ identifier: "verkauf-tt", name: "Verkauf" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const manager = await signedIn(managerA);
    const body = (extra: Record<string, unknown> = {}) => ({
      userId: bert.id,
      branchId: altstadt,
      departmentId,
      start: iso("07:00"),
      end: iso("15:30"),
      pauses: [{ start: iso("11:00"), end: iso("11:30") }],
      comment: "Stempeluhr defekt",
      reason: "Einstempeln vergessen",
      ...extra,
    });

    // No reason, another branch's person or branch, an employee: refused, nothing written.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("workingActivities")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const noReason = await manager.send("/api/working-activities", {
      method: "POST",
      json: body({ reason: " " }),
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).errors?.[0]?.message).toBe(
      "Aktivität konnte nicht erstellt werden. Bitte geben Sie den Grund der Korrektur an.",
    );
    const foreignPerson = await manager.send("/api/working-activities", {
      method: "POST",
      json: body({ userId: carla.id }),
    });
    expect(foreignPerson.status).toBe(403);
    expect((await json(foreignPerson)).errors?.[0]?.message).toMatch(/gehört nicht zu/);
    expect(
      (
        await manager.send("/api/working-activities", {
          method: "POST",
          json: body({ userId: carla.id, branchId: hafen }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await (
          await signedIn(anna)
        ).send("/api/working-activities", { method: "POST", json: body() })
      ).status,
    ).toBe(403);
    const badDepartment = await manager.send("/api/working-activities", {
      method: "POST",
      json: body({ departmentId: 999999 }),
    });
    expect(badDepartment.status).toBe(400);
    expect(await count()).toBe(before);

    const created = await manager.send("/api/working-activities", { method: "POST", json: body() });
    expect(created.status).toBe(201);
    const activity = (await json(created)).data;
    expect(activity).toMatchObject({
      userId: bert.id,
      branchId: altstadt,
      departmentId,
      workedMinutes: 480,
      source: "backoffice",
      comment: "Stempeluhr defekt",
    });
    const audited = await db
      .selectFrom("auditLog")
      .select(["action", "data", "userId", "branchId"])
      .where("entityType", "=", "working-activity")
      .where("entityId", "=", String(activity.id))
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({
      action: "working-activity.create",
      userId: managerA.id,
      branchId: altstadt,
      data: { reason: "Einstempeln vergessen", after: { endedAt: iso("15:30") } },
    });

    // An overlap with the added activity: 409 in German, nothing written.
    const overlap = await manager.send("/api/working-activities", {
      method: "POST",
      json: body({ start: iso("15:00"), end: iso("18:00"), pauses: [] }),
    });
    expect(overlap.status).toBe(409);
    expect((await json(overlap)).errors?.[0]?.message).toBe(
      "Aktivität konnte nicht erstellt werden. Die Zeiten überschneiden sich mit einer anderen Aktivität dieser Person.",
    );

    // The page's plain form adds one too (after the first, no overlap).
    const local = (time: string) => `${day}T${time}`;
    const form = await manager.send("/backend/working-activities/new");
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Aktivität nachtragen");
    const refused = await manager.send("/backend/working-activities/new", {
      form: {
        userId: String(bert.id),
        branchId: String(altstadt),
        start: local("16:00"),
        end: local("15:00"),
        reason: "Nachtrag",
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Das Ende darf nicht vor dem Beginn liegen.");
    const added = await manager.send("/backend/working-activities/new", {
      form: {
        userId: String(bert.id),
        branchId: String(altstadt),
        start: local("16:00"),
        end: local("18:00"),
        pauseStart: ["", ""],
        pauseEnd: ["", ""],
        departmentId: "",
        projectId: "",
        taskId: "",
        comment: "",
        reason: "Nachtrag Inventur",
      },
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toContain("nachgetragen=1");

    // Deleting: a reason is needed, another branch's manager gets 404, the audit keeps it all.
    const noDeleteReason = await manager.send(`/api/working-activities/${activity.id}`, {
      method: "DELETE",
    });
    expect(noDeleteReason.status).toBe(400);
    expect(
      (
        await (
          await signedIn(managerB)
        ).send(`/api/working-activities/${activity.id}`, {
          method: "DELETE",
          json: { reason: "weg" },
        })
      ).status,
    ).toBe(404);
    const deleted = await manager.send(`/api/working-activities/${activity.id}`, {
      method: "DELETE",
      json: { reason: "Doppelt erfasst" },
    });
    expect(deleted.status).toBe(204);
    expect(
      await db.selectFrom("workingActivities").select("id").where("id", "=", activity.id).execute(),
    ).toEqual([]);
    const kept = await db
      .selectFrom("auditLog")
      .select(["data"])
      .where("action", "=", "working-activity.delete")
      .where("entityId", "=", String(activity.id))
      .executeTakeFirstOrThrow();
    expect(kept.data).toMatchObject({
      reason: "Doppelt erfasst",
      before: {
        userId: bert.id,
        departmentId,
        startedAt: iso("07:00"),
        endedAt: iso("15:30"),
        comment: "Stempeluhr defekt",
        pauses: [{ startedAt: iso("11:00"), endedAt: iso("11:30") }],
      },
    });
    // The page's delete form.
    const second = await db
      .selectFrom("workingActivities")
      .select("id")
      .where("userId", "=", bert.id)
      .where("startedAt", "=", at("16:00"))
      .executeTakeFirstOrThrow();
    const pageNoReason = await manager.send(`/backend/working-activities/${second.id}`, {
      form: { intent: "delete", deleteReason: "" },
    });
    expect(pageNoReason.status).toBe(400);
    const pageDeleted = await manager.send(`/backend/working-activities/${second.id}`, {
      form: { intent: "delete", deleteReason: "Falsch nachgetragen" },
    });
    expect(pageDeleted.status).toBe(302);
    expect(pageDeleted.headers.get("Location")).toContain("geloescht=1");
  });

  it("refuses adding and deleting in a closed month", async () => {
    const db = handle.db;
    const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
    const { id } = await db
      .insertInto("workingActivities")
      .values({
        userId: bert.id,
        branchId: altstadt,
        startedAt: at("2020-03-02T08:00"),
        endedAt: at("2020-03-02T12:00"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("closedMonths")
      .values({ month: "2020-03-01", closedBy: admin.id })
      .execute();
    const manager = await signedIn(managerA);
    const added = await manager.send("/api/working-activities", {
      method: "POST",
      json: {
        userId: bert.id,
        branchId: altstadt,
        start: at("2020-03-03T08:00").toISOString(),
        end: at("2020-03-03T12:00").toISOString(),
        reason: "Nachtrag",
      },
    });
    expect(added.status).toBe(409);
    expect((await json(added)).errors?.[0]?.message).toBe(
      "Aktivität konnte nicht erstellt werden. Der Monat ist abgeschlossen und kann nicht mehr geändert werden.",
    );
    const deleted = await manager.send(`/api/working-activities/${id}`, {
      method: "DELETE",
      json: { reason: "weg" },
    });
    expect(deleted.status).toBe(409);
    expect((await json(deleted)).errors?.[0]?.message).toMatch(/abgeschlossen/);
    expect(
      await db.selectFrom("workingActivities").select("id").where("id", "=", id).execute(),
    ).toHaveLength(1);
  });

  it("lets a manager set or reset a person's PIN and card, lifting the lock", async () => {
    const db = handle.db;
    const erik = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Erik",
    });
    await setClockCredentials(db, erik.id, { pin: "1111" });
    await db
      .updateTable("staffClockCredentials")
      .set({ pinLockedUntil: new Date(Date.now() + 10 * 60_000), pinFailures: 3 })
      .where("userId", "=", erik.id)
      .execute();
    const client = new StaffClient(server);
    expect((await client.send(`${api()}/me`, as(erik, "1111"))).status).toBe(429);

    const manager = await signedIn(managerA);
    const page = await manager.send("/backend/clock-credentials");
    const html = await page.text();
    expect(html).toContain("Erik");
    expect(html).toContain("PIN-Eingabe gesperrt");
    expect(html).not.toContain("Carla");
    const badPin = await manager.send(`/api/clock-credentials/${erik.id}`, {
      method: "PUT",
      json: { pin: "12a4" },
    });
    expect(badPin.status).toBe(400);
    expect((await json(badPin)).errors?.[0]?.message).toBe(
      "PIN und Karte konnten nicht gespeichert werden. Die PIN muss aus 4 bis 8 Ziffern bestehen.",
    );
    expect(
      (
        await manager.send(`/api/clock-credentials/${erik.id}`, {
          method: "PUT",
          json: { pin: "123456789" },
        })
      ).status,
    ).toBe(400);
    // Another branch's person and an administrator: refused; employees: 403.
    expect(
      (
        await manager.send(`/api/clock-credentials/${carla.id}`, {
          method: "PUT",
          json: { pin: "1234" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await manager.send(`/api/clock-credentials/${admin.id}`, {
          method: "PUT",
          json: { pin: "1234" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await (
          await signedIn(anna)
        ).send(`/api/clock-credentials/${erik.id}`, {
          method: "PUT",
          json: { pin: "1234" },
        })
      ).status,
    ).toBe(403);
    const foreignForm = await manager.send("/backend/clock-credentials", {
      form: { userId: String(carla.id), pin: "1234" },
    });
    expect(foreignForm.status).toBe(403);

    const reset = await manager.send(`/api/clock-credentials/${erik.id}`, {
      method: "PUT",
      json: { pin: "97531", card: "CARD-ERIK" },
    });
    expect(reset.status).toBe(204);
    const stored = await db
      .selectFrom("staffClockCredentials")
      .selectAll()
      .where("userId", "=", erik.id)
      .executeTakeFirstOrThrow();
    expect(stored.pinHash).not.toContain("97531");
    expect(stored).toMatchObject({ pinFailures: 0, pinLockedUntil: null });
    expect((await client.send(`${api()}/me`, as(erik, "97531"))).status).toBe(200);
    expect(
      (await client.send(`${api()}/me`, { headers: { "X-Access-Token": "CARD-ERIK" } })).status,
    ).toBe(200);
    // A card someone else holds: 409.
    const taken = await manager.send(`/api/clock-credentials/${erik.id}`, {
      method: "PUT",
      json: { card: "CARD-0815" },
    });
    expect(taken.status).toBe(409);
    // The page's form removes the card, with a redirect and a notice.
    const removed = await manager.send("/backend/clock-credentials", {
      form: { userId: String(erik.id), pin: "", card: "", removeCard: "1" },
    });
    expect(removed.status).toBe(302);
    expect(await (await manager.send(removed.headers.get("Location")!)).text()).toContain(
      "PIN und Karte von Erik gespeichert.",
    );
    expect(
      (await client.send(`${api()}/me`, { headers: { "X-Access-Token": "CARD-ERIK" } })).status,
    ).toBe(401);
    const entry = await db
      .selectFrom("auditLog")
      .select(["userId", "data"])
      .where("action", "=", "clock-credentials.update")
      .where("entityId", "=", String(erik.id))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ userId: managerA.id, data: { pin: true, card: "set" } });
  });

  // Issue 35, finding 4: guessing at the clock, and what the PIN check's time gives away.
  it("wants a card of at least 8 characters wherever one is set, and at the clock", async () => {
    const db = handle.db;
    const fritz = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Fritz",
    });
    const manager = await signedIn(managerA);
    const short = await manager.send(`/api/clock-credentials/${fritz.id}`, {
      method: "PUT",
      json: { card: "4711" },
    });
    expect(short.status).toBe(400);
    expect((await json(short)).errors?.[0]?.message).toBe(
      "PIN und Karte konnten nicht gespeichert werden. Die Kartennummer muss aus 8 bis 64 Buchstaben, Ziffern oder Bindestrichen bestehen.",
    );
    const form = await manager.send("/backend/clock-credentials", {
      form: { userId: String(fritz.id), card: "CARD-47" },
    });
    expect(form.status).toBe(400);
    const own = await (
      await signedIn(fritz)
    ).send("/backend/my-time", { form: { intent: "credentials", card: "4711" } });
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("8 bis 64 Buchstaben");
    expect(
      await db
        .selectFrom("staffClockCredentials")
        .select("userId")
        .where("userId", "=", fritz.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    // A card set before the rule (4 to 7 characters) no longer opens the clock.
    await setClockCredentials(db, fritz.id, { card: "F-47" });
    const old = await new StaffClient(server).send(`${api()}/me`, {
      headers: { "X-Access-Token": "F-47" },
    });
    expect(old.status).toBe(401);
  });

  it("stops a device after 30 wrong cards or PINs for a while, the others still clock", async () => {
    const db = handle.db;
    const device = (
      await createBranchApiKey(db, {
        branchId: altstadt,
        label: "Rateversuch",
        createdBy: null,
        purpose: "time_clock",
      })
    ).key;
    const client = new StaffClient(server);
    const card = (token: string, key = device) =>
      client.send(`${api(key)}/me`, { headers: { "X-Access-Token": token } });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await card(`RATE-${String(attempt).padStart(5, "0")}`)).status).toBe(401);
    }
    // The right card on this device: refused now, with the minutes in German.
    const blocked = await card("CARD-0815");
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).errors?.[0]?.message).toBe(
      "Zu viele Fehlversuche an dieser Stempeluhr: Bitte versuchen Sie es in 15 Minuten erneut.",
    );
    const page = await client.send(`/time-clock/${altstadt}/${device}`, {
      form: { card: "CARD-0815", action: "start" },
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Zu viele Fehlversuche an dieser Stempeluhr");
    // A PIN on this device too; the branch's other clock is not affected.
    expect((await client.send(`${api(device)}/me`, as(anna, "2468"))).status).toBe(429);
    expect((await card("CARD-0815", clockKey)).status).toBe(200);
    // Once the block has passed, the device works again.
    await db
      .updateTable("loginThrottles")
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where("key", "like", "clockdevice:%")
      .execute();
    expect((await card("CARD-0815")).status).toBe(200);
  });

  it("spends comparable work on a name without a PIN as on a wrong PIN", async () => {
    const db = handle.db;
    const device = (
      await createBranchApiKey(db, {
        branchId: altstadt,
        label: "Zeitmessung",
        createdBy: null,
        purpose: "time_clock",
      })
    ).key;
    const withPin = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] });
    await setClockCredentials(db, withPin.id, { pin: "8642" });
    const withoutPin = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] });
    const client = new StaffClient(server);
    // CPU time of this process (scrypt runs on libuv's threads, which count too), not the clock's
    // time: see staff-login.test.ts.
    const work = async (email: string) => {
      const started = process.cpuUsage();
      const answer = await client.send(`${api(device)}/me`, {
        headers: { "X-Username": email, "X-Access-Token": "1111" },
      });
      const { user, system } = process.cpuUsage(started);
      expect(answer.status).toBe(401);
      return (user + system) / 1000;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    const known: number[] = [];
    const noPin: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await work(withPin.email));
      noPin.push(await work(withoutPin.email));
      unknown.push(await work(`niemand-${round}@example.org`));
    }
    // Each runs one scrypt check (~0.1 s of CPU); without the dummy the others took ~1 ms.
    expect(median(noPin)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});
