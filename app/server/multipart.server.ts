import Busboy from "busboy";
import { filesFromSpool, SpooledFile, UploadSpool } from "./upload-spool.server";

/**
 * The one reader of multipart bodies (issue 36, decision 075), on busboy: the cart form, the
 * back office's edit forms with pictures, the images and files areas and their APIs, the signage
 * video and the small forms. Remix v2's own parser (`@web3-storage/multipart-parser`, archived)
 * refused a file name holding `;` or `=` ("Torte; Geburtstag.jpg") as a malformed header;
 * busboy reads quoted names with `;`, `=` and `\"`, raw UTF-8 names ("Törtchen ä.jpg") and RFC
 * 5987's `filename*=UTF-8''…`.
 *
 * Each place states its limits; the reader keeps them while the body arrives:
 * - `totalBytes`: the whole body, counted as it comes; past it the read stops (`MultipartTooLarge`)
 *   and the rest is not read (the body guard in front has answered 413 by then).
 * - `fieldBytes` and `longField`: one text field; a longer one is dropped, read as empty, or stops
 *   the read, as the place did before.
 * - `textBytes`: all text fields together; past it the read stops.
 * - `fileBytes`: one file; a larger one is read to its end (so the client hears the answer) but
 *   not kept, and named in `oversized`.
 * - `files`: files kept; later ones are read and dropped and counted in `extraFiles`.
 * - `fileField`: only files of this field are kept (the others are read and dropped).
 * Files go to the spool (disk) while they arrive (decision 051) and, unless `keepOnDisk`, are read
 * back into plain `File`s once the form is complete and the spool removed.
 */

export interface MultipartLimits {
  totalBytes: number;
  fieldBytes: number;
  longField: "drop" | "empty" | "refuse";
  textBytes?: number;
  fileBytes: number;
  files?: number;
  fileField?: string;
  /** Files stay in the spool as `SpooledFile`s; the caller moves them and discards the spool. */
  keepOnDisk?: boolean;
}

export interface MultipartRead {
  /** Text fields and kept files, in the order they came. */
  form: FormData;
  /** Files refused for their size (read and dropped): the field and the cleaned file name. */
  oversized: { field: string; fileName: string }[];
  /** Files beyond `files`, read and dropped. */
  extraFiles: number;
  /** Every file part but the empty ones of inputs left empty (kept, oversized or extra). */
  fileCount: number;
}

/** The body passed `totalBytes` or `textBytes`, or a text field its limit with `refuse`. */
export class MultipartTooLarge extends Error {}
/** Not multipart, or not well-formed: no boundary, a cut-off body, a broken connection. */
export class MultipartUnreadable extends Error {}

/**
 * A file name as it may be kept and shown: no folders (busboy takes the last path part), the
 * browsers' escapes of `"`, CR and LF (`%22`, `%0D`, `%0A`, HTML's form encoding) undone, no
 * control characters, trimmed; at most 200 characters, the end (with the extension) kept.
 */
export function cleanFileName(name: string | undefined): string {
  if (!name) return "";
  const base = name.replace(/%22/gi, '"').replace(/%0[ad]/gi, "");
  const parts = base.split(/[/\\]/);
  const last = parts[parts.length - 1] ?? "";
  return (
    last
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]|[\u202a-\u202e\u2066-\u2069]/g, "")
      .trim()
      .slice(-200)
  );
}

export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  spool: UploadSpool = new UploadSpool(),
): Promise<MultipartRead> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new MultipartUnreadable();
  if (Number(request.headers.get("Content-Length") ?? 0) > limits.totalBytes) {
    throw new MultipartTooLarge();
  }
  let done = false;
  try {
    const read = await parse(request, type, limits, spool);
    if (limits.keepOnDisk) {
      done = true;
      return read;
    }
    return { ...read, form: await filesFromSpool(read.form, spool) };
  } finally {
    if (!done) await spool.discard();
  }
}

type Entry = [string, string | SpooledFile];

async function parse(
  request: Request,
  type: string,
  limits: MultipartLimits,
  spool: UploadSpool,
): Promise<MultipartRead> {
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": type },
      // Browsers send a file's name as raw UTF-8 bytes.
      defParamCharset: "utf8",
      limits: {
        // One byte over the limit shows that a field was longer (busboy truncates it).
        fieldSize: limits.fieldBytes + 1,
        fileSize: Infinity,
      },
    });
  } catch {
    throw new MultipartUnreadable();
  }
  // Parts resolve in any order; each keeps its place in the form.
  const entries: (Entry | null)[] = [];
  const pending: Promise<void>[] = [];
  const oversized: MultipartRead["oversized"] = [];
  let text = 0;
  let kept = 0;
  let extraFiles = 0;
  let fileCount = 0;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
  };

  parser.on("field", (name, value, info) => {
    const bytes = Buffer.byteLength(value);
    text += bytes;
    if (limits.textBytes !== undefined && text > limits.textBytes) {
      return fail(new MultipartTooLarge());
    }
    if (info.valueTruncated || bytes > limits.fieldBytes) {
      if (limits.longField === "refuse") return fail(new MultipartTooLarge());
      if (limits.longField === "empty") entries.push([name, ""]);
      return;
    }
    entries.push([name, value]);
  });

  parser.on("file", (name, stream, info) => {
    // A part cut off before the spool reads it (its folder is still being made) errs with no
    // reader yet; the spool's read sees the error all the same.
    stream.on("error", () => undefined);
    const slot = entries.length;
    entries.push(null);
    const fileName = cleanFileName(info.filename);
    const wanted = limits.fileField === undefined || limits.fileField === name;
    const room = () => kept < (limits.files ?? Infinity);
    // A part with a name takes its place among the kept files now (parts overlap while their
    // bytes are written); a part without one is most likely an input left empty.
    const taken = wanted && fileName !== "" && room();
    if (taken) kept += 1;
    const tentative = wanted && fileName === "";
    pending.push(
      spool.write(stream, taken || tentative ? limits.fileBytes : -1).then(
        (part) => {
          // A browser sends an empty part without a name for a file input left empty.
          if (part.size === 0 && fileName === "") return;
          fileCount += 1;
          if (!wanted) return;
          if (tentative) {
            if (!room()) {
              extraFiles += 1;
              return;
            }
            kept += 1;
          } else if (!taken) {
            extraFiles += 1;
            return;
          }
          if (!part.file) {
            oversized.push({ field: name, fileName });
            return;
          }
          const file = new SpooledFile(part.file, fileName || "datei", info.mimeType, part.size);
          entries[slot] = [name, file];
        },
        // The part was cut off (a broken body, or the read stopped at a limit).
        () => fail(new MultipartUnreadable()),
      ),
    );
  });

  const finished = new Promise<void>((resolve) => {
    parser.once("close", () => resolve());
    // Every error (a second one after destroy too) must have a listener.
    parser.on("error", () => {
      fail(new MultipartUnreadable());
      resolve();
    });
  });

  const body = request.body;
  if (!body) throw new MultipartUnreadable();
  const reader = body.getReader();
  let total = 0;
  let parsing = true;
  let cut = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        fail(new MultipartUnreadable());
        break;
      }
      if (chunk.done) break;
      total += chunk.value.byteLength;
      if (total > limits.totalBytes) {
        fail(new MultipartTooLarge());
        cut = true;
        break;
      }
      if (failure) {
        // Refused: the rest is read and dropped, so the client hears the answer (cancelling the
        // body would reset the connection under it).
        if (parsing) {
          parsing = false;
          parser.destroy();
        }
        continue;
      }
      if (!parser.write(chunk.value)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            parser.off("drain", go);
            parser.off("close", go);
            resolve();
          };
          parser.on("drain", go);
          parser.on("close", go);
        });
      }
    }
  } finally {
    if (cut) await reader.cancel().catch(() => undefined);
    if (failure) {
      if (parsing) parser.destroy();
    } else {
      parser.end();
    }
  }
  if (!failure) await finished;
  await Promise.all(pending);
  if (failure) throw failure;

  const form = new FormData();
  for (const entry of entries) if (entry) form.append(entry[0], entry[1]);
  return { form, oversized, extraFiles, fileCount };
}

/**
 * A multipart body already read within its place's limit (the small forms, the CSV import),
 * through the same reader: every part within that limit.
 */
export async function readHeldMultipart(
  body: Uint8Array | string,
  type: string,
): Promise<FormData> {
  const bytes = Buffer.from(body);
  const held = new Request("http://localhost/", {
    method: "POST",
    headers: { "Content-Type": type },
    body: bytes,
  });
  const limit = bytes.byteLength;
  const read = await readMultipart(held, {
    totalBytes: limit,
    fieldBytes: limit,
    longField: "refuse",
    fileBytes: limit,
  });
  return read.form;
}
