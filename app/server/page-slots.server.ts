import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from "node:zlib";
import type { ServerResponse } from "node:http";
import { promisify } from "node:util";
import { inPackingTurn } from "./packing-turns.server";

/**
 * A kept page with the visitor's parts cut out (decision 049): the bytes between the markers
 * `<template data-slot="name"></template>` and `<template data-slot="/name"></template>` are the
 * visitor's own (their cart), everything else is the same for everyone. A customer's page is the
 * kept page's shared pieces with their parts put in, so the menu is rendered once per menu version
 * and minute, not once per customer.
 *
 * Compressed, the shared pieces are packed once as raw deflate, each ending on a byte boundary
 * without being the last block (a sync flush), so a customer's page is those pieces and their
 * parts, packed alone, one after the other in a gzip member; the checksum of the whole is combined
 * from the pieces' checksums without reading the shared bytes again.
 */
export interface SlotTemplate {
  /** The shared pieces, one more than there are slots; the markers stay in them. */
  shared: Buffer[];
  /** The slots' names, in page order. */
  names: string[];
  /** Each shared piece's CRC-32 and the operator that moves a checksum over its length. */
  sharedCrc: number[];
  sharedShift: number[];
}

/** A template of its pieces, with each piece's checksum and shift worked out once. */
function templateOf(shared: Buffer[], names: string[]): SlotTemplate {
  return {
    shared,
    names,
    sharedCrc: shared.map((piece) => crc32(piece)),
    sharedShift: shared.map((piece) => crcShift(piece.length)),
  };
}

const MARKER = /<template data-slot="(\/?[a-z-]+)"><\/template>/g;

/** The slots of a page, or null when it has none (or they are not properly paired). */
export function slotTemplate(page: Buffer): SlotTemplate | null {
  const html = page.toString("latin1");
  const shared: Buffer[] = [];
  const names: string[] = [];
  let from = 0;
  let open: string | null = null;
  for (const match of html.matchAll(MARKER)) {
    const name = match[1]!;
    const at = match.index;
    if (open === null) {
      if (name.startsWith("/")) return null;
      const end = at + match[0].length;
      shared.push(page.subarray(from, end));
      open = name;
    } else {
      if (name !== `/${open}`) return null;
      names.push(open);
      from = at;
      open = null;
    }
  }
  if (open !== null || names.length === 0) return null;
  shared.push(page.subarray(from));
  return templateOf(shared, names);
}

/**
 * A page cut at every place one of `tokens` stands (a nonce, an order key): the slots are named
 * after the tokens, so that each answer puts new values of its own there. Null when none occurs.
 */
export function tokenTemplate(
  page: Buffer,
  tokens: Readonly<Record<string, string>>,
): SlotTemplate | null {
  const places: { at: number; length: number; name: string }[] = [];
  for (const [name, token] of Object.entries(tokens)) {
    if (!token) continue;
    const needle = Buffer.from(token);
    for (let at = page.indexOf(needle); at >= 0; at = page.indexOf(needle, at + needle.length)) {
      places.push({ at, length: needle.length, name });
    }
  }
  if (places.length === 0) return null;
  places.sort((a, b) => a.at - b.at);
  const shared: Buffer[] = [];
  const names: string[] = [];
  let from = 0;
  for (const place of places) {
    if (place.at < from) return null;
    shared.push(page.subarray(from, place.at));
    names.push(place.name);
    from = place.at + place.length;
  }
  shared.push(page.subarray(from));
  return templateOf(shared, names);
}

/** The page with the visitor's parts in their slots (a missing part leaves its slot empty). */
export function fillSlots(template: SlotTemplate, parts: Readonly<Record<string, string>>) {
  const pieces: Buffer[] = [template.shared[0]!];
  template.names.forEach((name, index) => {
    pieces.push(Buffer.from(parts[name] ?? ""), template.shared[index + 1]!);
  });
  return Buffer.concat(pieces);
}

const SYNC = { finishFlush: zlibConstants.Z_SYNC_FLUSH };
const PACK_SHARED = { ...SYNC, level: 9 };
/** A visitor's parts are a few KB: packed per answer at the fastest level (3 % larger than 6). */
const PACK_PART = { ...SYNC, level: 1, windowBits: 12, memLevel: 4 };
/** The last, empty deflate block (fixed codes, final bit set). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

const deflateRawAsync = promisify(deflateRaw) as (
  piece: Buffer,
  options: object,
) => Promise<Buffer>;

/** The shared pieces packed once, one after the other, in libuv's threads and in turn. */
export function packSharedPieces(template: SlotTemplate): Promise<Buffer[]> {
  return inPackingTurn(async () => {
    const packed: Buffer[] = [];
    for (const piece of template.shared) packed.push(await deflateRawAsync(piece, PACK_SHARED));
    return packed;
  });
}

/** A visitor's parts packed alone, in the order of a template's slots, with their checksums. */
export interface PackedParts {
  names: string;
  deflated: (Buffer | null)[];
  crc: number[];
  length: number[];
  shift: number[];
}

/** Packs the parts for `template`'s slots (once per parts: they are reused, decision 049). */
export function packParts(
  template: SlotTemplate,
  parts: Readonly<Record<string, string>>,
): PackedParts {
  const packed: PackedParts = {
    names: template.names.join(),
    deflated: [],
    crc: [],
    length: [],
    shift: [],
  };
  for (const name of template.names) {
    const part = Buffer.from(parts[name] ?? "");
    packed.deflated.push(part.length > 0 ? deflateRawSync(part, PACK_PART) : null);
    packed.crc.push(crc32(part));
    packed.length.push(part.length);
    packed.shift.push(crcShift(part.length));
  }
  return packed;
}

/** The customer's page as one gzip member: packed shared pieces and their packed parts. */
export function gzipWithParts(
  template: SlotTemplate,
  packedShared: readonly Buffer[],
  parts: PackedParts,
): Buffer {
  return Buffer.concat(gzipPiecesWithParts(template, packedShared, parts));
}

/**
 * The same gzip member as the buffers to send one after the other: the kept shared pieces
 * themselves, not a copy. Sent with `endWithPieces`, a customer's page allocates only its header,
 * parts and trailer, not the fifty kilobytes of the whole page each time.
 */
export function gzipPiecesWithParts(
  template: SlotTemplate,
  packedShared: readonly Buffer[],
  parts: PackedParts,
): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER, packedShared[0]!];
  let crc = template.sharedCrc[0]!;
  let length = template.shared[0]!.length;
  template.names.forEach((_, index) => {
    const deflated = parts.deflated[index];
    if (deflated) {
      out.push(deflated);
      crc = combineCrc(crc, parts.crc[index]!, parts.shift[index]!);
      length += parts.length[index]!;
    }
    const next = index + 1;
    out.push(packedShared[next]!);
    crc = combineCrc(crc, template.sharedCrc[next]!, template.sharedShift[next]!);
    length += template.shared[next]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}

/** Ends an answer with `pieces` as its body, written together (one `writev` when they fit). */
export function endWithPieces(res: ServerResponse, pieces: readonly Buffer[]): void {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  res.setHeader("Content-Length", length);
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
}

// ——— CRC-32 of a concatenation from the pieces' CRCs (zlib's crc32_combine_op) ———

const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial, in the reflected bit order of CRC-32. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo P for k = 0..31, as zlib tabulates them. */
const POWERS: number[] = (() => {
  const table: number[] = [];
  let p = 1 << 30; // x^1
  for (let k = 0; k < 32; k += 1) {
    table.push(p >>> 0);
    p = multiplyModP(p, p);
  }
  return table;
})();

/** The operator x^(8·length) modulo P: shifts a checksum past `length` bytes of zeros. */
export function crcShift(length: number): number {
  let product = 0x80000000; // x^0
  let n = length;
  let k = 3; // 8 bits per byte: start at x^(2^3)
  while (n > 0) {
    if (n & 1) product = multiplyModP(POWERS[k & 31]!, product);
    n = Math.floor(n / 2);
    k += 1;
  }
  return product >>> 0;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's shift operator. */
export function combineCrc(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
