import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { queueOrderPrintJobs } from "#app/features/devices/print-jobs.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { placeTestOrder } from "#tests/support/place-test-order";
import { fakeEpsonSdpPrinter, printResponseInfo } from "#tests/support/fake-epson-sdp";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Epson Server Direct Print (decision 063) against a fake TM-i printer that speaks the form
 * protocol: GetRequest hands out one job as ePOS-Print XML, SetResponse with `success="true"` is
 * the proof of printing, a second result is harmless, a printer that never answers gets the job
 * again, a failure is retried with back-off, forged tokens and other devices' jobs are refused.
 */
describe.each(databaseTargets())("Epson Server Direct Print (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let server: AppServer;
  let branchId: number;
  let device: { id: number; token: string };
  let other: { id: number; token: string };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    server = await startAppServer(db);
    branchId = await branchIdOf(db, testBranches.open.identifier);
    [device, other] = (await db
      .insertInto("devices")
      .values([
        {
          branchId,
          identifier: "epson-kueche",
          name: "Küche (Epson)",
          kind: "printer",
          connection: "epson_sdp",
          paperWidth: 80,
        },
        {
          branchId,
          identifier: "epson-theke",
          name: "Theke (Epson)",
          kind: "printer",
          connection: "epson_sdp",
          paperWidth: 58,
          printsNewOrders: false,
        },
      ])
      .returning(["id", "token"])
      .execute()) as [{ id: number; token: string }, { id: number; token: string }];
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const url = (token: string) => `${server.origin}/api/epson-sdp/${token}`;
  const jobsOf = (orderId: number) =>
    db.selectFrom("printJobs").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
  const eventsOf = async (jobId: number) =>
    (
      await db
        .selectFrom("deviceLogs")
        .select("event")
        .where("printJobId", "=", jobId)
        .orderBy("id")
        .execute()
    ).map((row) => row.event);
  const newOrderJob = async () => {
    const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
    await queueOrderPrintJobs(db, order.id, "new");
    return (await jobsOf(order.id))[0]!;
  };

  it("answers an empty body when nothing is due, and logs the printer's poll", async () => {
    const printer = fakeEpsonSdpPrinter(url(device.token));
    const response = await printer.post({ ConnectionType: "GetRequest", ID: "", Name: "TM" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
    expect(await response.text()).toBe("");
    const logs = await db
      .selectFrom("deviceLogs")
      .select(["event", "message"])
      .where("deviceId", "=", device.id)
      .execute();
    expect(logs).toEqual([
      { event: "poll", message: "Drucker meldet sich (Server Direct Print)." },
    ]);
  });

  it("hands out a placed order's ticket as ePOS-Print XML with umlauts and €, printed once when confirmed", async () => {
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Laugenbrezel", amount: "2" }],
      fields: { comment: "Bitte Größe prüfen – 5 € <b>&" },
    });
    const [job] = await jobsOf(placed.id);
    expect(job).toMatchObject({ deviceId: device.id, reason: "new", status: "pending" });
    const printer = fakeEpsonSdpPrinter(url(device.token));

    const ticket = await printer.poll("confirm");
    expect(ticket!.printJobId).toBe(String(job!.id));
    expect(ticket!.xml).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<PrintRequestInfo Version="2.00">/,
    );
    expect(ticket!.xml).toContain(
      `<Parameter><devid>local_printer</devid><timeout>10000</timeout><printjobid>${job!.id}</printjobid></Parameter>`,
    );
    // UTF-8 text: the characters themselves, and markup of the comment escaped, not obeyed.
    expect(ticket!.text).toContain(`Auftrag ${job!.id}`);
    expect(ticket!.text).toContain("Größe prüfen - 5 € <b>&");
    expect(ticket!.text).toContain("Laugenbrezel");
    expect(ticket!.xml).toContain("&lt;b&gt;&amp;");
    expect(ticket!.xml).toContain('<cut type="feed"/>');
    // Empty lines before the first printed line (never under the cutter).
    expect(ticket!.xml.indexOf('<feed line="3"/>')).toBeLessThan(ticket!.xml.indexOf("<text>"));

    expect((await jobsOf(placed.id))[0]).toMatchObject({ status: "printed", attempts: 1 });
    expect(await printer.poll()).toBeNull();
    expect(await eventsOf(job!.id)).toEqual(["fetched", "confirmed"]);
  });

  it("takes a second confirmation of the same job as harmless", async () => {
    const job = await newOrderJob();
    const printer = fakeEpsonSdpPrinter(url(device.token));
    await printer.poll("confirm-twice");
    expect(printer.printed.map((ticket) => ticket.printJobId)).toEqual([String(job.id)]);
    const stored = await db
      .selectFrom("printJobs")
      .select(["status", "printedAt"])
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("printed");
    expect(await eventsOf(job.id)).toEqual(["fetched", "confirmed", "confirmed"]);
    const again = await db
      .selectFrom("deviceLogs")
      .select("message")
      .where("printJobId", "=", job.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(again.message).toContain("zweite Bestätigung ignoriert");
    expect(await printer.poll()).toBeNull();
  });

  it("offers a job again when the printer never confirmed it (it restarted), not before", async () => {
    const job = await newOrderJob();
    const printer = fakeEpsonSdpPrinter(url(device.token));
    await printer.poll("never");
    expect((await jobsOf(job.orderId!))[0]!.status).toBe("sending");
    // Handed out and not answered yet: not handed out twice at once.
    expect(await printer.poll()).toBeNull();
    await sql`update print_jobs set fetched_at = now() - interval '2 minutes' where id = ${job.id}`.execute(
      db,
    );
    const again = await printer.poll("confirm");
    expect(again!.printJobId).toBe(String(job.id));
    expect((await jobsOf(job.orderId!))[0]).toMatchObject({ status: "printed", attempts: 1 });
  });

  it("puts a failed job back with back-off and the printer's code, then prints it", async () => {
    const job = await newOrderJob();
    const printer = fakeEpsonSdpPrinter(url(device.token));
    await printer.poll("fail");
    const failed = (await jobsOf(job.orderId!))[0]!;
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toBe("Der Drucker meldet einen Fehler: EPTR_REC_EMPTY.");
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await printer.poll()).toBeNull();
    await sql`update print_jobs set next_attempt_at = now() - interval '1 second' where id = ${job.id}`.execute(
      db,
    );
    expect((await printer.poll("confirm"))!.printJobId).toBe(String(job.id));
    expect((await jobsOf(job.orderId!))[0]).toMatchObject({ status: "printed", attempts: 2 });
    expect(await eventsOf(job.id)).toEqual(["fetched", "error", "fetched", "confirmed"]);
  });

  it("refuses forged tokens, other devices' jobs and what is not the protocol, in German", async () => {
    const othersJob = await db
      .insertInto("printJobs")
      .values({ deviceId: other.id, reason: "test" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const printer = fakeEpsonSdpPrinter(url(device.token));
    // Another device's job id: refused, and that job is untouched.
    expect(await printer.setResponse(String(othersJob.id), true)).toBe(404);
    expect(await printer.setResponse("999999999", true)).toBe(404);
    expect(await printer.setResponse("../1", true)).toBe(404);
    const untouched = await db
      .selectFrom("printJobs")
      .select("status")
      .where("id", "=", othersJob.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe("pending");

    const forged = fakeEpsonSdpPrinter(url("0".repeat(64)));
    const refused = await forged.post({ ConnectionType: "GetRequest", ID: "" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      "Dieses Gerät ist unbekannt.",
    );
    expect(
      (await fakeEpsonSdpPrinter(url("x")).post({ ConnectionType: "GetRequest" })).status,
    ).toBe(404);
    // A CloudPRNT device's token does not open the SDP address.
    const star = await db
      .insertInto("devices")
      .values({
        branchId,
        identifier: "star-sdp",
        name: "Star",
        kind: "printer",
        connection: "star_cloudprnt",
      })
      .returning("token")
      .executeTakeFirstOrThrow();
    expect(
      (await fakeEpsonSdpPrinter(url(star.token)).post({ ConnectionType: "GetRequest" })).status,
    ).toBe(404);

    const bad: Record<string, string>[] = [
      { ConnectionType: "Drop" },
      {},
      { ConnectionType: "SetResponse", ResponseFile: "kein XML" },
      { ConnectionType: "SetResponse" },
    ];
    for (const fields of bad) {
      const response = await printer.post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    const big = await printer.post({
      ConnectionType: "SetResponse",
      ResponseFile: printResponseInfo("1", true) + " ".repeat(70_000),
    });
    expect(big.status).toBe(400);
    expect((await fetch(url(device.token))).status).toBe(405);
    expect((await printer.post({ ConnectionType: "SetStatus", ID: "", Status: "" })).status).toBe(
      200,
    );
  });

  it("does not hand out stale tickets; a reprint comes as 'KOPIE'", async () => {
    const job = await newOrderJob();
    await sql`update print_jobs set created_at = now() - interval '31 minutes' where id = ${job.id}`.execute(
      db,
    );
    const printer = fakeEpsonSdpPrinter(url(device.token));
    expect(await printer.poll()).toBeNull();
    expect((await jobsOf(job.orderId!))[0]!.status).toBe("stale");
    await db
      .insertInto("printJobs")
      .values({ deviceId: device.id, orderId: job.orderId, reason: "reprint" })
      .execute();
    const copy = await printer.poll("confirm");
    expect(copy!.text).toContain("KOPIE");
    expect(copy!.xml).toContain('<text width="2" height="2"/>');
  });

  it("shows the address to type into the printer on the device page", async () => {
    const admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(db, { roles: ["ROLE_ADMIN"] })).id,
    );
    const page = await (await admin.send(`/backend/devices/${device.id}`)).text();
    expect(page).toContain("Adresse für den Drucker (Server Direct Print)");
    expect(page).toContain(`/api/epson-sdp/${device.token}`);
  });
});
