import { Transform } from "node:stream";

/**
 * React 18.3's `renderToPipeableStream` flushes its whole 2 KB buffer when a multi-byte character
 * (ä, ß, €, the no-break space before €) does not fit at its end, so the unused tail goes out as
 * NUL bytes in the middle of German text (react/react#31134). Markup never contains NUL, so the
 * stream drops them; chunks without one pass through untouched.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
