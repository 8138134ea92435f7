import type { IncomingMessage, ServerResponse } from "node:http";
import { chooseFormat, FORMAT_TYPES, isImageSize, type SentFormat } from "#app/domain/image-sizes";

/**
 * Sizes served lately, kept in memory (decision 038), so that a size asked for again is answered
 * before Express's router and Remix run: no database query, no file read. A kept entry is the
 * exact answer the `/image` route gave for an address (which names id and version, so it never
 * changes); it is only trusted while the instance hears reference-data changes (an image deleted
 * elsewhere clears it), and bounded in bytes, oldest out first.
 *
 * The server's bundle and the Remix build are separate module graphs: both reach the one cache
 * through `globalThis`.
 */
export interface ImageMemory {
  remember(path: string, format: SentFormat, body: Uint8Array): void;
  recall(path: string, format: SentFormat): Uint8Array | undefined;
  clear(): void;
  readonly bytes: number;
}

const SLOT = Symbol.for("backstube.imageMemory");
const DEFAULT_BYTES = 64 * 1024 * 1024;
/** An entry bigger than this (an original of several MB) is not kept. */
const LARGEST_ENTRY = 2 * 1024 * 1024;

export function imageMemory(): ImageMemory {
  const slot = globalThis as unknown as { [SLOT]?: ImageMemory };
  slot[SLOT] ??= createImageMemory(DEFAULT_BYTES);
  return slot[SLOT];
}

export function createImageMemory(limit: number): ImageMemory {
  const entries = new Map<string, Uint8Array>();
  let bytes = 0;
  return {
    remember(path, format, body) {
      if (body.byteLength > LARGEST_ENTRY || body.byteLength > limit) return;
      const key = `${format}|${path}`;
      const old = entries.get(key);
      if (old) {
        bytes -= old.byteLength;
        entries.delete(key);
      }
      entries.set(key, body);
      bytes += body.byteLength;
      for (const [oldest, entry] of entries) {
        if (bytes <= limit) break;
        entries.delete(oldest);
        bytes -= entry.byteLength;
      }
    },
    recall(path, format) {
      const key = `${format}|${path}`;
      const body = entries.get(key);
      if (body) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, body);
      }
      return body;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get bytes() {
      return bytes;
    },
  };
}

const SIZE_PATH = /^\/image\/([a-z]+)\/\d{1,10}-\d{1,10}\.(jpg|png|webp)$/;

/** The headers of every image the route or the memory sends (see app/routes/image.tsx). */
export const IMAGE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  Vary: "Accept",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "Cross-Origin-Resource-Policy": "same-site",
};

/**
 * Express middleware (mounted first): answers a GET or HEAD for a kept size at once, passes every
 * other request on. `canKeep` false (the listener is down) empties the memory instead.
 */
export function keptImages(canKeep: () => boolean, memory: ImageMemory = imageMemory()) {
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url?.startsWith("/image/")) {
      return next();
    }
    const match = SIZE_PATH.exec(req.url);
    if (!match || !isImageSize(match[1]!)) return next();
    if (!canKeep()) {
      memory.clear();
      return next();
    }
    const accept = req.headers.accept;
    const format = chooseFormat(accept ?? null, match[2]!);
    const body = memory.recall(req.url, format);
    if (!body) return next();
    res.writeHead(200, {
      ...IMAGE_HEADERS,
      "Content-Type": FORMAT_TYPES[format],
      "Content-Length": body.byteLength,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  return Object.assign(handler, { clear: () => memory.clear() });
}
