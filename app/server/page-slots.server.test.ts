import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  combineCrc,
  crcShift,
  endWithPieces,
  fillSlots,
  gzipPiecesWithParts,
  gzipWithParts,
  packParts,
  packSharedPieces,
  slotTemplate,
} from "./page-slots.server";

const open = (name: string) => `<template data-slot="${name}"></template>`;
const close = (name: string) => `<template data-slot="/${name}"></template>`;
const page = Buffer.from(
  `<html><main>${"Brezel, Laugenstange, Kürbisbrot. ".repeat(400)}</main>` +
    `<aside>${open("kopf")}<p>Ihr Warenkorb ist leer.</p>${close("kopf")}<ol>Öffnungszeiten</ol>` +
    `${open("leiste")}${close("leiste")}</aside><script>start()</script></html>`,
);

describe("page slots", () => {
  it("combines the CRC-32 of two pieces as zlib would compute the whole", () => {
    for (const [a, b] of [
      ["", ""],
      ["Brot", ""],
      ["", "Brötchen"],
      ["Sauerteig", "x".repeat(100_003)],
      ["ä".repeat(70_000), "Ende"],
    ] as const) {
      const left = Buffer.from(a);
      const right = Buffer.from(b);
      expect(combineCrc(crc32(left), crc32(right), crcShift(right.length))).toBe(
        crc32(Buffer.concat([left, right])),
      );
    }
  });

  it("cuts a page at its slots and puts a visitor's parts in their place", () => {
    const template = slotTemplate(page);
    expect(template?.names).toEqual(["kopf", "leiste"]);
    const filled = fillSlots(template!, { kopf: "<p>2 Produkte</p>", leiste: "<nav>Leiste</nav>" });
    expect(filled.toString()).toBe(
      page
        .toString()
        .replace("<p>Ihr Warenkorb ist leer.</p>", "<p>2 Produkte</p>")
        .replace(
          `${open("leiste")}${close("leiste")}`,
          `${open("leiste")}<nav>Leiste</nav>${close("leiste")}`,
        ),
    );
  });

  it("packs the shared pieces once; each visitor's page unpacks to the filled page", async () => {
    const template = slotTemplate(page)!;
    const packed = await packSharedPieces(template);
    const visitors: Record<string, string>[] = [
      { kopf: "<p>1 Produkt · 2,40 €</p>", leiste: "<nav>Warenkorb</nav>" },
      { kopf: "", leiste: "" },
      { kopf: "ß".repeat(20_000) },
    ];
    for (const parts of visitors) {
      const gzipped = gzipWithParts(template, packed, packParts(template, parts));
      expect(gunzipSync(gzipped).equals(fillSlots(template, parts))).toBe(true);
    }
    // The menu is packed once: a visitor's page is hardly bigger than the shared pieces.
    const sharedBytes = packed.reduce((sum, piece) => sum + piece.length, 0);
    expect(gzipWithParts(template, packed, packParts(template, {})).length).toBeLessThan(
      sharedBytes + 40,
    );
  });

  it("sends a visitor's page as the kept pieces themselves, with their length", async () => {
    const template = slotTemplate(page)!;
    const packed = await packSharedPieces(template);
    const parts = { kopf: "<p>3 Produkte · 7,20 €</p>", leiste: "<nav>Warenkorb</nav>" };
    const pieces = gzipPiecesWithParts(template, packed, packParts(template, parts));
    // The shared pieces are not copied: the very buffers kept for every visitor go out.
    for (const shared of packed) expect(pieces).toContain(shared);
    const server = createServer((_req, res) => {
      res.setHeader("Content-Encoding", "gzip");
      endWithPieces(res, pieces);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "Accept-Encoding": "identity" },
      });
      expect(answer.headers.get("content-length")).toBe(
        String(gzipWithParts(template, packed, packParts(template, parts)).length),
      );
      expect(answer.headers.get("transfer-encoding")).toBeNull();
      // fetch unpacks the gzip member: the page is the filled page.
      expect(Buffer.from(await answer.arrayBuffer()).equals(fillSlots(template, parts))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a page whose markers do not pair up", () => {
    expect(slotTemplate(Buffer.from(`<p>${open("a")}</p>`))).toBeNull();
    expect(slotTemplate(Buffer.from(`${open("a")}${close("b")}`))).toBeNull();
    expect(slotTemplate(Buffer.from(`${close("a")}`))).toBeNull();
    expect(slotTemplate(Buffer.from("<p>ohne</p>"))).toBeNull();
  });
});
