import { randomBytes } from "node:crypto";
import compression from "compression";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { appLogger } from "./logger.server";

/**
 * Server-Sent Events as a plain Fetch `Response`, for a Remix resource route (or any handler that
 * speaks Request/Response):
 *
 *   export const loader = ({ request, context }) =>
 *     eventStreamResponse(request, (sink) => context.live.subscribe({ … , onEvent: … }));
 *
 * - `text/event-stream`, not cached (`no-store`), not transformed (`no-transform`: proxies and the
 *   `compression` middleware leave it alone, so nothing is held back in a gzip buffer), and
 *   `X-Accel-Buffering: no` for nginx.
 * - A `retry:` hint, then a comment every `heartbeatMs` so that proxies and the browser keep an
 *   idle stream open and a dead one is noticed.
 * - Every event carries an id. A browser that reconnects sends the last one back as
 *   `Last-Event-ID`; what it missed in between is not kept, so it gets a `reload` event at once.
 * - The subscription ends when the browser goes away (`request.signal`), when the stream is
 *   cancelled, when the subscriber closes it (server shutdown), or when a client reads so slowly
 *   that more than `maxBufferedBytes` wait for it (it reconnects and reloads).
 */
export interface EventStreamSink {
  /** Sends a named event; `data` is written as JSON (one line). Ignored once closed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (the browser reconnects after the retry interval). */
  close(): void;
  readonly closed: boolean;
}

/** Returns what undoes the subscription, called once when the stream ends. */
export type Subscribe = (sink: EventStreamSink) => (() => void) | void;

export interface EventStreamOptions {
  /** Milliseconds between heartbeat comments; default 15 s. */
  heartbeatMs?: number;
  /** The browser's reconnection delay (the `retry:` field); default 2 s. */
  retryMs?: number;
  /** Queued bytes a slow reader may fall behind by before its stream is closed; default 1 MiB. */
  maxBufferedBytes?: number;
  /** Extra response headers (e.g. `Vary`). */
  headers?: HeadersInit;
}

export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
} as const;

/** Ids are unique per process: a random prefix per start, then a counter. */
const idPrefix = randomBytes(4).toString("hex");
let idCounter = 0;
const nextId = () => `${idPrefix}-${(idCounter += 1).toString(36)}`;

/** One event in the wire format; data of several lines becomes several `data:` fields. */
export function formatEvent(message: { event?: string; data: string; id?: string }): string {
  let text = "";
  if (message.event) text += `event: ${singleLine(message.event)}\n`;
  if (message.id) text += `id: ${singleLine(message.id)}\n`;
  for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** A comment line: the browser ignores it, the connection stays warm. */
export function formatComment(text: string): string {
  return `: ${singleLine(text)}\n\n`;
}

function singleLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}

export function eventStreamResponse(
  request: Request,
  subscribe: Subscribe,
  options: EventStreamOptions = {},
): Response {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 2_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const encoder = new TextEncoder();
  let closed = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const heartbeat = setInterval(() => write(formatComment("ping")), heartbeatMs);
        heartbeat.unref?.();
        let unsubscribe: (() => void) | void;
        const onAbort = () => sink.close();

        const write = (text: string) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -maxBufferedBytes) {
            sink.close();
            return;
          }
          controller.enqueue(encoder.encode(text));
        };

        cleanup = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          request.signal.removeEventListener("abort", onAbort);
          try {
            unsubscribe?.();
          } catch (error) {
            appLogger().error(`Live-Abmeldung fehlgeschlagen: ${(error as Error).message}`);
          }
        };

        const sink: EventStreamSink = {
          send(event, data) {
            write(formatEvent({ event, id: nextId(), data: JSON.stringify(data) }));
          },
          close() {
            if (closed) return;
            cleanup();
            try {
              controller.close();
            } catch {
              // Already cancelled by the reader.
            }
          },
          get closed() {
            return closed;
          },
        };

        write(`retry: ${retryMs}\n${formatComment("verbunden")}`);
        if (request.signal.aborted) {
          sink.close();
          return;
        }
        // A reconnecting browser has missed whatever happened in between.
        if (request.headers.has("Last-Event-ID")) sink.send("reload", {});
        request.signal.addEventListener("abort", onAbort);
        unsubscribe = subscribe(sink);
        if (closed) {
          // The subscriber closed the stream at once (e.g. the server is shutting down).
          const undo = unsubscribe;
          unsubscribe = undefined;
          undo?.();
        }
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );

  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(EVENT_STREAM_HEADERS)) headers.set(name, value);
  return new Response(stream, { status: 200, headers });
}

export function isEventStream(contentType: unknown): boolean {
  return /^text\/event-stream\b/i.test(String(contentType ?? ""));
}

/**
 * For `compression({ filter })`: compression's own rules, except that an event stream is never
 * compressed. gzip would hold each event back until its buffer fills (or need a flush after every
 * write), and the events are tiny. (`no-transform` above already keeps it out; this does not
 * depend on a header a handler might forget.)
 */
export function compressUnlessEventStream(req: ExpressRequest, res: ExpressResponse): boolean {
  return !isEventStream(res.getHeader("Content-Type")) && compression.filter(req, res);
}
