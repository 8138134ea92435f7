import { insertStaffSession, revokeStaffSession } from "#app/db/queries/staff-sessions";
import { createStaff } from "#tests/support/staff";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import type { LiveOrderEvent, OrderEvent } from "#app/domain/live-events";
import {
  notifyCatalogueChanged,
  notifySessionsEnded,
  startLiveOrders,
  type LiveOrders,
  type LiveOrdersOptions,
} from "#app/server/notify-hub.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import { startTcpProxy } from "#tests/support/tcp-proxy";

const now = new Date("2026-11-21T09:00:00Z");

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A board's subscription: what it received, and whether it was told to close. */
function board(
  live: LiveOrders,
  branchIds: readonly number[] | null,
  session?: { userId: number; sessionId: number },
) {
  const events: LiveOrderEvent[] = [];
  let closed = 0;
  const unsubscribe = live.subscribe({
    branchIds,
    session,
    onEvent: (event) => events.push(event),
    onClose: () => (closed += 1),
  });
  return {
    events,
    unsubscribe,
    closed: () => closed,
    /** Waits for the event about this order (and kind) and returns it. */
    async receive(id: number, kind: OrderEvent["kind"]): Promise<OrderEvent> {
      const find = () =>
        events.find(
          (event): event is OrderEvent => event.kind === kind && "id" in event && event.id === id,
        );
      await waitUntil(() => find() !== undefined, `${kind} ${id}`);
      return find()!;
    },
    orderIds: () => events.flatMap((event) => ("id" in event ? [event.id] : [])),
  };
}

describe.each(databaseTargets())("live order events on %s", (target) => {
  let handle: DatabaseHandle;
  let live: LiveOrders;
  let altstadt: number;
  let wiehre: number;
  const lines: string[] = [];
  const options: LiveOrdersOptions = { log: (line) => lines.push(line), initialBackoffMs: 50 };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now });
    const branches = await handle.db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadt = branches.find((b) => b.identifier === "altstadt")!.id;
    wiehre = branches.find((b) => b.identifier === "wiehre")!.id;
    live = startLiveOrders(handle, options);
    await live.ready();
  });

  afterAll(async () => {
    await live?.close();
    await handle?.close();
  });

  it("announces a new order to the boards of its branch, with its uid", async () => {
    const mine = board(live, [altstadt]);
    const all = board(live, null);
    const other = board(live, [wiehre]);
    try {
      const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
      expect(await mine.receive(order.id, "created")).toEqual({
        kind: "created",
        id: order.id,
        branchId: altstadt,
        uid: order.uid,
      });
      await all.receive(order.id, "created");

      // The other branch's board hears of its own order, and only of that one.
      const theirs = await insertTestOrder(handle.db, { branchIdentifier: "wiehre" });
      await other.receive(theirs.id, "created");
      await all.receive(theirs.id, "created");
      expect(other.orderIds()).toEqual([theirs.id]);
      expect(mine.orderIds()).toEqual([order.id]);
    } finally {
      mine.unsubscribe();
      all.unsubscribe();
      other.unsubscribe();
    }
    expect(live.status()).toMatchObject({ listening: true, subscribers: 0 });
  });

  it("announces a status change, and an order moved to another branch to both", async () => {
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const mine = board(live, [altstadt]);
    const other = board(live, [wiehre]);
    try {
      await setOrderFlags(handle.db, order.id, { isConfirmed: true });
      expect(await mine.receive(order.id, "updated")).toMatchObject({
        kind: "updated",
        id: order.id,
        branchId: altstadt,
      });
      // An update that moves nothing the trigger watches but updated_at still counts: the
      // touch trigger moves updated_at on every update, so the board always hears of it.
      mine.events.length = 0;
      await handle.db
        .updateTable("orders")
        .set({ comment: "Bitte klingeln" })
        .where("id", "=", order.id)
        .execute();
      await mine.receive(order.id, "updated");

      await handle.db
        .updateTable("orders")
        .set({ branchId: wiehre })
        .where("id", "=", order.id)
        .execute();
      expect(await other.receive(order.id, "updated")).toMatchObject({
        branchId: wiehre,
        fromBranchId: altstadt,
      });
      await waitUntil(
        () => mine.events.some((e) => "fromBranchId" in e && e.fromBranchId === altstadt),
        "the board of the branch the order left",
      );
    } finally {
      mine.unsubscribe();
      other.unsubscribe();
    }
  });

  it("says nothing about a transaction that rolled back", async () => {
    const mine = board(live, [altstadt]);
    try {
      let rolledBack = 0;
      await handle.db
        .transaction()
        .execute(async (trx) => {
          const order = await trx
            .insertInto("orders")
            .values({
              hash: "zurückgerollt-0123456789",
              branchId: altstadt,
              businessDate: "2026-11-21",
              ticketNumber: 9999,
              name: "Niemand",
              paymentMethod: "cash",
              net: 0,
              tax: 0,
              gross: 0,
              totalNet: 0,
              totalTax: 0,
              totalGross: 0,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          rolledBack = order.id;
          throw new Error("zurück");
        })
        .catch(() => undefined);
      const after = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
      await mine.receive(after.id, "created");
      expect(rolledBack).toBeGreaterThan(0);
      expect(mine.orderIds()).toEqual([after.id]);
    } finally {
      mine.unsubscribe();
    }
  });

  it("tells every catalogue listener when the catalogue changed, on commit", async () => {
    let changes = 0;
    const stop = live.onCatalogueChanged(() => (changes += 1));
    try {
      await handle.db.transaction().execute(async (trx) => {
        await notifyCatalogueChanged(trx);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(changes).toBe(0);
      });
      await waitUntil(() => changes === 1, "catalogue notification");
    } finally {
      stop();
    }
  });

  it("keeps going when a subscriber throws", async () => {
    const throwing = live.subscribe({
      branchIds: null,
      onEvent: () => {
        throw new Error("kaputt");
      },
    });
    const mine = board(live, [altstadt]);
    try {
      const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
      await mine.receive(order.id, "created");
      await waitUntil(() => lines.some((line) => line.includes("kaputt")), "the logged failure");
    } finally {
      throwing();
      mine.unsubscribe();
    }
  });

  it("ends the boards of an ended staff session, or of all of a user's, on commit", async () => {
    const tablet = board(live, [altstadt], { userId: 7, sessionId: 70 });
    const office = board(live, [altstadt], { userId: 7, sessionId: 71 });
    const colleague = board(live, [altstadt], { userId: 8, sessionId: 80 });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await notifySessionsEnded(trx, { sessionId: 70 });
        await sql`select 1`.execute(trx);
        expect(tablet.closed()).toBe(0);
      });
      await waitUntil(() => tablet.closed() === 1, "tablet closed");
      await notifySessionsEnded(handle.db, { userId: 7 });
      await waitUntil(() => office.closed() === 1, "office closed");
      // The colleague's board still hears orders, and the ended ones are gone from the list.
      const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
      await colleague.receive(order.id, "created");
      expect(colleague.closed()).toBe(0);
      expect(tablet.orderIds()).not.toContain(order.id);
      expect(tablet.closed()).toBe(1);
    } finally {
      tablet.unsubscribe();
      office.unsubscribe();
      colleague.unsubscribe();
    }
  });

  it("ends every subscription when it closes, and turns later ones away", async () => {
    const second = startLiveOrders(handle, options);
    await second.ready();
    const mine = board(second, [altstadt]);
    await second.close();
    expect(mine.closed()).toBe(1);
    expect(second.status()).toMatchObject({ listening: false, subscribers: 0 });
    const late = board(second, null);
    expect(late.closed()).toBe(1);
    // The first listener still works: closing the other one did not UNLISTEN for it.
    const still = board(live, [altstadt]);
    try {
      const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
      await still.receive(order.id, "created");
    } finally {
      still.unsubscribe();
    }
  });

  describe.runIf(target === "postgres")("with several app instances", () => {
    it("hands an order written by one instance to the listeners of two others", async () => {
      const writer = await openDatabase({
        databaseUrl: handle.databaseUrl!,
        dataDir: "",
        maxConnections: 2,
      });
      const other = startLiveOrders(handle, options);
      try {
        await other.ready();
        expect(other.status().backendPid).not.toBe(live.status().backendPid);
        const first = board(live, [altstadt]);
        const second = board(other, [altstadt]);
        const order = await insertTestOrder(writer.db, { branchIdentifier: "altstadt" });
        await first.receive(order.id, "created");
        await second.receive(order.id, "created");
        await setOrderFlags(writer.db, order.id, { isConfirmed: true });
        await first.receive(order.id, "updated");
        await second.receive(order.id, "updated");
        first.unsubscribe();
        second.unsubscribe();
      } finally {
        await other.close();
        await writer.close();
      }
    });

    it("reconnects when its connection is killed, listens again and says reload", async () => {
      const mine = board(live, [altstadt]);
      // Two boards of a signed-in employee; one session ends unheard (no NOTIFY) just before the
      // listener loses its connection: that board is closed, to sign in again; the other reloads.
      const staff = await createStaff(handle.db, { roles: ["ROLE_EMPLOYEE"] });
      const now = new Date();
      const session = (tokenHash: string) =>
        insertStaffSession(handle.db, {
          userId: staff.id,
          tokenHash,
          now,
          expiresAt: new Date(now.getTime() + 3_600_000),
          createdFrom: "",
        });
      const running = await session("a".repeat(64));
      const ended = await session("b".repeat(64));
      const stillSignedIn = board(live, [altstadt], { userId: staff.id, sessionId: running });
      const signedIn = board(live, [altstadt], { userId: staff.id, sessionId: ended });
      await revokeStaffSession(handle.db, "b".repeat(64), now);
      let catalogue = 0;
      const stop = live.onCatalogueChanged(() => (catalogue += 1));
      try {
        const before = live.status();
        expect(before.backendPid).toBeGreaterThan(0);
        await sql`select pg_terminate_backend(${before.backendPid})`.execute(handle.db);
        await waitUntil(() => mine.events.some((e) => e.kind === "reload"), "reload");
        const after = live.status();
        expect(after).toMatchObject({ listening: true, reconnects: before.reconnects + 1 });
        expect(after.backendPid).not.toBe(before.backendPid);
        // The page cache is cleared too: a catalogue change may have been missed.
        expect(catalogue).toBe(1);
        await waitUntil(() => signedIn.closed() === 1, "ended session's board closed");
        expect(stillSignedIn.events.some((e) => e.kind === "reload")).toBe(true);
        expect(stillSignedIn.closed()).toBe(0);
        expect(lines.some((line) => line.includes("Verbindung verloren"))).toBe(true);

        const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
        await mine.receive(order.id, "created");
      } finally {
        stop();
        mine.unsubscribe();
        signedIn.unsubscribe();
        stillSignedIn.unsubscribe();
      }
    });

    it("notices a connection that went silent, by its ping", async () => {
      const server = new URL(handle.databaseUrl!);
      const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port) });
      const url = new URL(handle.databaseUrl!);
      url.port = String(proxy.port);
      const quiet = startLiveOrders(
        { ...handle, databaseUrl: url.toString() },
        { ...options, pingIntervalMs: 100, timeoutMs: 300 },
      );
      try {
        await quiet.ready();
        const mine = board(quiet, [altstadt]);
        const pid = quiet.status().backendPid;
        proxy.freeze();
        await waitUntil(() => mine.events.some((e) => e.kind === "reload"), "reload", 10_000);
        expect(quiet.status().backendPid).not.toBe(pid);
        const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
        await mine.receive(order.id, "created");
        expect(lines.some((line) => line.includes("keine Antwort auf ping"))).toBe(true);
      } finally {
        await quiet.close();
        await proxy.close();
      }
    });

    it("keeps trying while the database cannot be reached, and stops on close", async () => {
      const failures: string[] = [];
      const unreachable = startLiveOrders(
        { ...handle, databaseUrl: "postgres://postgres@127.0.0.1:1/nirgends" },
        { log: (line) => failures.push(line), initialBackoffMs: 20, maxBackoffMs: 40 },
      );
      await waitUntil(() => failures.length >= 3, "three attempts");
      expect(failures[0]).toMatch(/Verbindung nicht möglich .*neuer Versuch in \d+ ms/);
      expect(unreachable.status()).toMatchObject({ listening: false, backendPid: null });
      await unreachable.close();
      const count = failures.length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(failures.length).toBe(count);
    });
  });
});
