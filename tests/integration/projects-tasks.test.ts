import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { startLiveOrders, taskEventStream } from "#app/server/notify-hub.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Projects and tasks (issue 21, spec section 4, decision 061) through the resource pattern's API:
 * branch scope, the tasks' filters, an assignee of another branch refused, a task's change
 * announced on `tasks_changed`, and the working activities' keys to both.
 */
/** LISTEN beside the pool: PGlite's own, or one pg client on PostgreSQL. */
async function listen(
  handle: DatabaseHandle,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (handle.pglite) return handle.pglite.listen(channel, onPayload);
  const client = new pg.Client({ connectionString: handle.databaseUrl });
  await client.connect();
  client.on("notification", (message) => onPayload(message.payload ?? ""));
  await client.query(`listen ${channel}`);
  return () => client.end();
}

type Body = { data?: any; errors?: { message: string; field?: string }[]; meta?: any };

describe.each(databaseTargets())("projects and tasks (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let manager: StaffClient;
  let managerB: StaffClient;
  let employee: StaffClient;
  let altstadt: number;
  let hafen: number;
  let baker: number;
  let sailor: number;

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const branches = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    altstadt = branches[0]!.id;
    hafen = branches[1]!.id;
    server = await startAppServer(handle.db);
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [altstadt],
    });
    const managerBUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [hafen],
    });
    const employeeUser = await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
    });
    baker = employeeUser.id;
    sailor = (await createStaff(handle.db, { roles: ["ROLE_EMPLOYEE"], branchIds: [hafen] })).id;
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    managerB = await new StaffClient(server).signInAs(server.context, managerBUser.id);
    employee = await new StaffClient(server).signInAs(server.context, employeeUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("plans a project and its tasks, filters them and keeps other branches out", async () => {
    const created = await manager.send("/api/projects", {
      json: { branchId: altstadt, name: "Weihnachtsgebäck", isActive: true },
    });
    expect(created.status).toBe(201);
    const project = (await json(created)).data;

    const task = async (body: Record<string, unknown>) =>
      manager.send("/api/tasks", { json: { branchId: altstadt, state: "open", ...body } });
    const first = await task({
      name: "Stollen backen",
      projectId: project.id,
      assigneeId: baker,
      dueOn: "2026-12-10",
    });
    expect(first.status).toBe(201);
    const stollen = (await json(first)).data;
    expect(stollen).toMatchObject({ assigneeId: baker, state: "open", projectId: project.id });
    expect((await task({ name: "Schaufenster", state: "done" })).status).toBe(201);

    const open = await json(await manager.send("/api/tasks?state=open"));
    expect(open.data.map((row: { name: string }) => row.name)).toEqual(["Stollen backen"]);
    const mine = await json(await manager.send(`/api/tasks?assigneeId=${baker}`));
    expect(mine.data).toHaveLength(1);
    const ofProject = await json(await manager.send(`/api/tasks?projectId=${project.id}`));
    expect(ofProject.data.map((row: { id: number }) => row.id)).toEqual([stollen.id]);
    const due = await json(await manager.send("/api/tasks?dueOn=2026-12-10"));
    expect(due.data).toHaveLength(1);

    const bad = await manager.send("/api/tasks?assigneeId=99999999999999999999");
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toEqual([
      { message: "Aufgaben konnten nicht geladen werden." },
      { message: "Dieser Filterwert ist ungültig.", field: "assigneeId" },
    ]);
    expect((await manager.send("/api/tasks?dueOn=2026-02-30")).status).toBe(400);

    // The other branch's manager sees none of it and cannot open it.
    expect((await json(await managerB.send("/api/tasks"))).data).toEqual([]);
    expect((await managerB.send(`/api/tasks/${stollen.id}`)).status).toBeGreaterThanOrEqual(403);
    // Employees do not plan tasks.
    expect((await employee.send("/api/tasks")).status).toBe(403);
  });

  it("refuses an assignee or a project of another branch, saving nothing", async () => {
    const before = await handle.db
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const stranger = await manager.send("/api/tasks", {
      json: { branchId: altstadt, name: "Hafenfest", state: "open", assigneeId: sailor },
    });
    expect(stranger.status).toBe(400);
    expect((await json(stranger)).errors).toContainEqual({
      field: "assigneeId",
      message: "Die Person arbeitet nicht in dieser Filiale.",
    });
    const foreignProject = (
      await handle.db
        .insertInto("projects")
        .values({ branchId: hafen, name: "Hafenfest" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const other = await manager.send("/api/tasks", {
      json: { branchId: altstadt, name: "Hafenfest", state: "open", projectId: foreignProject },
    });
    expect(other.status).toBe(400);
    const otherBranch = await manager.send("/api/tasks", {
      json: { branchId: hafen, name: "Hafenfest", state: "open" },
    });
    expect(otherBranch.status).toBe(403);
    const wrongState = await manager.send("/api/tasks", {
      json: { branchId: altstadt, name: "X", state: "vielleicht" },
    });
    expect(wrongState.status).toBe(400);
    const after = await handle.db
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("offers a manager only the people of their own branches as assignees", async () => {
    const names = await handle.db
      .selectFrom("users")
      .select(["id", "name"])
      .where("id", "in", [baker, sailor])
      .execute();
    const page = await manager.send("/backend/tasks/new");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value="${baker}"`);
    expect(html).toContain(names.find((row) => row.id === baker)!.name);
    expect(html).not.toContain(names.find((row) => row.id === sailor)!.name);
  });

  it("offers a manager only the projects of their own branches (issue 35)", async () => {
    await handle.db
      .insertInto("projects")
      .values([
        { branchId: altstadt, name: "Altstadtfest-Vorbereitung" },
        { branchId: hafen, name: "Hafengeheimnis-Kampagne" },
      ])
      .execute();
    const html = await (await manager.send("/backend/tasks/new")).text();
    expect(html).toContain("Altstadtfest-Vorbereitung");
    expect(html).not.toContain("Hafengeheimnis-Kampagne");
    // The other branch's manager, the other way round; the task list's filter the same.
    const other = await (await managerB.send("/backend/tasks/new")).text();
    expect(other).toContain("Hafengeheimnis-Kampagne");
    expect(other).not.toContain("Altstadtfest-Vorbereitung");
    expect(await (await manager.send("/backend/tasks")).text()).not.toContain(
      "Hafengeheimnis-Kampagne",
    );
  });

  it("announces a task's change on tasks_changed", async () => {
    const task = await handle.db
      .insertInto("tasks")
      .values({ branchId: altstadt, name: "Mehl bestellen" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const heard: string[] = [];
    const unlisten = await listen(handle, "tasks_changed", (payload) => heard.push(payload));
    try {
      await handle.db
        .updateTable("tasks")
        .set({ state: "done" })
        .where("id", "=", task.id)
        .execute();
      for (let i = 0; i < 50 && heard.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await unlisten();
    }
    expect(heard.map((payload) => JSON.parse(payload))).toContainEqual({
      id: task.id,
      branchId: altstadt,
      op: "update",
    });
  });

  it("streams a task's change to the open lists of its branch only", async () => {
    const live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    const abort = new AbortController();
    try {
      const open = (branchIds: number[]) =>
        taskEventStream(new Request("http://test/", { signal: abort.signal }), live, branchIds)
          .body!.pipeThrough(new TextDecoderStream())
          .getReader();
      const mine = open([altstadt]);
      const theirs = open([hafen]);
      await mine.read(); // the retry hint
      await theirs.read();
      const task = await handle.db
        .insertInto("tasks")
        .values({ branchId: altstadt, name: "Brezeln zählen" })
        .returning("id")
        .executeTakeFirstOrThrow();
      let text = "";
      while (!text.includes("event: task")) text += (await mine.read()).value ?? "";
      expect(text).toContain(`"branchId":${altstadt}`);
      // The other branch's list hears nothing but heartbeats until a change of its own.
      await handle.db
        .insertInto("tasks")
        .values({ branchId: hafen, name: "Netze flicken" })
        .execute();
      let other = "";
      while (!other.includes("event: task")) other += (await theirs.read()).value ?? "";
      expect(other).toContain(`"branchId":${hafen}`);
      expect(other).not.toContain(`"branchId":${altstadt}`);
      expect(task.id).toBeGreaterThan(0);
    } finally {
      abort.abort();
      await live.close();
    }
  });

  it("keys the working activities to projects and tasks (deleting one clears the key)", async () => {
    const project = await handle.db
      .insertInto("projects")
      .values({ branchId: altstadt, name: "Inventur" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const activity = await handle.db
      .insertInto("workingActivities")
      .values({
        userId: baker,
        branchId: altstadt,
        projectId: project.id,
        startedAt: new Date("2026-11-02T07:00:00Z"),
        endedAt: new Date("2026-11-02T09:00:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      handle.db
        .updateTable("workingActivities")
        .set({ taskId: 2_000_000 })
        .where("id", "=", activity.id)
        .execute(),
    ).rejects.toThrow();
    // The resource refuses to delete a project with booked time, in German.
    const refused = await manager.send(`/api/projects/${project.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toContain("Arbeitszeit gebucht");
    await sql`delete from projects where id = ${project.id}`.execute(handle.db);
    const row = await handle.db
      .selectFrom("workingActivities")
      .select("projectId")
      .where("id", "=", activity.id)
      .executeTakeFirstOrThrow();
    expect(row.projectId).toBeNull();
  });
});
