import { describe, expect, it } from "vitest";
import {
  filterBranches,
  foldForSearch,
  hasTag,
  matchesSearch,
  searchResultText,
  searchWords,
  type SearchableBranch,
} from "./search";

const branches: (SearchableBranch & { id: number })[] = [
  {
    id: 1,
    name: "Backstube am Markt",
    street: "Hauptstraße 1",
    city: "München",
    zipCode: "80331",
    keywords: "Frühstück, Café",
    tags: [{ id: 1, name: "Vegan" }],
  },
  {
    id: 2,
    name: "Filiale Bahnhof",
    street: "Bahnhofplatz 3",
    city: "Augsburg",
    zipCode: "86150",
    keywords: ["Torten", "Lieferung"],
    tags: [{ id: 2, name: "Glutenfrei" }],
  },
  {
    id: 3,
    name: "ÖKO-BÄCKEREI GROSS",
    street: null,
    city: "Köln",
    zipCode: "50667",
    keywords: null,
    tags: null,
  },
];
const ids = (list: { id: number }[]) => list.map((branch) => branch.id);

describe("foldForSearch", () => {
  it("lower-cases in German and writes out ß and umlauts", () => {
    expect(foldForSearch("Hauptstraße")).toBe("hauptstrasse");
    expect(foldForSearch("MÜNCHEN")).toBe("muenchen");
    expect(foldForSearch("Öko-Bäckerei")).toBe("oeko-baeckerei");
    expect(foldForSearch("Café Crème")).toBe("cafe creme");
    // Decomposed input (as some keyboards send it) folds the same.
    expect(foldForSearch("Mu\u0308nchen")).toBe("muenchen");
  });
});

describe("searchWords", () => {
  it("trims and splits on commas and spaces", () => {
    expect(searchWords("  München,  Torten ,,Köln ")).toEqual(["muenchen", "torten", "koeln"]);
  });

  it("is empty for nothing typed", () => {
    expect(searchWords("")).toEqual([]);
    expect(searchWords("  , ")).toEqual([]);
    expect(searchWords(null)).toEqual([]);
  });
});

describe("matchesSearch", () => {
  const market = branches[0] as SearchableBranch;
  const station = branches[1] as SearchableBranch;

  it("matches any word in any field, case-insensitively", () => {
    expect(matchesSearch(market, ["markt"])).toBe(true);
    expect(matchesSearch(market, ["hauptstrasse"])).toBe(true);
    expect(matchesSearch(market, ["muenchen"])).toBe(true);
    expect(matchesSearch(market, ["803"])).toBe(true);
    expect(matchesSearch(market, ["cafe"])).toBe(true);
    expect(matchesSearch(market, ["tee"])).toBe(false);
    expect(matchesSearch(market, ["vegan"])).toBe(true);
    expect(matchesSearch(station, ["lieferung"])).toBe(true);
    expect(matchesSearch(station, ["xyz", "augsburg"])).toBe(true);
    expect(matchesSearch(station, ["xyz"])).toBe(false);
  });

  it("matches everything without words", () => {
    expect(matchesSearch(market, [])).toBe(true);
  });
});

describe("hasTag", () => {
  it("compares tag ids as written", () => {
    expect(hasTag(branches[0] as SearchableBranch, 1)).toBe(true);
    expect(hasTag(branches[0] as SearchableBranch, "1")).toBe(true);
    expect(hasTag(branches[0] as SearchableBranch, 2)).toBe(false);
    expect(hasTag(branches[2] as SearchableBranch, 1)).toBe(false);
  });
});

describe("filterBranches", () => {
  it("lists all branches without a filter", () => {
    expect(ids(filterBranches(branches, {}))).toEqual([1, 2, 3]);
    expect(ids(filterBranches(branches, { term: "   ", tagId: "" }))).toEqual([1, 2, 3]);
  });

  it("searches with umlauts and ß either way", () => {
    expect(ids(filterBranches(branches, { term: "strasse" }))).toEqual([1]);
    expect(ids(filterBranches(branches, { term: "Muenchen" }))).toEqual([1]);
    expect(ids(filterBranches(branches, { term: "groß" }))).toEqual([3]);
    expect(ids(filterBranches(branches, { term: "bäckerei" }))).toEqual([3]);
  });

  it("matches any of several words", () => {
    expect(ids(filterBranches(branches, { term: "Köln, Augsburg" }))).toEqual([2, 3]);
  });

  it("restricts to a tag, then searches", () => {
    expect(ids(filterBranches(branches, { tagId: 2 }))).toEqual([2]);
    expect(ids(filterBranches(branches, { tagId: 2, term: "München" }))).toEqual([]);
    expect(ids(filterBranches(branches, { tagId: 1, term: "München Augsburg" }))).toEqual([1]);
  });

  it("finds nothing in an empty list", () => {
    expect(filterBranches([], { term: "Köln" })).toEqual([]);
  });
});

describe("searchResultText", () => {
  it("counts the hits, or says there are none", () => {
    expect(searchResultText(2, 3)).toBe("2 von 3 Filialen");
    expect(searchResultText(1, 1)).toBe("1 von 1 Filialen");
    expect(searchResultText(0, 3)).toBe("Leider wurden keine Ergebnisse gefunden.");
  });
});
