import { describe, expect, it } from "vitest";
import {
  availableFirst,
  cleanMenuSearch,
  filterMenu,
  leadTimeText,
  matchesMenuSearch,
} from "./menu-listing";
import { searchWords } from "./search";

const row = (name: string, isAvailable = true, description: string | null = null) => ({
  name,
  description,
  isAvailable,
});

describe("availableFirst", () => {
  it("puts the unavailable products behind the available ones, keeping the menu's order", () => {
    const [section] = availableFirst([
      { id: 1, products: [row("A", false), row("B"), row("C", false), row("D")] },
    ]);
    expect(section!.products.map((p) => p.name)).toEqual(["B", "D", "A", "C"]);
  });

  it("moves a category with nothing orderable now behind the others", () => {
    const sections = availableFirst([
      { id: 1, products: [row("Frühstück", false)] },
      { id: 2, products: [row("Brötchen")] },
      { id: 3, products: [row("Brot"), row("Altbrot", false)] },
    ]);
    expect(sections.map((section) => section.id)).toEqual([2, 3, 1]);
  });

  it("leaves a menu that is all available as it is", () => {
    const sections = [{ id: 1, products: [row("A"), row("B")] }];
    expect(availableFirst(sections)[0]).toBe(sections[0]);
  });
});

describe("the menu search", () => {
  const menu = [
    {
      id: 1,
      products: [
        row("Weizenbrötchen", true, "Der Klassiker mit knuspriger Kruste."),
        row("Croissant", true, "Mit französischer Butter."),
      ],
    },
    { id: 2, products: [row("Bauernbrot", true, "Roggenmischbrot, vegan.")] },
  ];
  const names = (term: string) =>
    filterMenu(menu, term).flatMap((section) => section.products.map((p) => p.name));

  it("finds by name and by description, ignoring case, umlauts and accents", () => {
    expect(names("BRÖTCHEN")).toEqual(["Weizenbrötchen"]);
    expect(names("brotchen")).toEqual(["Weizenbrötchen"]);
    expect(names("broetchen")).toEqual(["Weizenbrötchen"]);
    expect(names("franzosischer")).toEqual(["Croissant"]);
    expect(names("vegan")).toEqual(["Bauernbrot"]);
  });

  it("needs every word to match", () => {
    expect(names("brot vegan")).toEqual(["Bauernbrot"]);
    expect(names("kruste vegan")).toEqual([]);
  });

  it("drops categories left empty and keeps everything for an empty term", () => {
    expect(filterMenu(menu, "croissant").map((section) => section.id)).toEqual([1]);
    expect(filterMenu(menu, "   ")).toEqual(menu);
  });

  it("cleans what the address carries: control characters out, 100 characters at most", () => {
    expect(cleanMenuSearch("a\u0000b\ud800")).toBe("a b");
    expect(cleanMenuSearch("x".repeat(500))).toHaveLength(100);
    expect(cleanMenuSearch(null)).toBe("");
    expect(matchesMenuSearch(row("Brot"), searchWords(""))).toBe(true);
  });
});

describe("leadTimeText", () => {
  it("names the lead time in German, singular and plural", () => {
    const lead = (value: number, type: "minutes" | "hours" | "days" | "weeks") =>
      leadTimeText({ isLeadTimeEnabled: true, leadTimeType: type, leadTimeValue: value });
    expect(lead(2, "days")).toBe("Vorlaufzeit: 2 Tage");
    expect(lead(1, "days")).toBe("Vorlaufzeit: 1 Tag");
    expect(lead(12, "hours")).toBe("Vorlaufzeit: 12 Stunden");
    expect(lead(1, "weeks")).toBe("Vorlaufzeit: 1 Woche");
    expect(lead(30, "minutes")).toBe("Vorlaufzeit: 30 Minuten");
  });

  it("is null without a lead time", () => {
    expect(
      leadTimeText({ isLeadTimeEnabled: false, leadTimeType: "days", leadTimeValue: 2 }),
    ).toBeNull();
    expect(
      leadTimeText({ isLeadTimeEnabled: true, leadTimeType: "days", leadTimeValue: 0 }),
    ).toBeNull();
  });
});
