import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Multipart files go to disk while they arrive, not into memory (decision 051, "Upload
 * bursts"). Held in memory, a file is the socket's 64 KB chunks, one malloc block each, kept
 * alive until the whole form is read: forty parallel 38 MB posts put some 750 MB of such blocks
 * into a process, and glibc, which gives its heap back only from the top, kept most of it for
 * good (863 and 630 MB a minute after the burst). Spooled, a request holds a chunk or two while
 * its body arrives; once the form is complete, each file is read back in one piece, a block large
 * enough to be mapped on its own and unmapped when it is freed.
 */
export class UploadSpool {
  private folder: Promise<string> | null = null;

  /** `parent`: where the spool's folder is made (the signage videos' folder, to rename into). */
  constructor(private readonly parent: string = os.tmpdir()) {}

  /**
   * Writes a part to a file of the spool, up to `limit` bytes; the rest of a larger part is read
   * and dropped (the client still hears the answer), and its file goes at once. `count` sees
   * every chunk first and may throw to stop reading (a request over its limit).
   */
  async write(
    data: AsyncIterable<Uint8Array>,
    limit: number,
    count: (bytes: number) => void = () => undefined,
  ): Promise<{ size: number; file: string | null }> {
    const file = path.join(await this.dir(), randomBytes(12).toString("hex"));
    const out = createWriteStream(file, { flags: "wx" });
    let ended: Promise<void> | null = null;
    const finish = () =>
      (ended ??= new Promise<void>((resolve, reject) => {
        out.once("error", reject);
        out.end(() => resolve());
      }));
    let size = 0;
    let kept = true;
    try {
      for await (const chunk of data) {
        size += chunk.byteLength;
        count(chunk.byteLength);
        if (!kept) continue;
        if (size > limit) {
          kept = false;
          await finish();
          await rm(file, { force: true });
          continue;
        }
        if (!out.write(chunk)) {
          // Both listeners go once either fires: a long file waits for many drains.
          await new Promise<void>((resolve, reject) => {
            const drained = () => {
              out.off("error", failed);
              resolve();
            };
            const failed = (error: Error) => {
              out.off("drain", drained);
              reject(error);
            };
            out.once("drain", drained);
            out.once("error", failed);
          });
        }
      }
    } finally {
      await finish().catch(() => undefined);
    }
    return { size, file: kept ? file : null };
  }

  /** A spooled file's bytes, in one piece. */
  read(file: string): Promise<Buffer> {
    return readFile(file);
  }

  /** Removes every file of the spool; call it when the form has been read, whatever happened. */
  async discard(): Promise<void> {
    const folder = this.folder;
    this.folder = null;
    if (folder) await rm(await folder, { recursive: true, force: true }).catch(() => undefined);
  }

  private dir(): Promise<string> {
    this.folder ??= mkdtemp(path.join(this.parent, "backstube-upload-"));
    return this.folder;
  }
}

/**
 * A file of the spool as a form value while the form is read; `filesFromSpool` turns it into a
 * plain `File` with its bytes once the form is complete.
 */
export class SpooledFile extends File {
  constructor(
    readonly path: string,
    name: string,
    type: string,
    readonly spooledSize: number,
  ) {
    super([], name, { type });
  }
}

/** The form with every spooled file read back into a `File`, in the order the fields came. */
export async function filesFromSpool(form: FormData, spool: UploadSpool): Promise<FormData> {
  const complete = new FormData();
  for (const [name, value] of form.entries()) {
    if (value instanceof SpooledFile) {
      const bytes = await spool.read(value.path);
      const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
      complete.append(name, new File([view], value.name, { type: value.type }));
    } else {
      complete.append(name, value);
    }
  }
  return complete;
}

/** Quiet time after the last large upload before the process collects its garbage. */
const COLLECT_AFTER_MS = 2_000;
/** Bodies from this size on count as large (a photo, not a form). */
const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * After a burst of large uploads, one full garbage collection once the uploads have stopped
 * (decision 051, "Upload bursts"). Every file's bytes are freed only when V8 collects the objects
 * holding them, and an idle process does not collect: after forty 38 MB posts the processes kept
 * 200–330 MB of dead buffers for a minute or more, until a timer's work happened to start a
 * collection. `gc` is there when the process runs with `--expose-gc`, as the cluster's server
 * processes do (`workerExecArgv`); elsewhere this does nothing.
 */
export function collectAfterUploads(
  gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
  quietMs = COLLECT_AFTER_MS,
): RequestHandler {
  let timer: NodeJS.Timeout | null = null;
  let open = 0;
  const collectWhenQuiet = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (open === 0) gc?.();
    }, quietMs);
    timer.unref();
  };
  return (req, res, next) => {
    const type = req.headers["content-type"] ?? "";
    const declared = Number(req.headers["content-length"] ?? 0);
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (
      !gc ||
      !type.startsWith("multipart/form-data") ||
      (!chunked && declared < LARGE_BODY_BYTES)
    ) {
      return next();
    }
    open += 1;
    res.once("close", () => {
      open -= 1;
      collectWhenQuiet();
    });
    next();
  };
}
