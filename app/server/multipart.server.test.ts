import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  cleanFileName,
  MultipartTooLarge,
  MultipartUnreadable,
  readMultipart,
  type MultipartLimits,
} from "./multipart.server";
import { SpooledFile, UploadSpool } from "./upload-spool.server";

const BOUNDARY = "grenze";

type Part = { name: string; value: string } | { name: string; file: string; bytes: Uint8Array };

function body(parts: Part[], end = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const head =
      "value" in part
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.file}"\r\n` +
          // As browsers send a file, a chosen one or an input left empty.
          "Content-Type: application/octet-stream";
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${head}\r\n\r\n`));
    pieces.push("value" in part ? Buffer.from(part.value) : Buffer.from(part.bytes));
    pieces.push(Buffer.from("\r\n"));
  }
  if (end) pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** A request whose body arrives in small pieces, as from a socket. */
function request(bytes: Buffer, type = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1000)
        controller.enqueue(bytes.subarray(at, at + 1000));
      controller.close();
    },
  });
  return new Request("http://localhost/", {
    method: "POST",
    headers: { "Content-Type": type },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

const limits: MultipartLimits = {
  totalBytes: 100_000,
  fieldBytes: 100,
  longField: "drop",
  fileBytes: 5_000,
};

const bytes = (size: number, fill = 7) => new Uint8Array(size).fill(fill);

describe("the multipart reader", () => {
  it("reads fields and files in their order, files whole", async () => {
    const read = await readMultipart(
      request(
        body([
          { name: "a", value: "eins" },
          { name: "foto", file: "Torte; Geburtstag=1.jpg", bytes: bytes(3000) },
          { name: "b", value: "Zwei ä" },
        ]),
      ),
      limits,
    );
    expect([...read.form.keys()]).toEqual(["a", "foto", "b"]);
    expect(read.form.get("b")).toBe("Zwei ä");
    const file = read.form.get("foto") as File;
    expect(file).not.toBeInstanceOf(SpooledFile);
    expect(file.name).toBe("Torte; Geburtstag=1.jpg");
    expect(file.size).toBe(3000);
    expect(read).toMatchObject({ oversized: [], extraFiles: 0, fileCount: 1 });
  });

  it("drains a file over its limit and names it; counts files past the number kept", async () => {
    const read = await readMultipart(
      request(
        body([
          { name: "f", file: "gross.jpg", bytes: bytes(6000) },
          { name: "f", file: "eins.jpg", bytes: bytes(10) },
          { name: "f", file: "zwei.jpg", bytes: bytes(10) },
          // An input left empty: no name, no bytes, not counted.
          { name: "f", file: "", bytes: bytes(0) },
        ]),
      ),
      { ...limits, files: 2 },
    );
    expect(read.oversized).toEqual([{ field: "f", fileName: "gross.jpg" }]);
    expect((read.form.getAll("f") as File[]).map((file) => file.name)).toEqual(["eins.jpg"]);
    expect(read.extraFiles).toBe(1);
    expect(read.fileCount).toBe(3);
  });

  it("drops, empties or refuses a long text field, as the place wants", async () => {
    const form = body([
      { name: "kurz", value: "ok" },
      { name: "lang", value: "x".repeat(101) },
    ]);
    const dropped = await readMultipart(request(form), limits);
    expect([...dropped.form.entries()]).toEqual([["kurz", "ok"]]);
    const emptied = await readMultipart(request(form), { ...limits, longField: "empty" });
    expect(emptied.form.get("lang")).toBe("");
    await expect(
      readMultipart(request(form), { ...limits, longField: "refuse" }),
    ).rejects.toBeInstanceOf(MultipartTooLarge);
    const exact = body([{ name: "genau", value: "x".repeat(100) }]);
    expect((await readMultipart(request(exact), limits)).form.get("genau")).toHaveLength(100);
  });

  it("refuses text over the form's text limit and a body over the whole limit", async () => {
    const text = body([
      { name: "a", value: "x".repeat(80) },
      { name: "b", value: "x".repeat(80) },
    ]);
    await expect(
      readMultipart(request(text), { ...limits, textBytes: 150 }),
    ).rejects.toBeInstanceOf(MultipartTooLarge);
    const big = body([{ name: "f", file: "a.jpg", bytes: bytes(4000) }]);
    await expect(
      readMultipart(request(big), { ...limits, totalBytes: 3000 }),
    ).rejects.toBeInstanceOf(MultipartTooLarge);
  });

  it("keeps only the named field's first file on disk when asked, in the spool's folder", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "bt-multipart-"));
    const spool = new UploadSpool(parent);
    try {
      const read = await readMultipart(
        request(
          body([
            { name: "anderes", file: "x.bin", bytes: bytes(10) },
            { name: "video", file: "film.mp4", bytes: bytes(2000) },
          ]),
        ),
        { ...limits, files: 1, fileField: "video", keepOnDisk: true },
        spool,
      );
      const video = read.form.get("video");
      expect(video).toBeInstanceOf(SpooledFile);
      expect((video as SpooledFile).path.startsWith(parent)).toBe(true);
      expect(existsSync((video as SpooledFile).path)).toBe(true);
      expect(read.form.has("anderes")).toBe(false);
      await spool.discard();
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("calls a body unreadable when it is no multipart, has no end, or a broken header", async () => {
    await expect(
      readMultipart(request(Buffer.from("a=1"), "application/x-www-form-urlencoded"), limits),
    ).rejects.toBeInstanceOf(MultipartUnreadable);
    await expect(
      readMultipart(request(Buffer.from("x"), "multipart/form-data"), limits),
    ).rejects.toBeInstanceOf(MultipartUnreadable);
    const cut = body([{ name: "f", file: "a.jpg", bytes: bytes(10) }], false);
    await expect(readMultipart(request(cut), limits)).rejects.toBeInstanceOf(MultipartUnreadable);
    const broken = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a\u0001.jpg"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    );
    await expect(readMultipart(request(broken), limits)).rejects.toBeInstanceOf(
      MultipartUnreadable,
    );
  });
});

describe("a file's name", () => {
  it("loses folders, control characters and the browsers' escapes, and keeps the rest", () => {
    expect(cleanFileName("Torte; Geburtstag=1.jpg")).toBe("Torte; Geburtstag=1.jpg");
    expect(cleanFileName("Das %22Beste%22.jpg")).toBe('Das "Beste".jpg');
    expect(cleanFileName("Tor%0D%0Ate.jpg")).toBe("Torte.jpg");
    expect(cleanFileName("C:\\Bilder\\Törtchen ä.jpg")).toBe("Törtchen ä.jpg");
    expect(cleanFileName("../../etc/Tor\u0007te\u202e.jpg")).toBe("Torte.jpg");
    expect(cleanFileName(undefined)).toBe("");
    expect(cleanFileName(`${"a".repeat(300)}.jpg`)).toHaveLength(200);
    expect(cleanFileName(`${"a".repeat(300)}.jpg`).endsWith(".jpg")).toBe(true);
  });
});
