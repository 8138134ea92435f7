import { describe, expect, it } from "vitest";
import {
  eventStreamResponse,
  formatComment,
  formatEvent,
  isEventStream,
  type EventStreamSink,
} from "./event-stream.server";

/** Reads the body as it arrives, chunk by chunk. */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    /** Reads until the text so far contains `needle`. */
    async until(needle: string): Promise<string> {
      while (!text.includes(needle)) {
        const { done, value } = await stream.read();
        if (done) throw new Error(`Ende vor ${JSON.stringify(needle)}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
    async rest(): Promise<string> {
      for (;;) {
        const { done, value } = await stream.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => stream.cancel(),
  };
}

describe("the event format", () => {
  it("writes name, id and one data field per line", () => {
    expect(formatEvent({ event: "order", id: "a-1", data: '{"id":5}' })).toBe(
      'event: order\nid: a-1\ndata: {"id":5}\n\n',
    );
    expect(formatEvent({ data: "eins\nzwei\r\ndrei" })).toBe(
      "data: eins\ndata: zwei\ndata: drei\n\n",
    );
  });

  it("keeps names, ids and comments on one line", () => {
    expect(formatEvent({ event: "a\nb", id: "1\r\n2", data: "" })).toBe(
      "event: a b\nid: 1 2\ndata: \n\n",
    );
    expect(formatComment("ping\n\ndata: x")).toBe(": ping data: x\n\n");
  });

  it("recognises an event stream's content type", () => {
    expect(isEventStream("text/event-stream; charset=utf-8")).toBe(true);
    expect(isEventStream("Text/Event-Stream")).toBe(true);
    expect(isEventStream("text/html")).toBe(false);
    expect(isEventStream(undefined)).toBe(false);
  });
});

describe("an event stream response", () => {
  it("answers with uncached, unbuffered text/event-stream and a retry hint", async () => {
    const response = eventStreamResponse(new Request("http://shop.test/events"), () => {}, {
      retryMs: 1500,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const body = reader(response);
    expect(await body.until("\n\n")).toBe("retry: 1500\n: verbunden\n\n");
    await body.cancel();
  });

  it("sends what the subscriber sends, as JSON with a fresh id each", async () => {
    let sink!: EventStreamSink;
    const response = eventStreamResponse(new Request("http://shop.test/events"), (s) => {
      sink = s;
    });
    const body = reader(response);
    sink.send("order", { kind: "created", id: 7, branchId: 2 });
    sink.send("order", { text: "zwei\nZeilen" });
    const text = await body.until("Zeilen");
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(text).toContain("event: order\nid: ");
    expect(text).toContain('data: {"kind":"created","id":7,"branchId":2}\n\n');
    expect(text).toContain('data: {"text":"zwei\\nZeilen"}\n\n');
    await body.cancel();
  });

  it("tells a reconnecting browser to reload", async () => {
    const request = new Request("http://shop.test/events", {
      headers: { "Last-Event-ID": "abc-5" },
    });
    const body = reader(eventStreamResponse(request, () => {}));
    expect(await body.until("data: {}")).toMatch(/event: reload\nid: [^\n]+\ndata: \{\}\n\n$/);
    await body.cancel();
  });

  it("sends heartbeat comments while nothing happens", async () => {
    const body = reader(
      eventStreamResponse(new Request("http://shop.test/events"), () => {}, { heartbeatMs: 20 }),
    );
    expect(await body.until(": ping\n\n: ping\n\n")).toContain(": verbunden\n\n: ping\n\n");
    await body.cancel();
  });

  it("unsubscribes once when the browser goes away", async () => {
    const controller = new AbortController();
    let unsubscribed = 0;
    let sink!: EventStreamSink;
    const response = eventStreamResponse(
      new Request("http://shop.test/events", { signal: controller.signal }),
      (s) => {
        sink = s;
        return () => (unsubscribed += 1);
      },
    );
    const body = reader(response);
    await body.until("verbunden");
    controller.abort();
    expect(unsubscribed).toBe(1);
    expect(sink.closed).toBe(true);
    sink.send("order", { id: 1 });
    await body.rest();
    expect(unsubscribed).toBe(1);
  });

  it("unsubscribes when the reader cancels, and ends when the subscriber closes", async () => {
    let unsubscribed = 0;
    let sink!: EventStreamSink;
    const subscribe = (s: EventStreamSink) => {
      sink = s;
      return () => (unsubscribed += 1);
    };
    const cancelled = reader(eventStreamResponse(new Request("http://shop.test/e"), subscribe));
    await cancelled.until("verbunden");
    await cancelled.cancel();
    expect(unsubscribed).toBe(1);

    const ended = reader(eventStreamResponse(new Request("http://shop.test/e"), subscribe));
    sink.close();
    expect(await ended.rest()).toBe("retry: 2000\n: verbunden\n\n");
    expect(unsubscribed).toBe(2);
  });

  it("undoes a subscription that closed the stream at once", async () => {
    let unsubscribed = 0;
    const body = reader(
      eventStreamResponse(new Request("http://shop.test/e"), (sink) => {
        sink.close();
        return () => (unsubscribed += 1);
      }),
    );
    expect(await body.rest()).toBe("retry: 2000\n: verbunden\n\n");
    expect(unsubscribed).toBe(1);
  });

  it("does not subscribe for a request that is already gone", async () => {
    const controller = new AbortController();
    controller.abort();
    let subscribed = false;
    const response = eventStreamResponse(
      new Request("http://shop.test/e", { signal: controller.signal }),
      () => {
        subscribed = true;
      },
    );
    await reader(response).rest();
    expect(subscribed).toBe(false);
  });

  it("closes the stream of a reader that falls too far behind", async () => {
    let sink!: EventStreamSink;
    const response = eventStreamResponse(
      new Request("http://shop.test/e"),
      (s) => {
        sink = s;
      },
      { maxBufferedBytes: 1000 },
    );
    for (let i = 0; i < 200 && !sink.closed; i++) sink.send("order", { padding: "x".repeat(500) });
    expect(sink.closed).toBe(true);
    const text = await reader(response).rest();
    expect(text.length).toBeLessThan(64 * 1024 + 2000);
  });
});
