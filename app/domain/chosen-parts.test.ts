import { describe, expect, it } from "vitest";
import { chosenOptions } from "./chosen-parts";

describe("chosenOptions", () => {
  it("keeps each known option's name and price effect, and passes over an unknown one", () => {
    const large = { id: 7, name: "Ø 26 cm", modifier: "add" as const, value: 400, sort: 2 };
    const fixed = { id: 9, name: "Festpreis", modifier: "overwrite" as const, value: 2500 };
    expect(chosenOptions([large, undefined, fixed])).toEqual([
      { optionId: 7, name: "Ø 26 cm", modifier: "add", value: 400 },
      { optionId: 9, name: "Festpreis", modifier: "overwrite", value: 2500 },
    ]);
    expect(chosenOptions([])).toEqual([]);
  });
});
