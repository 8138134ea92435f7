import http, { type IncomingHttpHeaders } from "node:http";

/**
 * A small Server-Sent Events client over plain `node:http`, as a browser's EventSource reads a
 * stream (fields, comments, `retry`, multi-line data) but without reconnecting by itself: the
 * tests and the bench see exactly what the server wrote, and when each event arrived.
 */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
  /** `performance.now()` when the event's last line was read. */
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** Every event as it arrives. */
  onEvent(listener: (event: SseEvent) => void): void;
  /** The first event from `from` on (an index into `events`) that matches, waiting for it. */
  waitFor(
    match: (event: SseEvent) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<SseEvent>;
  /** Resolves when the server ended the stream (or the connection broke). */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { Accept: "text/event-stream", ...options.headers } },
      (response) => {
        clearTimeout(timer);
        const events: SseEvent[] = [];
        const comments: string[] = [];
        const listeners: ((event: SseEvent) => void)[] = [];
        let buffer = "";
        let pending = { event: "", data: [] as string[], id: undefined as string | undefined };
        let lastId: string | undefined;
        const connection: SseConnection = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments,
          retry: undefined,
          onEvent: (listener) => listeners.push(listener),
          waitFor: (match, { timeoutMs = 5_000, from = 0 } = {}) =>
            new Promise((resolveEvent, rejectEvent) => {
              const found = events.slice(from).find(match);
              if (found) return resolveEvent(found);
              const wait = setTimeout(
                () => rejectEvent(new Error(`kein passendes Ereignis nach ${timeoutMs} ms`)),
                timeoutMs,
              );
              listeners.push((event) => {
                if (match(event)) {
                  clearTimeout(wait);
                  resolveEvent(event);
                }
              });
            }),
          ended: new Promise((resolveEnd) => {
            response.on("end", resolveEnd);
            response.on("close", resolveEnd);
            response.on("error", () => resolveEnd());
          }),
          close: () => request.destroy(),
        };
        const line = (text: string) => {
          if (text === "") {
            if (pending.data.length > 0) {
              if (pending.id !== undefined) lastId = pending.id;
              const event: SseEvent = {
                event: pending.event || "message",
                data: pending.data.join("\n"),
                id: lastId,
                receivedAt: performance.now(),
              };
              events.push(event);
              for (const listener of [...listeners]) listener(event);
            }
            pending = { event: "", data: [], id: undefined };
            return;
          }
          if (text.startsWith(":")) {
            comments.push(text.slice(1).trim());
            return;
          }
          const colon = text.indexOf(":");
          const field = colon < 0 ? text : text.slice(0, colon);
          const value = colon < 0 ? "" : text.slice(colon + 1).replace(/^ /, "");
          if (field === "event") pending.event = value;
          else if (field === "data") pending.data.push(value);
          else if (field === "id") pending.id = value;
          else if (field === "retry" && /^\d+$/.test(value)) connection.retry = Number(value);
        };
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          // Lines end in LF or CRLF (a lone CR, allowed by the format, is not used by servers).
          const lines = buffer.split("\n");
          buffer = lines.pop() ?? "";
          for (const text of lines) line(text.endsWith("\r") ? text.slice(0, -1) : text);
        });
        resolve(connection);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${url}: keine Antwort`));
    }, options.timeoutMs ?? 10_000);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
