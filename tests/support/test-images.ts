import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { StorageConfig } from "#app/config/env.server";
import { storageBackends as fileBackends } from "./storage-backends";

/**
 * Pictures for the image tests (decision 038), made by sharp: a photo-like JPEG (noise, so it
 * compresses like a photograph) with EXIF location data, a PNG bomb, a truncated JPEG.
 */

/** A JPEG of `width` × `height` with a red disc at (`discX`, `discY`) and GPS data in its EXIF. */
export async function photoJpeg(
  width: number,
  height: number,
  options: { disc?: { x: number; y: number }; noise?: boolean; quality?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const disc = options.disc ?? { x: width / 2, y: height / 2 };
  const radius = Math.round(Math.min(width, height) / 6);
  const base = options.noise
    ? sharp(Buffer.from(randomPixels(width * height * 3)), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: "#c08a4b" } });
  const bytes = await base
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
            `<circle cx="${disc.x}" cy="${disc.y}" r="${radius}" fill="#ff0000"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: options.quality ?? 85 })
    .withExif({
      IFD0: { Make: "Testkamera", Model: "Brot 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 31/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "13/1 24/1 0/1",
      },
    })
    .toBuffer();
  return new Uint8Array(bytes);
}

function randomPixels(length: number): Uint8Array {
  // A cheap deterministic noise: photographs compress to a few MB, flat colours to nothing.
  const pixels = new Uint8Array(length);
  let seed = 12345;
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = 96 + ((seed >> 16) & 0x7f);
  }
  return pixels;
}

/**
 * A black 1-bit PNG of any size, built from bytes (deflated zeros): a 12 000 × 12 000 one (144
 * megapixels, half a gigabyte once decoded) is about 20 KB, the classic decompression bomb.
 */
export function blackPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows, { level: 9 })),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

export const pngBomb = () => blackPng(12_000, 12_000);
/** 50 megapixels: a camera's full frame. */
export const largePng = () => blackPng(8_660, 5_780);

/** The storage back-ends the tests run on: the data folder and the fake S3 (decision 037). */
export interface StorageBackend {
  name: string;
  /** Starts what the back-end needs and returns its config and a stop function. */
  start(): Promise<{ storage: StorageConfig; stop(): Promise<void> }>;
}

export function storageBackends(): StorageBackend[] {
  return fileBackends().map((backend) => ({
    name: backend.name,
    start: async () => {
      await backend.start();
      return { storage: backend.config.storage, stop: () => backend.stop() };
    },
  }));
}
