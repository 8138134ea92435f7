import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardEvent } from "#app/domain/live-events";
import {
  connectLiveOrders,
  type EventSourceLike,
  type LiveConnectionState,
  type LiveOrdersOptions,
} from "./use-live-orders";

/**
 * A scripted stand-in for the browser's EventSource (Node has none): the test plays the server
 * and the network, the module under test is the real one.
 */
class ScriptedEventSource implements EventSourceLike {
  static instances: ScriptedEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    ScriptedEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** The server answered with an event stream. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  emit(type: string, data: unknown) {
    const event = { data: JSON.stringify(data) } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The connection broke; the browser will try again itself (`retry`). */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event("error"));
  }
  /** The server answered with something else (401, 503): the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event("error"));
  }
}

const latest = () => ScriptedEventSource.instances.at(-1)!;

function connect(options: LiveOrdersOptions = {}) {
  const batches: BoardEvent[][] = [];
  const states: LiveConnectionState[] = [];
  const close = connectLiveOrders(
    "/backend/orders/events?branch=2",
    { onEvents: (events) => batches.push(events), onState: (state) => states.push(state) },
    { EventSource: ScriptedEventSource, ...options },
  );
  return { batches, states, close };
}

const created = (id: number) => ({ kind: "created", id, branchId: 2 }) as const;

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedEventSource.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the board's live connection", () => {
  it("opens the stream and reports a reload once connected, to catch up", () => {
    const { batches, states } = connect();
    expect(latest().url).toBe("/backend/orders/events?branch=2");
    expect(states).toEqual(["connecting"]);
    latest().open();
    expect(states).toEqual(["connecting", "live"]);
    expect(batches).toEqual([[{ kind: "reload" }]]);
  });

  it("can skip the catch-up on the first connection", () => {
    const { batches } = connect({ catchUpOnOpen: false });
    latest().open();
    expect(batches).toEqual([]);
    latest().emit("order", created(5));
    expect(batches).toEqual([[created(5)]]);
  });

  it("hands the first event over at once and batches a burst", () => {
    const { batches } = connect({ catchUpOnOpen: false, throttleMs: 300 });
    latest().open();
    latest().emit("order", created(1));
    expect(batches).toEqual([[created(1)]]);
    for (let id = 2; id <= 50; id++) latest().emit("order", created(id));
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(300);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(49);
    vi.advanceTimersByTime(300);
    expect(batches).toHaveLength(2);
    // After a quiet spell the next event goes out at once again.
    latest().emit("order", { kind: "updated", id: 7, branchId: 2 });
    expect(batches).toHaveLength(3);
  });

  it("ignores events it does not know", () => {
    const { batches } = connect({ catchUpOnOpen: false });
    latest().open();
    latest().emit("order", { kind: "deleted", id: 1, branchId: 2 });
    latest().emit("message", created(1));
    expect(batches).toEqual([]);
  });

  it("reports a reload after the browser reconnected by itself", () => {
    const { batches, states } = connect({ catchUpOnOpen: false });
    const source = latest();
    source.open();
    source.drop();
    expect(states.at(-1)).toBe("reconnecting");
    expect(ScriptedEventSource.instances).toHaveLength(1);
    source.open();
    expect(states.at(-1)).toBe("live");
    expect(batches).toEqual([[{ kind: "reload" }]]);
  });

  it("opens a new stream with growing pauses after the server refused one", () => {
    const { batches, states } = connect({ catchUpOnOpen: false });
    latest().refuse();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(ScriptedEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(ScriptedEventSource.instances).toHaveLength(2);
    expect(states.at(-1)).toBe("connecting");
    latest().refuse();
    vi.advanceTimersByTime(4_999);
    expect(ScriptedEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(ScriptedEventSource.instances).toHaveLength(3);
    latest().open();
    expect(states.at(-1)).toBe("live");
    // The board may have missed events meanwhile only after it had been live once.
    expect(batches).toEqual([]);
    latest().refuse();
    vi.advanceTimersByTime(2_000);
    expect(states.at(-1)).toBe("reconnecting");
    latest().open();
    expect(batches).toEqual([[{ kind: "reload" }]]);
  });

  it("closes the stream and stops retrying when the board goes away", () => {
    const { batches, states, close } = connect();
    const source = latest();
    source.open();
    source.emit("order", created(1));
    close();
    expect(source.closed).toBe(true);
    expect(states.at(-1)).toBe("off");
    source.emit("order", created(2));
    vi.advanceTimersByTime(120_000);
    expect(ScriptedEventSource.instances).toHaveLength(1);
    expect(batches.flat()).toEqual([{ kind: "reload" }]);
  });

  it("does nothing where there is no EventSource", () => {
    const states: LiveConnectionState[] = [];
    const close = connectLiveOrders("/e", {
      onEvents: () => {},
      onState: (state) => states.push(state),
    });
    expect(states).toEqual(["off"]);
    close();
  });
});
