import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

process.env.PRINTER_ALLOW_LOOPBACK = "1";

type Body = { data?: any; errors?: { message: string; field?: string }[] };

/** Devices (issue 20, decision 056): the back-office resource and its address rules. */
describe.each(databaseTargets())("devices (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let altstadt: number;
  let hafen: number;

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
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [altstadt],
    });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const printer = (overrides: Record<string, unknown> = {}) => ({
    name: "Küchendrucker",
    identifier: "kueche",
    branchId: altstadt,
    kind: "printer",
    connection: "escpos_tcp",
    host: "192.168.1.50",
    port: 9100,
    paperWidth: 80,
    printsNewOrders: true,
    orderTypes: ["takeaway", "delivery"],
    ...overrides,
  });

  it("creates a TCP printer for the manager's branch with a token of its own", async () => {
    const response = await manager.send("/api/devices", { json: printer() });
    expect(response.status).toBe(201);
    const device = ((await response.json()) as Body).data;
    expect(device).toMatchObject({ host: "192.168.1.50", port: 9100, kind: "printer" });
    const row = await handle.db
      .selectFrom("devices")
      .selectAll()
      .where("id", "=", device.id)
      .executeTakeFirstOrThrow();
    expect(row.token).toMatch(/^[0-9a-f]{64}$/);
    expect(row.orderTypes).toEqual(["takeaway", "delivery"]);
  });

  it.each([
    ["localhost", 22, "host"],
    ["8.8.8.8", 9100, "host"],
    ["192.168.1.9", 70000, "port"],
    ["172.32.0.1", 9100, "host"],
    ["", 9100, "host"],
  ])(
    "refuses host %s port %s with a German message beside the field",
    async (host, port, field) => {
      const response = await admin.send("/api/devices", {
        json: printer({ identifier: `bad-${field}-${port}`, host, port }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Body;
      const problem = body.errors?.find((error) => error.field === field);
      expect(problem?.message).toMatch(/[äöüß]|Bitte|höchstens|Netz/);
    },
  );

  it("keeps a manager out of another branch's devices", async () => {
    const response = await manager.send("/api/devices", {
      json: printer({ identifier: "hafen-drucker", branchId: hafen }),
    });
    expect([403, 400]).toContain(response.status);
    const count = await handle.db
      .selectFrom("devices")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("identifier", "=", "hafen-drucker")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("allows loopback only with the test flag", async () => {
    const ok = await admin.send("/api/devices", {
      json: printer({ identifier: "fake", host: "127.0.0.1", port: 9100 }),
    });
    expect(ok.status).toBe(201);
    process.env.PRINTER_ALLOW_LOOPBACK = "";
    try {
      const refused = await admin.send("/api/devices", {
        json: printer({ identifier: "fake2", host: "127.0.0.1", port: 9100 }),
      });
      expect(refused.status).toBe(400);
    } finally {
      process.env.PRINTER_ALLOW_LOOPBACK = "1";
    }
  });

  it("shows the devices list in the back office", async () => {
    const response = await admin.send("/backend/devices");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Küchendrucker");
  });
});
