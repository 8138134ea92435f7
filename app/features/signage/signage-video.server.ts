import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Db } from "#app/db/schema";
import { deSignage } from "#app/i18n/de-signage";
import { MultipartTooLarge, readMultipart } from "#app/server/multipart.server";
import { SpooledFile, UploadSpool } from "#app/server/upload-spool.server";
import { s3Files } from "#app/integrations/storage/s3.server";
import type { StorageSettings } from "#app/integrations/storage/storage.server";
import { hashToken } from "./signage.server";
import { SIGNAGE_VIDEO_FORM_OVERHEAD, SIGNAGE_VIDEO_MAX_BYTES, VIDEO_FIELD } from "./signage-video";

/**
 * Videos of film segments (issue 22, decision 060 "Videos"): uploaded as multipart, streamed to
 * a file under DATA_DIR/signage-videos with a random name while their bytes are counted, judged
 * by their first bytes (MP4 or WebM), never by name or claimed type; served with range requests
 * to paired TVs and staff.
 */

export { SIGNAGE_VIDEO_FORM_OVERHEAD, SIGNAGE_VIDEO_MAX_BYTES, VIDEO_FIELD };
const FOLDER = "signage-videos";

export type VideoFormat = { extension: "mp4" | "webm"; mimeType: string };

/** MP4 (ISO base media): an `ftyp` box at offset 4. WebM (Matroska): the EBML header 1A 45 DF A3. */
export function videoFormatOf(head: Uint8Array): VideoFormat | null {
  if (
    head.length >= 8 &&
    head[4] === 0x66 &&
    head[5] === 0x74 &&
    head[6] === 0x79 &&
    head[7] === 0x70
  ) {
    return { extension: "mp4", mimeType: "video/mp4" };
  }
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3
  ) {
    return { extension: "webm", mimeType: "video/webm" };
  }
  return null;
}

export function videoFolder(dataDir: string): string {
  return path.join(dataDir, FOLDER);
}

/** The stored file of a `video_path` (a random name and extension, nothing else). */
export function videoFile(dataDir: string, videoPath: string): string | null {
  return /^[0-9a-f]{40}\.(mp4|webm)$/.test(videoPath)
    ? path.join(videoFolder(dataDir), videoPath)
    : null;
}

export function mimeTypeOf(videoPath: string): string {
  return videoPath.endsWith(".webm") ? "video/webm" : "video/mp4";
}

export type Received =
  { ok: true; videoPath: string; file: string } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the upload form: a declared length over the cap is refused before a byte is read, the
 * file is counted while it is written and removed the moment it passes the cap, and a file that
 * is neither MP4 nor WebM is removed. On success the caller owns the file (and removes it when
 * its transaction fails).
 */
export async function receiveVideo(
  request: Request,
  dataDir: string,
  maxBytes: number,
): Promise<Received> {
  const texts = deSignage.video;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { ok: false, status: 400, message: texts.missing };
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes + SIGNAGE_VIDEO_FORM_OVERHEAD) {
    return { ok: false, status: 413, message: texts.tooLarge(maxBytes) };
  }
  const folder = videoFolder(dataDir);
  await mkdir(folder, { recursive: true });
  // The film goes straight to a spool inside the videos' folder (one file system: it is renamed,
  // not copied); past the cap it is read to its end but not kept, so the client gets its 413,
  // not a reset connection (the body guard cuts the request at the cap and the overhead).
  const spool = new UploadSpool(folder);
  try {
    let read;
    try {
      read = await readMultipart(
        request,
        {
          // The body guard's figure: a film over a lowered cap is still read to its end.
          totalBytes: SIGNAGE_VIDEO_MAX_BYTES + SIGNAGE_VIDEO_FORM_OVERHEAD,
          fieldBytes: SIGNAGE_VIDEO_FORM_OVERHEAD,
          textBytes: SIGNAGE_VIDEO_FORM_OVERHEAD,
          longField: "refuse",
          fileBytes: maxBytes,
          files: 1,
          fileField: VIDEO_FIELD,
          keepOnDisk: true,
        },
        spool,
      );
    } catch (error) {
      if (error instanceof MultipartTooLarge) {
        return { ok: false, status: 413, message: texts.tooLarge(maxBytes) };
      }
      return { ok: false, status: 400, message: texts.unreadable };
    }
    if (read.oversized.length > 0) {
      return { ok: false, status: 413, message: texts.tooLarge(maxBytes) };
    }
    const video = read.form.get(VIDEO_FIELD);
    if (!(video instanceof SpooledFile) || video.spooledSize === 0) {
      return { ok: false, status: 400, message: texts.missing };
    }
    const format = videoFormatOf(await headOf(video.path));
    if (!format) return { ok: false, status: 400, message: texts.unsupported };
    const videoPath = `${randomBytes(20).toString("hex")}.${format.extension}`;
    const final = path.join(folder, videoPath);
    await rename(video.path, final);
    return { ok: true, videoPath, file: final };
  } finally {
    await spool.discard();
  }
}

/** A file's first eight bytes, by which its format is judged. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const head = new Uint8Array(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the request comes from a paired TV (its device cookie names a paired device). */
export async function isPairedTv(db: Db, token: string | null): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom("signagePairings")
    .innerJoin("signageDevices", "signageDevices.id", "signagePairings.deviceId")
    .select("signageDevices.id")
    .where("signagePairings.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  return row !== undefined;
}

export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One range of a `Range` header (RFC 9110 14.1.2): `bytes=a-b`, `bytes=a-`, `bytes=-n`. null:
 * no header or one this server ignores (several ranges, another unit): the whole file is sent.
 */
export function byteRangeOf(header: string | null, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/** The video's answer: 200 whole, 206 one range, 416 an unsatisfiable range; null: no file. */
export async function videoResponse(
  request: Request,
  store: VideoStore,
  videoPath: string,
): Promise<Response | null> {
  const facts = await store.facts(videoPath);
  if (!facts) return null;
  const { size, modified } = facts;
  const etag = `"${size.toString(16)}-${Math.floor(modified.getTime() / 1000).toString(16)}"`;
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Content-Type": mimeTypeOf(videoPath),
    // Private (behind the device cookie); revalidated by ETag, as a new upload keeps the address.
    "Cache-Control": "private, no-cache",
    ETag: etag,
    "Last-Modified": modified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  const range = byteRangeOf(request.headers.get("Range"), size);
  if (range === "unsatisfiable") {
    return new Response(deSignage.video.rangeNotSatisfiable, {
      status: 416,
      headers: {
        ...headers,
        "Content-Range": `bytes */${size}`,
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  const head = request.method === "HEAD" || size === 0;
  if (range === null) {
    return new Response(head ? null : await store.read(videoPath, 0, size - 1), {
      status: 200,
      headers: { ...headers, "Content-Length": String(size) },
    });
  }
  return new Response(head ? null : await store.read(videoPath, range.start, range.end), {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}

/**
 * Where the films are kept (decision 118): the data folder, or with `STORAGE=s3` the bucket under
 * `signage-videos/`, so that every instance serves what another received. An upload is always
 * received into the data folder first (counted and judged there); `keep` then moves it to the
 * bucket and removes the local copy. Reads are streamed by range, never whole in memory.
 */
export interface VideoStore {
  keep(videoPath: string, file: string): Promise<void>;
  facts(videoPath: string): Promise<{ size: number; modified: Date } | null>;
  /** Bytes `start`…`end`, both included. */
  read(videoPath: string, start: number, end: number): Promise<ReadableStream>;
  /** Quietly: a film already gone is fine. */
  remove(videoPath: string | null): Promise<void>;
}

/** The 40 hex of a `video_path`: the object's key in the bucket. */
const keyOf = (videoPath: string) => /^([0-9a-f]{40})\.(mp4|webm)$/.exec(videoPath)?.[1] ?? null;

export function videoStoreFor(config: StorageSettings): VideoStore {
  const { dataDir, storage } = config;
  if (storage?.kind === "s3") {
    const files = s3Files(storage, FOLDER);
    return {
      async keep(videoPath, file) {
        const key = keyOf(videoPath);
        if (!key) throw new RangeError("Ungültiger Videoname");
        try {
          await files.putFile(key, file, (await stat(file)).size, mimeTypeOf(videoPath));
        } finally {
          await rm(file, { force: true });
        }
      },
      async facts(videoPath) {
        const key = keyOf(videoPath);
        return key ? files.facts(key) : null;
      },
      async read(videoPath, start, end) {
        const key = keyOf(videoPath);
        if (!key) throw new RangeError("Ungültiger Videoname");
        return files.read(key, start, end);
      },
      async remove(videoPath) {
        const key = videoPath ? keyOf(videoPath) : null;
        if (key) await files.remove(key).catch(() => undefined);
      },
    };
  }
  return {
    async keep() {
      // Received into the folder it is kept in.
    },
    async facts(videoPath) {
      const file = videoFile(dataDir, videoPath);
      if (!file) return null;
      try {
        const facts = await stat(file);
        return { size: facts.size, modified: facts.mtime };
      } catch {
        return null;
      }
    },
    async read(videoPath, start, end) {
      const file = videoFile(dataDir, videoPath);
      if (!file) throw new RangeError("Ungültiger Videoname");
      return Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    },
    async remove(videoPath) {
      const file = videoPath ? videoFile(dataDir, videoPath) : null;
      if (file) await rm(file, { force: true }).catch(() => undefined);
    },
  };
}
