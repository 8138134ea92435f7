import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createImageMemory, keptImages } from "./image-memory.server";

function call(handler: ReturnType<typeof keptImages>, url: string, accept?: string) {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: unknown } = {};
  let passed = false;
  const req = { method: "GET", url, headers: accept ? { accept } : {} } as IncomingMessage;
  const res = {
    writeHead(status: number, headers: Record<string, unknown>) {
      sent.status = status;
      sent.headers = headers;
    },
    end(body: unknown) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  handler(req, res, () => {
    passed = true;
  });
  return { passed, sent };
}

describe("kept image sizes", () => {
  it("answers a size served before from memory, per format, and passes everything else on", () => {
    const memory = createImageMemory(1024);
    const handler = keptImages(() => true, memory);
    const body = new Uint8Array([1, 2, 3]);
    expect(call(handler, "/image/product/4-2.jpg", "image/webp").passed).toBe(true);
    memory.remember("/image/product/4-2.jpg", "webp", body);
    const hit = call(handler, "/image/product/4-2.jpg", "image/webp,*/*");
    expect(hit.passed).toBe(false);
    expect(hit.sent.status).toBe(200);
    expect(hit.sent.body).toBe(body);
    expect(hit.sent.headers).toMatchObject({
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept",
      "X-Content-Type-Options": "nosniff",
    });
    // Another format, another address, an unknown size, a query: not from memory.
    expect(call(handler, "/image/product/4-2.jpg").passed).toBe(true);
    expect(call(handler, "/image/icon/4-2.jpg", "image/webp").passed).toBe(true);
    expect(call(handler, "/image/huge/4-2.jpg", "image/webp").passed).toBe(true);
    expect(call(handler, "/image/product/4-2.jpg?x=1", "image/webp").passed).toBe(true);
  });

  it("forgets everything when cleared or while changes cannot be heard, and stays in its bytes", () => {
    const memory = createImageMemory(10);
    let listening = true;
    const handler = keptImages(() => listening, memory);
    memory.remember("/image/icon/1-1.jpg", "jpg", new Uint8Array(6));
    memory.remember("/image/icon/2-1.jpg", "jpg", new Uint8Array(6));
    // Over 10 bytes: the older one went.
    expect(memory.recall("/image/icon/1-1.jpg", "jpg")).toBeUndefined();
    expect(memory.bytes).toBe(6);
    expect(call(handler, "/image/icon/2-1.jpg").passed).toBe(false);
    listening = false;
    expect(call(handler, "/image/icon/2-1.jpg").passed).toBe(true);
    expect(memory.bytes).toBe(0);
    listening = true;
    memory.remember("/image/icon/2-1.jpg", "jpg", new Uint8Array(6));
    handler.clear();
    expect(call(handler, "/image/icon/2-1.jpg").passed).toBe(true);
  });
});
