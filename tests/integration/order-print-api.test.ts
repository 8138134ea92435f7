import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { deliverDueJobs } from "#app/features/devices/print-jobs.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

// The fake printer listens on 127.0.0.1 (decision 056); stubbed for this file only.
beforeAll(() => {
  vi.stubEnv("PRINTER_ALLOW_LOOPBACK", "1");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

type Body = {
  data?: any;
  message?: string;
  printJobs?: { id: number; deviceId: number }[];
  errors?: { message: string }[];
};

const FAST = {
  connectTimeoutMs: 1_000,
  answerTimeoutMs: 1_000,
  now: () => new Date(Date.now() + 5),
};

/**
 * `POST /api/orders/{id}/print` (spec section 7, decision 099): the order's ticket on the
 * branch's printers, exactly as the back office's "Kopie drucken" — it reaches the fake printer
 * under "KOPIE"; a branch without a printer is a German 409; another branch's order is a 404.
 */
describe.each(databaseTargets())("printing an order through the API (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let printer: FakeTcpPrinter;
  let employee: StaffClient;
  let deviceId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const [altstadt] = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
        { identifier: "ohne-drucker", name: "Ohne Drucker", position: 3 },
      ])
      .returning("id")
      .execute();
    printer = await startFakeTcpPrinter();
    const device = await handle.db
      .insertInto("devices")
      .values({
        branchId: altstadt!.id,
        identifier: "theke",
        name: "Thekendrucker",
        kind: "printer",
        connection: "escpos_tcp",
        host: "127.0.0.1",
        port: printer.port,
        paperWidth: 80,
        printsNewOrders: false,
        printsConfirmedOrders: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    deviceId = device.id;
    const noPrinter = await handle.db
      .selectFrom("branches")
      .select("id")
      .where("identifier", "=", "ohne-drucker")
      .executeTakeFirstOrThrow();
    server = await startAppServer(handle.db);
    const user = await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt!.id, noPrinter.id],
    });
    employee = await new StaffClient(server).signInAs(server.context, user.id);
  });

  afterAll(async () => {
    await server?.close();
    await printer?.close();
    await handle?.close();
  });

  it("puts the ticket on the branch's printer, answers the jobs and audits", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const response = await employee.send(`/api/orders/${order.id}/print`, { json: {} });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.message).toBe("Der Beleg wurde an einen Drucker der Filiale geschickt.");
    expect(body.data).toMatchObject({ id: order.id });
    expect(body.printJobs).toEqual([{ id: expect.any(Number), deviceId }]);
    const job = await handle.db
      .selectFrom("printJobs")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ id: body.printJobs![0]!.id, reason: "reprint", deviceId });

    const round = await deliverDueJobs(handle.db, FAST);
    expect(round.printed).toBeGreaterThanOrEqual(1);
    expect(printer.printed).toContain(job.id);
    const ticket = printer.tickets.at(-1)!.toString("latin1");
    expect(ticket).toContain("KOPIE");
    expect(ticket).toContain(`Auftrag ${job.id}`);

    const audit = await handle.db
      .selectFrom("auditLog")
      .select(["action", "data"])
      .where("entityType", "=", "order")
      .where("entityId", "=", String(order.id))
      .execute();
    expect(audit).toEqual([{ action: "order.reprint", data: { jobs: 1 } }]);
  });

  it("takes a form post as well", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const response = await employee.send(`/api/orders/${order.id}/print`, { form: {} });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).printJobs).toHaveLength(1);
  });

  it("refuses in German with 409 when the branch has no printer, queuing nothing", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "ohne-drucker" });
    const response = await employee.send(`/api/orders/${order.id}/print`, { json: {} });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Body).errors?.[0]?.message).toBe(
      "Beleg konnte nicht gedruckt werden. Diese Filiale hat keinen Drucker.",
    );
    const jobs = await handle.db
      .selectFrom("printJobs")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    expect(jobs).toEqual([]);
  });

  it("keeps to the user's branches: another branch's order is not found", async () => {
    const other = await insertTestOrder(handle.db, { branchIdentifier: "hafen" });
    const response = await employee.send(`/api/orders/${other.id}/print`, { json: {} });
    expect(response.status).toBe(404);
    const jobs = await handle.db
      .selectFrom("printJobs")
      .select("id")
      .where("orderId", "=", other.id)
      .execute();
    expect(jobs).toEqual([]);
  });

  it("answers an unreadable body with 400 and a GET with 405, printing nothing", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const broken = await employee.send(`/api/orders/${order.id}/print`, {
      method: "POST",
      body: "{kaputt",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await employee.send(`/api/orders/${order.id}/print`)).status).toBe(405);
    const jobs = await handle.db
      .selectFrom("printJobs")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    expect(jobs).toEqual([]);
  });
});
