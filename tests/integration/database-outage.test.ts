import net from "node:net";
import { sql } from "kysely";
import { createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";
import { de } from "#app/i18n/de";
import { appBuild } from "#tests/support/app-build";
import { createTestDatabase } from "#tests/support/db";
import { withAdminClient } from "#tests/support/postgres";
import { staffContext } from "#tests/support/staff";

/** A port on this machine where nothing listens: every connection is refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Every surface of the app while its PostgreSQL server cannot be reached: a page, a `.data`
 * request, a form post and a JSON route each answer 503 with the German sentence and a retry
 * hint, never 500 (docs/decisions/026). Needs no PostgreSQL server: the pool points at a port
 * that refuses.
 */
const UID = "00000000-0000-4000-8000-000000000001";
const HASH = "abcdefabcdefabcdef";

describe("the shop while its database cannot be reached", () => {
  let handle: DatabaseHandle;
  let send: (path: string, init?: RequestInit) => Promise<Response>;

  beforeAll(async () => {
    handle = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/backstube`,
      dataDir: "",
    });
    const handler = createRequestHandler(await appBuild(), "production");
    const context = staffContext(handle.db);
    send = (path, init) => handler(new Request(`http://localhost${path}`, init), context);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("answers a page with the German 503 page and Retry-After", async () => {
    for (const path of ["/", "/store/wiehre", `/status/${UID}/${HASH}`]) {
      const response = await send(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain(`<title>${de.errors.unavailableTitle}`);
      expect(html).toContain(de.errors.unavailableText);
    }
  });

  it("answers a single-fetch .data request 503", async () => {
    const response = await send("/store/wiehre.data");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toContain(de.errors.unavailableText);
  });

  it("answers a placed order 503, so the customer may send the same form again", async () => {
    const response = await send("/store/wiehre/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ orderKey: "k".repeat(20), name: "Erika" }).toString(),
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(de.errors.unavailableText);
  });

  it("answers JSON routes with { errors: [{ message }] } and 503", async () => {
    for (const [path, method] of [
      [`/api/orders/public/${UID}/${HASH}`, "GET"],
      [`/api/orders/public/${UID}/${HASH}/confirm-counter-appointment`, "POST"],
    ] as const) {
      const response = await send(path, { method });
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({ errors: [{ message: de.errors.unavailableText }] });
    }
  });
});

/**
 * The pool's side on a real server: a connection ended by the server while a request holds it
 * (between two queries of a transaction, where pg-pool listens for nothing) must neither end the
 * process with an unhandled 'error' event nor go back into the pool.
 */
describe.runIf(inject("postgresTemplate"))("a pooled connection the server ends", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("fails the request that holds it, recognisably, and is discarded", async () => {
    const terminate = (pid: number) =>
      withAdminClient(inject("postgresUrl")!, (client) =>
        client.query("select pg_terminate_backend($1)", [pid]),
      );
    let killedPid = 0;
    const failure = await handle.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        killedPid = rows[0]!.pid;
        await terminate(killedPid);
        // The server's goodbye arrives while the connection is checked out and idle.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);

    // The next request gets a live connection of its own, not the dead one.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    expect(rows[0]!.pid).not.toBe(killedPid);
  });
});
