import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { de } from "#app/i18n/de";
import { isStaffPath } from "#app/features/staff/staff-auth.server";
import { appRoutes } from "#tests/support/app-build";
import { createTestDatabase } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * The staff API's manners (issue 13, point 10): an anonymous caller hears 401 before anything
 * else, whatever the method and with or without an Origin; a signed-in caller using a method the
 * address does not take hears a JSON 405 with `Allow`; an unknown `/api/…` address is a JSON 404.
 */
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"];

describe("the staff API's answers", () => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: TestStaff;
  let orderId: number;

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    await handle.db
      .insertInto("branches")
      .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
      .execute();
    orderId = (await insertTestOrder(handle.db)).id;
    admin = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    server = await startAppServer(handle.db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** Every staff API address of app/routes.ts with sample parameters. */
  function staffApiAddresses(): string[] {
    return (
      appRoutes()
        .filter((route) => route.fullPath.startsWith("api/") && isStaffPath(`/${route.fullPath}`))
        // Device keys (the counter views, decision 019; the time clock, decision 058) open their
        // routes, not sessions: a wrong key answers 404 to everyone alike.
        .filter(
          (route) =>
            !route.fullPath.includes(":apiKey") &&
            !route.fullPath.includes(":deviceKey") &&
            route.fullPath !== "api/*",
        )
        .map(
          (route) =>
            "/" +
            route.fullPath
              .replace(":orderId", String(orderId))
              .replace(":userId", String(admin.id))
              .replace(":operation", "confirm")
              .replace(":status", "confirm")
              .replace(":index", "0"),
        )
    );
  }

  it("answers an anonymous caller 401 first, for every method, with and without Origin", async () => {
    const addresses = staffApiAddresses();
    expect(addresses.length).toBeGreaterThan(8);
    // One address at a time, its fifteen calls side by side: some 700 calls in all, which a busy
    // two-core CI machine answers one after another too slowly for the default limit.
    for (const address of addresses) {
      const calls = METHODS.flatMap((method) =>
        [null, server.origin, "http://evil.example"].map(async (origin) => {
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (origin) headers.Origin = origin;
          const response = await fetch(`${server.origin}${address}`, {
            method,
            headers,
            body: method === "GET" ? undefined : "{}",
            redirect: "manual",
          });
          const body = (await response.json()) as { errors: { message: string }[] };
          return { label: `${method} ${address} (Origin ${origin})`, response, body };
        }),
      );
      for (const { label, response, body } of await Promise.all(calls)) {
        expect(response.status, label).toBe(401);
        expect(body.errors[0]?.message, label).toBeTruthy();
      }
    }
  }, 120_000);

  it("answers a method the address does not take with a JSON 405 and Allow", async () => {
    const client = await new StaffClient(server).signInAs(server.context, admin.id);
    const cases: [string, string, string][] = [
      ["POST", "/api/users/me", "GET, HEAD"],
      ["POST", `/api/orders/${orderId}`, "GET, HEAD, PUT, DELETE"],
      ["PUT", "/api/orders/current", "GET, HEAD"],
      ["GET", `/api/orders/${orderId}/items/0`, "PUT"],
      ["DELETE", "/api/users", "GET, POST"],
    ];
    for (const [method, address, allow] of cases) {
      const response = await client.send(address, method === "GET" ? {} : { method, json: {} });
      expect(response.status, `${method} ${address}`).toBe(405);
      expect(response.headers.get("Allow")).toBe(allow);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]?.message).toMatch(/[a-zäöü]/);
    }
  });

  it("answers an unknown /api address with a JSON 404, signed in or not", async () => {
    const client = await new StaffClient(server).signInAs(server.context, admin.id);
    for (const address of ["/api/nichts", "/api/orders/1/a/b/c", "/api/branches/1/menus/x"]) {
      for (const sender of [client, new StaffClient(server)]) {
        for (const method of ["GET", "POST", "DELETE"]) {
          const response = await sender.send(address, { method });
          expect(response.status, `${method} ${address}`).toBe(404);
          expect(await response.json()).toEqual({ errors: [{ message: de.errors.apiNotFound }] });
        }
      }
    }
  });
});
