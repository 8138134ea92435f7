import { crc32, deflateSync } from "node:zlib";

/** A real 1 × 1 PNG (signature, IHDR, IDAT, IEND with their checksums), built from bytes. */
export function tinyPng(): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour; compression, filter and interlace stay 0
  const scanline = Buffer.from([0, 0xf2, 0xc1, 0x4e]); // filter byte, one golden pixel
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(scanline)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
