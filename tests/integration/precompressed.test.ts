import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedAssets } from "#app/server/precompressed.server";

const source = "export const greeting = 'Grüß Gott';\n".repeat(50);
let server: Server;
let origin: string;

beforeAll(async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "assets-"));
  writeFileSync(path.join(folder, "app-1.js"), source);
  writeFileSync(path.join(folder, "app-1.js.br"), brotliCompressSync(source));
  writeFileSync(path.join(folder, "app-1.js.gz"), gzipSync(source));
  writeFileSync(path.join(folder, "plain-1.js"), source);
  const app = express();
  app.use("/assets", ...hashedAssets(folder));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(file: string, acceptEncoding: string) {
  // fetch would decode the body itself: read the raw bytes through node's http instead.
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(
          `${origin}/assets/${file}`,
          { headers: { "Accept-Encoding": acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        )
        .on("error", reject);
    },
  );
}

describe("precompressed assets", () => {
  it("hands brotli to browsers that accept it, labelled with the original type", async () => {
    const response = await get("app-1.js", "gzip, deflate, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(response.body.equals(brotliCompressSync(source))).toBe(true);
  });

  it("caches for a year and sends no validators or ranges a hashed file never needs", async () => {
    for (const encoding of ["br", "identity"]) {
      const response = await get("app-1.js", encoding);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers["last-modified"]).toBeUndefined();
      expect(response.headers["accept-ranges"]).toBeUndefined();
    }
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gzip = await get("app-1.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(gzipSync(source))).toBe(true);
    const plain = await get("app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
  });

  it("leaves files without compressed copies, and unknown files, to the static handler", async () => {
    const plain = await get("plain-1.js", "br");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
    expect((await get("missing-1.js", "br")).status).toBe(404);
    expect((await get("..%2Fapp-1.js", "br")).status).toBe(404);
  });
});
