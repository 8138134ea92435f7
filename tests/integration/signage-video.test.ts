import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import "#app/features/resources.server";
import { deSignage } from "#app/i18n/de-signage";
import { hashToken } from "#app/features/signage/signage.server";
import {
  byteRangeOf,
  receiveVideo,
  videoFormatOf,
} from "#app/features/signage/signage-video.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Videos of film segments (issue 22, decision 060 "Videos"): upload judged by bytes with a cap
 * refused by Content-Length and while streaming, and `/tv/video/:id` with range requests for
 * paired TVs and staff only.
 */

/** A minimal MP4: an `ftyp` box and a small `mdat` box with counting bytes. */
function tinyMp4(): Uint8Array<ArrayBuffer> {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 20]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isom"),
  ]);
  const payload = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const mdat = Buffer.concat([Buffer.from([0, 0, 0x03, 0xf0]), Buffer.from("mdat"), payload]);
  return new Uint8Array(Buffer.concat([ftyp, mdat]));
}

/** The EBML header of a WebM file, and a little more. */
function tinyWebm(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
      Buffer.from([0x42, 0x82, 0x84]),
      Buffer.from("webm"),
      Buffer.alloc(200, 7),
    ]),
  );
}

const CAP = 64 * 1024;

describe.each(databaseTargets())("signage videos (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: TestStaff;
  let dataDir = "";
  let segmentId = 0;
  let textSegmentId = 0;
  let tvCookie = "";
  let unpairedCookie = "";

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    dataDir = await mkdtemp(path.join(tmpdir(), "signage-video-"));
    server = await startAppServer(
      db,
      {
        config: {
          publicOrigin: "http://localhost:3000",
          mode: "demo",
          dataDir,
          signageVideoMaxBytes: CAP,
        },
      },
      { bodyGuard: true },
    );
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const branch = (await findBranchByIdentifier(db, "wiehre"))!.id;
    segmentId = (
      await db
        .insertInto("signageSegments")
        .values({ name: "Film", kind: "video", durationSeconds: 10 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    textSegmentId = (
      await db
        .insertInto("signageSegments")
        .values({ name: "Text", kind: "text", body: "Hallo", durationSeconds: 10 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const device = await db
      .insertInto("signageDevices")
      .values({ name: "Theke", branchId: branch })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = "a".repeat(43);
    await db
      .insertInto("signagePairings")
      .values({ code: "ABCDEF", tokenHash: hashToken(token), deviceId: device.id })
      .execute();
    tvCookie = `tv_geraet=${token}`;
    const stranger = "b".repeat(43);
    await db
      .insertInto("signagePairings")
      .values({ code: "GHJKMN", tokenHash: hashToken(stranger) })
      .execute();
    unpairedCookie = `tv_geraet=${stranger}`;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const as = () => new StaffClient(server).signInAs(server.context, admin.id);
  const videoFolder = () => path.join(dataDir, "signage-videos");
  const stored = async () => (await readdir(videoFolder()).catch(() => [] as string[])).sort();
  const pathOf = async (id: number) =>
    (
      await db
        .selectFrom("signageSegments")
        .select("videoPath")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).videoPath;

  function form(bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
    const body = new FormData();
    body.append("video", new File([bytes], name, { type }));
    return body;
  }

  it("judges a file by its bytes, not its name or claimed type", () => {
    expect(videoFormatOf(tinyMp4())?.mimeType).toBe("video/mp4");
    expect(videoFormatOf(tinyWebm())?.mimeType).toBe("video/webm");
    expect(videoFormatOf(new TextEncoder().encode("Hallo Welt, kein Video"))).toBeNull();
  });

  it("stores an MP4 upload under a random name, then a WebM replaces it and the old file goes", async () => {
    const client = await as();
    const response = await client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
      multipart: form(tinyMp4(), "film.txt", "text/plain"),
    });
    expect(response.status, await response.clone().text()).toBe(303);
    const mp4 = await pathOf(segmentId);
    expect(mp4).toMatch(/^[0-9a-f]{40}\.mp4$/);
    expect(await stored()).toEqual([mp4]);

    const webm = await client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
      multipart: form(tinyWebm(), "film.mp4", "video/mp4"),
    });
    expect(webm.status).toBe(303);
    const webmPath = await pathOf(segmentId);
    expect(webmPath).toMatch(/^[0-9a-f]{40}\.webm$/);
    expect(await stored()).toEqual([webmPath]);
    const served = await fetch(`${server.origin}/tv/video/${segmentId}`, {
      headers: { Cookie: tvCookie },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("video/webm");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(tinyWebm());

    // Back to the MP4 for the range tests.
    await client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
      multipart: form(tinyMp4(), "film.mp4", "video/mp4"),
    });
  });

  it("refuses a renamed text file with a German message beside the field, storing nothing", async () => {
    const before = await stored();
    const client = await as();
    const response = await client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
      multipart: form(
        new TextEncoder().encode("Kein Video, nur Text.\n".repeat(20)),
        "film.mp4",
        "video/mp4",
      ),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(deSignage.video.unsupported);
    expect(html).toContain('id="video-fehler"');
    expect(await stored()).toEqual(before);
    // A segment of another kind takes no video.
    const text = await client.send(`/backend/digital-signage-segments/${textSegmentId}/video`, {
      multipart: form(tinyMp4(), "film.mp4", "video/mp4"),
    });
    expect(text.status).toBe(400);
    expect(await pathOf(textSegmentId)).toBeNull();
  });

  it("refuses an oversize video by its Content-Length, before reading it", async () => {
    const before = await stored();
    const client = await as();
    const big = new Uint8Array(CAP * 3);
    big.set(tinyMp4());
    const response = await client.send(`/backend/digital-signage-segments/${segmentId}/video`, {
      multipart: form(big, "gross.mp4", "video/mp4"),
    });
    expect(response.status).toBe(413);
    // The rest of the body was never read: the answer closes the connection (RFC 9112 9.6), so
    // the client's next request opens a new one instead of waiting on this one until a reset.
    expect(response.headers.get("Connection")).toBe("close");
    expect(await response.text()).toContain(deSignage.video.tooLarge(CAP));
    expect(await stored()).toEqual(before);
    const next = await client.send(`/backend/digital-signage-segments/${segmentId}/video`);
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });

  it("refuses an oversize chunked video while it streams, leaving nothing on disk", async () => {
    const before = await stored();
    const client = await as();
    const boundary = "----grenze";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="gross.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(16 * 1024, 1);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, Buffer.from(tinyMp4())]));
        if (sent > CAP * 2) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    // No Content-Length: the reader counts while it writes (the HTTP server's body guard, decision
    // 027, has its own 200 MB limit in front of it).
    void client;
    const response = await receiveVideo(
      new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
      } as RequestInit),
      dataDir,
      CAP,
    );
    expect(response).toEqual({ ok: false, status: 413, message: deSignage.video.tooLarge(CAP) });
    expect(await stored()).toEqual(before);
    expect((await readdir(videoFolder())).some((name) => name.endsWith(".part"))).toBe(false);
  });

  it("serves ranges: first bytes, a suffix, an open range, and 416 beyond the end", async () => {
    const bytes = tinyMp4();
    const size = bytes.length;
    const get = (range?: string) =>
      fetch(`${server.origin}/tv/video/${segmentId}`, {
        headers: { Cookie: tvCookie, ...(range ? { Range: range } : {}) },
      });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("Content-Type")).toBe("video/mp4");
    expect(whole.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(whole.headers.get("ETag")).toBeTruthy();
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const first = await get("bytes=0-9");
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get("Content-Length")).toBe("10");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.slice(0, 10));

    const suffix = await get("bytes=-100");
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(size - 100));

    const open = await get("bytes=500-");
    expect(open.status).toBe(206);
    expect(open.headers.get("Content-Range")).toBe(`bytes 500-${size - 1}/${size}`);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(500));

    const beyond = await get(`bytes=${size}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();

    // Hostile ranges: beyond any integer, backwards, another unit, garbage.
    const huge = await get("bytes=99999999999999999999-");
    expect(huge.status).toBe(416);
    await huge.arrayBuffer();
    for (const range of ["bytes=5-2", "zeilen=0-9", "bytes=a-b", "bytes=--1", "bytes=\u0000"]) {
      const answer = await get(range).catch(() => null);
      // undici refuses a NUL in a header itself; the others reach the server and get the file.
      if (answer === null) continue;
      expect(answer.status, range).toBe(200);
      await answer.arrayBuffer();
    }

    expect(byteRangeOf("bytes=-0", size)).toBe("unsatisfiable");
    expect(byteRangeOf("bytes=0-1,5-6", size)).toBeNull();
    expect(byteRangeOf("bytes=0-99999999", size)).toEqual({ start: 0, end: size - 1 });
  });

  it("answers 404 to an unpaired browser, a stranger and for missing videos; staff may watch", async () => {
    const url = `${server.origin}/tv/video/${segmentId}`;
    for (const headers of <Record<string, string>[]>[
      {},
      { Cookie: unpairedCookie },
      { Cookie: "tv_geraet=" + "c".repeat(43) },
    ]) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(deSignage.video.notFound);
    }
    const client = await as();
    expect((await client.send(`/tv/video/${segmentId}`)).status).toBe(200);
    expect((await client.send(`/tv/video/${textSegmentId}`)).status).toBe(404);
    expect((await client.send(`/tv/video/999999`)).status).toBe(404);
    expect((await client.send(`/tv/video/abc`)).status).toBe(404);
  });
});
