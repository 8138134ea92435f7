import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import {
  liveOrderEventStream,
  startLiveOrders,
  type LiveOrders,
} from "#app/server/notify-hub.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startLiveEventsServer, type LiveEventsServer } from "#tests/support/live-events-server";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import { openEventStream, type SseConnection } from "#tests/support/sse-client";

const now = new Date("2026-11-21T09:00:00Z");

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const orderEvent = (id: number, kind: string) => (event: { event: string; data: string }) =>
  event.event === "order" &&
  (JSON.parse(event.data) as { id: number; kind: string }).id === id &&
  (JSON.parse(event.data) as { kind: string }).kind === kind;

describe("without a listener", () => {
  it("answers 503 with a German message, so the board refreshes instead", async () => {
    const response = liveOrderEventStream(new Request("http://shop.test/e"), undefined, null);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("Live-Aktualisierung ist gerade nicht verfügbar.");
  });
});

describe.each(databaseTargets())("the order board's event stream on %s", (target) => {
  let handle: DatabaseHandle;
  let live: LiveOrders;
  let server: LiveEventsServer;
  let altstadt: number;
  let wiehre: number;
  const streams: SseConnection[] = [];
  const open = async (query = "", headers: Record<string, string> = {}) => {
    const stream = await openEventStream(server.url + query, {
      headers: { "Accept-Encoding": "gzip, deflate, br", ...headers },
    });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now });
    const branches = await handle.db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadt = branches.find((b) => b.identifier === "altstadt")!.id;
    wiehre = branches.find((b) => b.identifier === "wiehre")!.id;
    live = startLiveOrders(handle, { log: () => {} });
    await live.ready();
    server = await startLiveEventsServer({ live, heartbeatMs: 100 });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.close();
    await live?.close();
    await handle?.close();
  });

  it("streams uncompressed text/event-stream that no cache keeps", async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("no-store, no-transform");
    expect(stream.headers["x-accel-buffering"]).toBe("no");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    await waitUntil(() => stream.comments.includes("verbunden"), "the first comment");
    expect(stream.retry).toBe(2000);
    stream.close();
  });

  it("delivers a new order and its status change as they happen, without the uid", async () => {
    const stream = await open(`?branch=${altstadt}`);
    const order = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const created = await stream.waitFor(orderEvent(order.id, "created"));
    expect(JSON.parse(created.data)).toEqual({ kind: "created", id: order.id, branchId: altstadt });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    await setOrderFlags(handle.db, order.id, { isConfirmed: true });
    const updated = await stream.waitFor(orderEvent(order.id, "updated"));
    expect(updated.id).not.toBe(created.id);
    expect(created.data).not.toContain(order.uid);
    stream.close();
  });

  it("keeps another branch's orders off the stream", async () => {
    const wiehreStream = await open(`?branch=${wiehre}`);
    const both = await open(`?branch=${altstadt}&branch=${wiehre}`);
    const theirs = await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    const ours = await insertTestOrder(handle.db, { branchIdentifier: "wiehre" });
    await both.waitFor(orderEvent(theirs.id, "created"));
    await both.waitFor(orderEvent(ours.id, "created"));
    await wiehreStream.waitFor(orderEvent(ours.id, "created"));
    expect(wiehreStream.events.map((e) => (JSON.parse(e.data) as { id: number }).id)).toEqual([
      ours.id,
    ]);
    wiehreStream.close();
    both.close();
  });

  it("sends heartbeats while nothing happens", async () => {
    const stream = await open();
    await waitUntil(() => stream.comments.filter((c) => c === "ping").length >= 2, "two pings");
    stream.close();
  });

  it("tells a browser that reconnects with Last-Event-ID to reload", async () => {
    const stream = await open("", { "Last-Event-ID": "0badcafe-1f" });
    const first = await stream.waitFor(() => true);
    expect(first.event).toBe("reload");
    stream.close();
  });

  it("lets go of the subscription when the browser disconnects", async () => {
    // The earlier tests' streams are closed; their subscriptions go as their sockets do.
    await waitUntil(() => live.status().subscribers === 0, "the earlier streams gone");
    const stream = await open();
    await waitUntil(() => live.status().subscribers === 1, "subscribed");
    stream.close();
    await waitUntil(() => live.status().subscribers === 0, "unsubscribed");
  });

  it("ends every stream when the listener shuts down, so the server can stop", async () => {
    const own = startLiveOrders(handle, { log: () => {} });
    await own.ready();
    const second = await startLiveEventsServer({ live: own });
    try {
      const stream = await openEventStream(second.url);
      await waitUntil(() => own.status().subscribers === 1, "subscribed");
      await own.close();
      await stream.ended;
      // Nothing keeps the server open now: no connection is left but idle ones, so it closes
      // without cutting any (a stream still open would hold the close until the test times out).
      await new Promise<void>((resolve, reject) => {
        second.server.close((error) => (error ? reject(error) : resolve()));
        second.server.closeIdleConnections();
      });
      expect(second.server.listening).toBe(false);
    } finally {
      await second.close();
    }
  });
});
