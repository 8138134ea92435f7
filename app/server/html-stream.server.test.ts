import { PassThrough, type Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "./html-stream.server";

/** Many short German texts: for some paddings an 'ö' straddles React's 2048-byte buffer. */
const words = Array.from({ length: 400 }, (_, index) => `Brötchen ${index}`);
const paddings = Array.from({ length: 24 }, (_, index) => index);

const page = (padding: number) =>
  createElement(
    "ul",
    { title: "a".repeat(padding) },
    words.map((word) => createElement("li", { key: word }, word)),
  );

function streamed(padding: number, through: (stream: Readable) => Readable) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page(padding), {
      onAllReady() {
        const out = new PassThrough();
        pipe(out);
        text(through(out)).then(resolve, reject);
      },
      onShellError: reject,
    });
  });
}

describe("withoutNulBytes", () => {
  it("is needed: the renderer leaves NUL bytes where ö meets its buffer's end", async () => {
    const outputs = await Promise.all(paddings.map((padding) => streamed(padding, (s) => s)));
    expect(outputs.filter((html) => html.includes("\0")).length).toBeGreaterThan(0);
  });

  it("removes them and leaves the markup exactly as rendered to a string", async () => {
    for (const padding of paddings) {
      const html = await streamed(padding, (stream) => stream.pipe(withoutNulBytes()));
      expect(html.includes("\0"), `Polsterung ${padding}`).toBe(false);
      expect(html === renderToString(page(padding)), `Polsterung ${padding}`).toBe(true);
    }
  });
});
