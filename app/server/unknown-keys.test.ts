import { describe, expect, it } from "vitest";
import { unknownKeysAnswer, unknownKeysIn } from "./unknown-keys";

describe("unknown keys of a JSON body (decisions 097, 104)", () => {
  const keys = {
    takes: ["amount", "unit"],
    answers: ["gross"],
    rows: {
      parts: {
        takes: ["partId", "value"],
        rows: { options: { takes: ["optionId"], answers: ["name"] } },
      },
      focalPoint: { takes: ["x", "y"] },
    },
  };

  it("passes what the route takes and answers, at every depth", () => {
    expect(
      unknownKeysIn(
        {
          amount: 2,
          gross: 500,
          parts: [{ partId: 1, options: [{ optionId: 3, name: "Groß" }] }, { partId: 2 }],
          focalPoint: { x: 0.5, y: 0.5 },
        },
        keys,
      ),
    ).toEqual([]);
  });

  it("names each unknown key by its path, in a child row and in a nested object", () => {
    expect(
      unknownKeysIn(
        {
          amount: 2,
          tax: 7,
          parts: [
            { partId: 1, options: [{ optionId: 3, preis: 1 }] },
            { partId: 2, farbe: "rot" },
          ],
          focalPoint: { x: 0.5, z: 1 },
        },
        keys,
      ),
    ).toEqual([
      { message: "Unbekanntes Feld „tax“.", field: "tax" },
      { message: "Unbekanntes Feld „parts.0.options.0.preis“.", field: "parts.0.options.0.preis" },
      { message: "Unbekanntes Feld „parts.1.farbe“.", field: "parts.1.farbe" },
      { message: "Unbekanntes Feld „focalPoint.z“.", field: "focalPoint.z" },
    ]);
  });

  it("answers 400 with the problems, or nothing when there are none", async () => {
    expect(unknownKeysAnswer({ amount: 1 }, keys)).toBeNull();
    const answer = unknownKeysAnswer({ amount: 1, gibtEsNicht: 1 }, keys)!;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      errors: [{ message: "Unbekanntes Feld „gibtEsNicht“.", field: "gibtEsNicht" }],
    });
  });
});
