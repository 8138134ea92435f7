import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import {
  collectAfterUploads,
  filesFromSpool,
  SpooledFile,
  UploadSpool,
} from "./upload-spool.server";

async function* chunks(...sizes: number[]): AsyncIterable<Uint8Array> {
  for (const [index, size] of sizes.entries()) yield new Uint8Array(size).fill(index + 1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the upload spool", () => {
  it("keeps a part on disk up to its limit and reads it back in one piece", async () => {
    const spool = new UploadSpool();
    const part = await spool.write(chunks(3, 2), 5);
    expect(part.size).toBe(5);
    const form = new FormData();
    form.append("name", "Torte");
    form.append("foto", new SpooledFile(part.file!, "foto.jpg", "image/jpeg", part.size));
    const complete = await filesFromSpool(form, spool);
    const file = complete.get("foto") as File;
    expect(file).not.toBeInstanceOf(SpooledFile);
    expect(file.name).toBe("foto.jpg");
    expect(file.type).toBe("image/jpeg");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 1, 1, 2, 2]);
    expect(complete.get("name")).toBe("Torte");
    await spool.discard();
    expect(existsSync(part.file!)).toBe(false);
  });

  it("drains a larger part without keeping it, and lets the counter stop the read", async () => {
    const spool = new UploadSpool();
    const seen: number[] = [];
    const part = await spool.write(chunks(4, 4, 4), 6, (bytes) => seen.push(bytes));
    expect(part).toEqual({ size: 12, file: null });
    expect(seen).toEqual([4, 4, 4]);
    const stopped = spool.write(chunks(4, 4), 100, () => {
      throw new Error("zu groß");
    });
    await expect(stopped).rejects.toThrow("zu groß");
    await spool.discard();
  });
});

describe("collecting after large uploads", () => {
  async function serve(gc: () => void) {
    const app = express();
    app.use(collectAfterUploads(gc, 50));
    app.post("/", (req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const post = (origin: string, type: string, bytes: number) =>
    fetch(origin, {
      method: "POST",
      headers: { "Content-Type": type },
      body: new Uint8Array(bytes),
    }).then((response) => response.text());

  it("collects once after a burst of large multipart bodies has stopped, not for small forms", async () => {
    let collections = 0;
    const { origin, close } = await serve(() => (collections += 1));
    try {
      await post(origin, "application/x-www-form-urlencoded", 2 * 1024 * 1024);
      await post(origin, "multipart/form-data; boundary=x", 10_000);
      await sleep(150);
      expect(collections).toBe(0);
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post(origin, "multipart/form-data; boundary=x", 2 * 1024 * 1024),
        ),
      );
      await sleep(150);
      expect(collections).toBe(1);
    } finally {
      await close();
    }
  });
});
