import { describe, expect, it } from "vitest";
import { inPackingTurn, packingTurns } from "./packing-turns.server";

/** A piece of work that ends when told to, recording when it started. */
function pending(started: number[], index: number) {
  let finish!: (value: number) => void;
  let fail!: (error: Error) => void;
  const work = () =>
    new Promise<number>((resolve, reject) => {
      started.push(index);
      finish = resolve;
      fail = reject;
    });
  return { work, finish: () => finish(index), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("packing turns", () => {
  it("runs two pieces of work at a time, the others in the order they came", async () => {
    const started: number[] = [];
    const pieces = [0, 1, 2, 3, 4].map((index) => pending(started, index));
    const results = pieces.map((piece) => inPackingTurn(piece.work));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(packingTurns()).toEqual({ running: 2, waiting: 3 });

    pieces[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(packingTurns()).toEqual({ running: 2, waiting: 2 });

    // A failing piece gives its turn on too, and its caller gets the error.
    pieces[0]!.fail(new Error("zlib"));
    await expect(results[0]).rejects.toThrow("zlib");
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    // A newcomer while turns are handed on waits behind those already waiting.
    const late = pending(started, 5);
    const lateResult = inPackingTurn(late.work);
    pieces[2]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    pieces[3]!.finish();
    pieces[4]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    late.finish();
    expect(await Promise.all([results[1], results[2], results[3], results[4], lateResult])).toEqual(
      [1, 2, 3, 4, 5],
    );
    expect(packingTurns()).toEqual({ running: 0, waiting: 0 });
  });
});
