import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** Files for the upload tests: real ones built here, and the hostile ones the issue names. */

/** A 640 × 480 JPEG of one colour (a phone photo, small). */
export async function jpegPhoto(color = "#c0392b"): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(bytes);
}

/** The first half of a JPEG: signature right, the picture cut off. */
export async function truncatedJpeg(): Promise<Uint8Array> {
  const whole = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2)));
}

/** An HTML page with a script, named like a photo. */
export function htmlNamedJpg(): Uint8Array {
  return new TextEncoder().encode(
    "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
  );
}

/** A PDF with byte offsets written out, from its objects' bodies (1-based object numbers). */
function pdfOf(objects: string[]): Uint8Array {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

const PAGE_CONTENT = "0 0.5 0 rg 20 20 160 160 re f";

/** One A-shaped page (200 × 200 pt) with a green square. */
export function simplePdf(catalogueExtra = ""): Uint8Array {
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogueExtra}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
  ]);
}

/** A PDF that runs JavaScript when opened (an OpenAction). */
export function pdfWithJavaScript(): Uint8Array {
  return simplePdf("/OpenAction << /S /JavaScript /JS (app.alert('hallo')) >> ");
}

/** The same, with the name spelled in #-escapes, as filters that only grep for /JS miss. */
export function pdfWithEscapedJavaScript(): Uint8Array {
  return simplePdf("/OpenAction << /S /Java#53cript /J#53 (app.alert('hallo')) >> ");
}

/** JavaScript inside a compressed object stream, invisible in the raw bytes. */
export function pdfWithPackedJavaScript(): Uint8Array {
  const packed = deflateSync(Buffer.from("<< /S /JavaScript /JS (app.alert(1)) >>", "latin1"));
  const base = Buffer.from(simplePdf()).toString("latin1");
  const extra = `5 0 obj\n<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(base.replace(/%%EOF\n$/, ""), "latin1"),
      Buffer.from(extra, "latin1"),
      packed,
      Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
    ]),
  );
}

/**
 * A PDF 1.5 whose object 5 lives in an object stream filtered `[/ASCIIHexDecode /FlateDecode]`
 * (hex text of deflated bytes), found through a cross-reference stream. With `script`, object 5
 * is the catalogue's OpenAction running JavaScript: neither `/JS` nor a deflated stream shows in
 * the raw bytes. Without it, object 5 is a harmless document information dictionary.
 */
export function pdfWithFilteredObjectStream(script: boolean): Uint8Array {
  const packedObject = script
    ? "<< /S /JavaScript /JS (app.alert('hallo')) >>"
    : "<< /Producer (Backstube Test) >>";
  const header = "5 0 ";
  const hex = deflateSync(Buffer.from(header + packedObject, "latin1")).toString("hex") + ">";
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${script ? "/OpenAction 5 0 R " : ""}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
  ];
  let out = "%PDF-1.5\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const streamAt = Buffer.byteLength(out, "latin1");
  out +=
    `6 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} ` +
    `/Filter [/ASCIIHexDecode /FlateDecode] /Length ${hex.length} >>\nstream\n${hex}\nendstream\nendobj\n`;
  const xrefAt = Buffer.byteLength(out, "latin1");
  // Entries of 1 + 4 + 2 bytes: type, offset (or object stream), generation (or index).
  const entry = (type: number, field: number, last: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field, 1);
    bytes.writeUInt16BE(last, 5);
    return bytes;
  };
  const table = Buffer.concat([
    entry(0, 0, 65535),
    ...offsets.map((offset) => entry(1, offset, 0)),
    entry(2, 6, 0),
    entry(1, streamAt, 0),
    entry(1, xrefAt, 0),
  ]);
  const info = script ? "" : "/Info 5 0 R ";
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(out, "latin1"),
      Buffer.from(
        `7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R ${info}/Length ${table.length} >>\nstream\n`,
        "latin1",
      ),
      table,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, "latin1"),
    ]),
  );
}

/**
 * An MP4 as the signage upload judges it (an `ftyp` box), then 100,000 counting bytes: big
 * enough for ranges in the middle; `seed` makes two films differ.
 */
export function sampleFilm(seed: number): Uint8Array<ArrayBuffer> {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 20]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isom"),
  ]);
  const payload = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * seed) % 251));
  return new Uint8Array(Buffer.concat([ftyp, payload]));
}
