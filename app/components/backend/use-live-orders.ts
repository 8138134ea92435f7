import { useEffect, useRef, useState } from "react";
import { parseBoardEvent, type BoardEvent } from "#app/domain/live-events";

/**
 * The order board's live updates in the browser: an `EventSource` on the board's event stream
 * (`order` and `reload` events, see app/server/notify-hub.server.ts). The board calls Remix's
 * `revalidate()` in `onEvents`, and plays the chime when a batch holds a `created` event.
 *
 *   const revalidator = useRevalidator();
 *   const state = useLiveOrders("/backend/orders/events?branch=2", {
 *     onEvents: (events) => {
 *       revalidator.revalidate();
 *       if (events.some((e) => e.kind === "created")) chime.play();
 *     },
 *   });
 *
 * - Bursts are batched: the first event is handed over at once, later ones at most once per
 *   `throttleMs` (a status change of 50 orders is one reload of the board, not 50).
 * - Every (re)connection counts as `reload`: events between the page's rendering and the
 *   connection, or during an interruption, are not replayed by the server. (`catchUpOnOpen:
 *   false` skips this for the first connection.)
 * - The browser reconnects by itself after a network error; after an answer that is no event
 *   stream (401 once the login expired, 503) it gives up, and this module tries again with growing
 *   pauses (2 s up to 1 min).
 * - Without JavaScript nothing here runs; the board refreshes itself every 10 s instead.
 */
export type LiveConnectionState = "off" | "connecting" | "live" | "reconnecting";

export interface LiveOrdersCallbacks {
  onEvents(events: BoardEvent[]): void;
  onState?(state: LiveConnectionState): void;
}

export interface LiveOrdersOptions {
  /** Least pause between two `onEvents` calls; default 300 ms. */
  throttleMs?: number;
  /** Whether the first connection also reports `reload`; default true. */
  catchUpOnOpen?: boolean;
  /** The EventSource to use (tests hand in their own); default the browser's. */
  EventSource?: EventSourceConstructor;
}

/** What this module needs of the browser's EventSource. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

const CLOSED = 2;
const RETRY_MS = [2_000, 5_000, 10_000, 30_000, 60_000];

/** Opens the stream and keeps it open until the returned function is called. */
export function connectLiveOrders(
  url: string,
  callbacks: LiveOrdersCallbacks,
  options: LiveOrdersOptions = {},
): () => void {
  const Source =
    options.EventSource ??
    (typeof EventSource === "undefined"
      ? undefined
      : (EventSource as unknown as EventSourceConstructor));
  if (!Source) {
    callbacks.onState?.("off");
    return () => {};
  }
  const throttleMs = options.throttleMs ?? 300;
  const catchUp = options.catchUpOnOpen ?? true;
  let source: EventSourceLike | null = null;
  let stopped = false;
  let failures = 0;
  let opened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let queue: BoardEvent[] = [];

  const flush = () => {
    throttleTimer = undefined;
    if (queue.length === 0 || stopped) return;
    const batch = queue;
    queue = [];
    throttleTimer = setTimeout(flush, throttleMs);
    callbacks.onEvents(batch);
  };
  const push = (event: BoardEvent) => {
    queue.push(event);
    if (!throttleTimer) flush();
  };

  const open = () => {
    retryTimer = undefined;
    if (stopped) return;
    callbacks.onState?.(opened ? "reconnecting" : "connecting");
    const current = new Source(url);
    source = current;
    current.onopen = () => {
      if (source !== current) return;
      callbacks.onState?.("live");
      if (catchUp || opened) push({ kind: "reload" });
      opened = true;
      failures = 0;
    };
    current.onerror = () => {
      if (source !== current) return;
      callbacks.onState?.("reconnecting");
      if (current.readyState !== CLOSED) return; // the browser tries again by itself
      current.close();
      source = null;
      const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      retryTimer = setTimeout(open, pause);
    };
    for (const name of ["order", "reload"]) {
      current.addEventListener(name, (message) => {
        if (source !== current) return;
        const event = parseBoardEvent(name, message.data);
        if (event) push(event);
      });
    }
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(throttleTimer);
    source?.close();
    source = null;
    callbacks.onState?.("off");
  };
}

/**
 * The hook: connects while mounted and `url` is set (null: not at all), and returns the
 * connection's state for an indicator (`de.liveOrders.state`). `onEvents` may change on every
 * render; the connection stays.
 */
export function useLiveOrders(
  url: string | null,
  callbacks: LiveOrdersCallbacks,
  options: Omit<LiveOrdersOptions, "EventSource"> = {},
): LiveConnectionState {
  const [state, setState] = useState<LiveConnectionState>("off");
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const { throttleMs, catchUpOnOpen } = options;
  useEffect(() => {
    if (!url) return;
    return connectLiveOrders(
      url,
      {
        onEvents: (events) => latest.current.onEvents(events),
        onState: (next) => {
          setState(next);
          latest.current.onState?.(next);
        },
      },
      { throttleMs, catchUpOnOpen },
    );
  }, [url, throttleMs, catchUpOnOpen]);
  return state;
}
