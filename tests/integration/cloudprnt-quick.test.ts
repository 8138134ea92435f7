import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import {
  cloudPrntPoll,
  QUICK_POLL_PASSED,
  quickCloudPrntPolls,
} from "#app/features/devices/cloudprnt.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

/**
 * CloudPRNT polls answered before Express (decision 064): what the quick path answers itself and
 * what it leaves to the route (here a stand-in that answers 299), the full way that records the
 * printer as seen, logs and sets stale tickets aside.
 */
describe.each(databaseTargets())("CloudPRNT's quick poll (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: Server;
  let origin: string;
  let token: string;
  let deviceId: number;
  let passedOn = 0;
  /** Whether each poll passed on was marked as read by the quick path (the route skips it then). */
  const marked: boolean[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await prepareCheckoutDatabase(handle.db);
    const device = await handle.db
      .insertInto("devices")
      .values({
        branchId: await branchIdOf(handle.db, testBranches.open.identifier),
        identifier: "star",
        name: "Star an der Theke",
        kind: "printer",
        connection: "star_cloudprnt",
        paperWidth: 80,
        printsNewOrders: true,
      })
      .returning(["id", "token"])
      .executeTakeFirstOrThrow();
    token = device.token;
    deviceId = device.id;
    const quick = quickCloudPrntPolls(handle.db);
    server = createServer((req, res) =>
      quick(req, res, () => {
        passedOn += 1;
        marked.push(req.headers[QUICK_POLL_PASSED] === "1");
        req.resume();
        res.writeHead(299).end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  const poll = (path = `/api/cloudprnt/${token}`, body = '{"status":"23 6 0 0 0 0 0 0 0 "}') =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });

  it("leaves a printer not seen for a while to the full way, then answers its polls itself", async () => {
    const before = passedOn;
    expect((await poll()).status).toBe(299);
    expect(passedOn).toBe(before + 1);
    // Read once: the route is told not to run the same query again.
    expect(marked.at(-1)).toBe(true);
    // As the full way would: the printer is recorded as seen.
    await handle.db
      .updateTable("devices")
      .set({ lastSeenAt: new Date() })
      .where("id", "=", deviceId)
      .execute();
    const answer = await poll();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ jobReady: false });
    expect(passedOn).toBe(before + 1);
  });

  it("offers a new order's ticket by its job token", async () => {
    const order = await placeTestOrder(handle.db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Laugenbrezel", amount: "1" }],
    });
    const job = await handle.db
      .selectFrom("printJobs")
      .select("jobToken")
      .where("orderId", "=", order.id)
      .where("deviceId", "=", deviceId)
      .executeTakeFirstOrThrow();
    const answer = await poll();
    expect(await answer.json()).toEqual({
      jobReady: true,
      mediaTypes: [expect.any(String)],
      jobToken: job.jobToken,
    });
  });

  it("leaves a stale ticket to the full way, which sets it aside", async () => {
    await handle.db
      .updateTable("printJobs")
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where("deviceId", "=", deviceId)
      .where("status", "=", "pending")
      .execute();
    const before = passedOn;
    expect((await poll()).status).toBe(299);
    expect(passedOn).toBe(before + 1);
  });

  it("answers an unknown token 404 in German and passes on what it does not know", async () => {
    const forged = await poll(`/api/cloudprnt/${"0".repeat(64)}`);
    expect(forged.status).toBe(404);
    expect(JSON.stringify(await forged.json())).toMatch(/[A-Za-zäöü]/);
    const before = passedOn;
    expect((await poll(`/api/cloudprnt/${token}/x`)).status).toBe(299);
    expect((await poll(`/api/cloudprnt/${token}`, "x".repeat(10_000))).status).toBe(299);
    expect(
      (await fetch(`${origin}/api/cloudprnt/${token}?token=abc`, { method: "GET" })).status,
    ).toBe(299);
    expect(passedOn).toBe(before + 3);
    // Not read by the quick path: not marked.
    expect(marked.slice(-3)).toEqual([false, false, false]);
  });

  it("does not take a notifier's token for a printer's, on either way", async () => {
    // A notifier that was a CloudPRNT printer once keeps its connection in the row.
    const notifier = await handle.db
      .insertInto("devices")
      .values({
        branchId: await branchIdOf(handle.db, testBranches.open.identifier),
        identifier: "melder-star",
        name: "Melder in der Küche",
        kind: "notifier",
        connection: "star_cloudprnt",
      })
      .returning("token")
      .executeTakeFirstOrThrow();
    expect((await poll(`/api/cloudprnt/${notifier.token}`)).status).toBe(404);
    expect((await cloudPrntPoll(handle.db, notifier.token, { quickPassed: true })).status).toBe(
      404,
    );
  });
});
