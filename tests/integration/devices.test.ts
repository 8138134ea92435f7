import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { startFakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

// The fake printers listen on 127.0.0.1 (decision 056). Stubbed for this file only: the worker
// runs other files after it in the same process (isolate: false).
beforeAll(() => {
  vi.stubEnv("PRINTER_ALLOW_LOOPBACK", "1");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

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

  it("prints a test ticket on a fake printer, says why it failed when refused, and logs both", async () => {
    const fake = await startFakeTcpPrinter();
    try {
      const created = await admin.send("/api/devices", {
        json: printer({ identifier: "testdruck", host: "127.0.0.1", port: fake.port }),
      });
      const device = ((await created.json()) as Body).data;
      const ok = await manager.send(`/api/devices/${device.id}/test/print`, { json: {} });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { message: string }).message).toBe("Testdruck erfolgreich.");
      expect(fake.printed).toHaveLength(1);
      expect(fake.tickets[0]!.includes(Buffer.from([0x84]))).toBe(true);

      await fake.setMode({ kind: "refuse" });
      const refused = await manager.send(`/api/devices/${device.id}/test/notification`, {
        json: {},
      });
      expect(refused.status).toBe(502);
      expect(((await refused.json()) as Body).errors![0]!.message).toBe(
        "Gerätetest nicht erfolgreich: Der Drucker hat die Verbindung abgelehnt.",
      );

      const logs = await manager.send(`/api/devices/${device.id}/request-device-logs`, {
        json: {},
      });
      expect(logs.status).toBe(200);
      const entries = ((await logs.json()) as { data: { event: string; message: string }[] }).data;
      expect(entries.map((entry) => entry.event)).toEqual(["logs", "error", "test"]);
      expect(entries[1]!.message).toContain("abgelehnt");
    } finally {
      await fake.close();
    }
  });

  it("refuses test prints for unknown devices and other branches' devices", async () => {
    expect((await admin.send("/api/devices/999999/test/print", { json: {} })).status).toBe(404);
    expect((await admin.send("/api/devices/abc/test/print", { json: {} })).status).toBe(404);
    const other = await handle.db
      .insertInto("devices")
      .values({ branchId: hafen, identifier: "hafen-x", name: "Hafen", kind: "printer" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await manager.send(`/api/devices/${other.id}/test/print`, { json: {} })).status).toBe(
      403,
    );
    expect(
      (await manager.send(`/api/devices/${other.id}/request-device-logs`, { json: {} })).status,
    ).toBe(403);
  });

  it("presses 'Testdruck' on the device page without JavaScript and sees the reason and the log", async () => {
    const created = await admin.send("/api/devices", {
      json: printer({ identifier: "seite", host: "127.0.0.1", port: 1 }),
    });
    const device = ((await created.json()) as Body).data;
    const pressed = await manager.send(`/backend/devices/${device.id}/testdruck`, {
      form: {},
    });
    expect(pressed.status).toBe(302);
    const location = pressed.headers.get("Location")!;
    expect(location).toBe(`/backend/devices/${device.id}?hinweis=testdruck-refused`);
    const page = await (await manager.send(location)).text();
    expect(page).toContain(
      "Gerätetest nicht erfolgreich: Der Drucker hat die Verbindung abgelehnt.",
    );
    expect(page).toContain("Geräteprotokoll");
    expect(page).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  });

  it("prints a copy from the order page only when asked, marked 'KOPIE', audited", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const before = await handle.db
      .selectFrom("printJobs")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    const page = await (await manager.send(`/backend/orders/${order.id}`)).text();
    expect(page).toContain("Kopie am Bondrucker");
    const pressed = await manager.send(`/backend/orders/${order.id}/kopie`, { form: {} });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toBe(`/backend/orders/${order.id}?done=kopie`);
    const jobs = await handle.db
      .selectFrom("printJobs")
      .select(["reason", "deviceId"])
      .where("orderId", "=", order.id)
      .execute();
    const printers = await handle.db
      .selectFrom("devices")
      .select("id")
      .where("branchId", "=", altstadt)
      .where("kind", "=", "printer")
      .where("connection", "is not", null)
      .execute();
    expect(jobs.length - before.length).toBe(printers.length);
    expect(jobs.every((job) => job.reason === "reprint")).toBe(true);
    const other = await insertTestOrder(handle.db, { branchIdentifier: "hafen" });
    expect((await manager.send(`/backend/orders/${other.id}/kopie`, { form: {} })).status).toBe(
      404,
    );
  });

  it("shows a notifier's address and a polling printer's on the device page, not a TCP printer's", async () => {
    const [notifier, star, tcp] = await handle.db
      .insertInto("devices")
      .values([
        { branchId: altstadt, identifier: "melder-seite", name: "Melder Küche", kind: "notifier" },
        {
          branchId: altstadt,
          identifier: "star-seite",
          name: "Star Theke",
          kind: "printer",
          connection: "star_cloudprnt",
        },
        {
          branchId: altstadt,
          identifier: "tcp-seite",
          name: "TCP Theke",
          kind: "printer",
          connection: "escpos_tcp",
          host: "192.168.1.60",
          port: 9100,
        },
      ])
      .returning(["id", "token"])
      .execute();
    const page = await (await manager.send(`/backend/devices/${notifier!.id}`)).text();
    expect(page).toContain("Adresse des Bestellmelders");
    // Absolute, ready to type into the tablet, in a read-only field and as a link.
    expect(page).toContain(`value="${server.origin}/melder/${notifier!.token}"`);
    expect(page).toContain(`href="${server.origin}/melder/${notifier!.token}"`);
    const starPage = await (await manager.send(`/backend/devices/${star!.id}`)).text();
    expect(starPage).toContain(`${server.origin}/api/cloudprnt/${star!.token}`);
    const tcpPage = await (await manager.send(`/backend/devices/${tcp!.id}`)).text();
    expect(tcpPage).not.toContain(tcp!.token);
    expect(tcpPage).not.toContain("Adresse des Bestellmelders");
  });

  it("serves a CloudPRNT printer: poll, fetch, confirm once; a second confirmation is harmless", async () => {
    const created = await admin.send("/api/devices", {
      json: printer({ identifier: "star", connection: "star_cloudprnt", host: "", port: null }),
    });
    expect(created.status).toBe(201);
    const device = await handle.db
      .selectFrom("devices")
      .select(["id", "token"])
      .where("identifier", "=", "star")
      .executeTakeFirstOrThrow();
    const other = await handle.db
      .insertInto("devices")
      .values({
        branchId: altstadt,
        identifier: "star2",
        name: "Star 2",
        kind: "printer",
        connection: "star_cloudprnt",
      })
      .returning(["id", "token"])
      .executeTakeFirstOrThrow();
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    await handle.db
      .insertInto("printJobs")
      .values({ deviceId: device.id, orderId: order.id, reason: "new" })
      .execute();
    const othersJob = await handle.db
      .insertInto("printJobs")
      .values({ deviceId: other.id, orderId: order.id, reason: "new" })
      .returning("jobToken")
      .executeTakeFirstOrThrow();
    const star = new StaffClient(server);
    const base = `/api/cloudprnt/${device.token}`;

    const poll = await star.send(base, {
      json: { status: "23 6 0 0 0 0 0 0 0 ", printerMAC: "00:11:62:00:00:01" },
    });
    expect(poll.status).toBe(200);
    const offer = (await poll.json()) as {
      jobReady: boolean;
      jobToken: string;
      mediaTypes: string[];
    };
    expect(offer.jobReady).toBe(true);

    const job = await star.send(`${base}?type=application/octet-stream&token=${offer.jobToken}`);
    expect(job.status).toBe(200);
    const bytes = Buffer.from(await job.arrayBuffer());
    expect([...bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);

    // Another device's job, a forged job token, a forged device token: 404 in German.
    const foreign = await star.send(`${base}?token=${othersJob.jobToken}`);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Body).errors![0]!.message).toContain("Druckauftrag");
    expect((await star.send(`${base}?token=abc`, { method: "DELETE" })).status).toBe(404);
    expect((await star.send(`/api/cloudprnt/${"0".repeat(64)}`, { json: {} })).status).toBe(404);
    expect((await star.send(`/api/cloudprnt/%00`, { json: {} })).status).toBeLessThan(500);

    const confirm = `${base}?token=${offer.jobToken}&code=200%20OK`;
    expect((await star.send(confirm, { method: "DELETE" })).status).toBe(200);
    expect((await star.send(confirm, { method: "DELETE" })).status).toBe(200);
    const stored = await handle.db
      .selectFrom("printJobs")
      .select(["status"])
      .where("jobToken", "=", offer.jobToken)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("printed");
    const again = (await (await star.send(base, { json: {} })).json()) as { jobReady: boolean };
    expect(again.jobReady).toBe(false);
    const events = await handle.db
      .selectFrom("deviceLogs")
      .select("event")
      .where("deviceId", "=", device.id)
      .orderBy("id")
      .execute();
    expect(events.map((entry) => entry.event)).toEqual([
      "poll",
      "fetched",
      "confirmed",
      "confirmed",
    ]);
  });
});
