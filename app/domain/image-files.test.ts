import { describe, expect, it } from "vitest";
import { tinyPng } from "../../tests/support/tiny-png";
import { sniffImage } from "./image-files";

/** Headers as the formats write them, with only the bytes the sniffer reads. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Array.from({ length: 14 }, () => 0)];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, ...Array.from({ length: 12 }, () => 0)]);
}

function webpVp8x(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(30);
  bytes.set([...Buffer.from("RIFF"), 22, 0, 0, 0, ...Buffer.from("WEBPVP8X")]);
  const w = width - 1;
  const h = height - 1;
  bytes.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, 0], 24);
  return bytes;
}

describe("sniffImage", () => {
  it("reads a PNG, a JPEG and a WebP by their bytes, with their size", () => {
    expect(sniffImage(tinyPng())).toEqual({
      extension: "png",
      mimeType: "image/png",
      width: 1,
      height: 1,
    });
    expect(sniffImage(jpeg(640, 480))).toEqual({
      extension: "jpg",
      mimeType: "image/jpeg",
      width: 640,
      height: 480,
    });
    expect(sniffImage(webpVp8x(1200, 800))).toEqual({
      extension: "webp",
      mimeType: "image/webp",
      width: 1200,
      height: 800,
    });
  });

  it("refuses markup, an empty file, a GIF and a PNG cut before its header", () => {
    expect(sniffImage(new TextEncoder().encode("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(sniffImage(tinyPng().subarray(0, 12))).toBeNull();
    expect(sniffImage(jpeg(0, 0))).toBeNull();
  });
});
