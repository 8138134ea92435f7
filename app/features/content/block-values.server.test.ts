import { describe, expect, it } from "vitest";
import {
  allLayouts,
  blockKindOf,
  emptyValue,
  MAX_NESTING,
  nestingOf,
  resolveField,
  TOOLBAR_ITEMS,
  type BlockFieldConfig,
} from "./block-fields";
import { applyBlockIntent, listConfigAt, pathOf, readBlockIntent } from "./block-intents";
import { contentTargets, parseBlockContent, valueSchema } from "./block-values.server";
import { deBlocks } from "#app/i18n/de-blocks";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("the block field registry", () => {
  it("applies the spec's defaults and what a field extends", () => {
    expect(resolveField({ type: "textarea" }).rows).toBe(3);
    expect(resolveField({ type: "wysiwyg" }).toolbar).toEqual(TOOLBAR_ITEMS);
    expect(resolveField({ type: "date" })).toMatchObject({
      mode: "dateTime",
      is24hr: true,
      minuteIncrement: 1,
    });
    expect(resolveField({ type: "boolean" })).toMatchObject({
      label: "Checkbox",
      description: "Aktivieren",
      default: false,
    });
    expect(resolveField({ type: "reference" }).targets).toEqual({
      block: true,
      site: true,
      category: true,
      product: true,
    });
    const link = resolveField({ type: "text", extends: "link", label: "Ziel" });
    expect(link).toMatchObject({ type: "text", format: "url", max: 500, label: "Ziel" });
    expect(link.extends).toBeUndefined();
  });

  it("names a block's kind by its identifier", () => {
    expect(blockKindOf("news")).toBe("news");
    expect(blockKindOf("news-popup")).toBe("news-popup");
    expect(blockKindOf("course-brotbackkurs")).toBe("course");
    expect(blockKindOf("course")).toBe("section");
    expect(blockKindOf("sommerfest")).toBe("section");
    expect(blockKindOf(undefined)).toBe("section");
  });

  it("keeps every layout within the nesting limit", () => {
    for (const layout of allLayouts()) {
      expect(nestingOf({ type: "group", layout })).toBeLessThanOrEqual(MAX_NESTING);
    }
    let deep: BlockFieldConfig = { type: "text" };
    for (let level = 0; level < MAX_NESTING + 2; level += 1) {
      deep = { type: "collection", layout: { item: deep } };
    }
    expect(() => valueSchema(deep)).toThrow(/nests deeper/);
  });

  it("validates text, numbers, dates, choices and booleans as forms and JSON send them", () => {
    const number = valueSchema({ type: "number", min: 0, max: 10, decimals: 2 });
    expect(number.parse("2,5")).toBe(2.5);
    expect(number.parse(7)).toBe(7);
    expect(number.parse("")).toBeNull();
    expect(messages(number.safeParse("1,234"))).toEqual(["Höchstens 2 Nachkommastellen."]);
    expect(messages(number.safeParse("11"))).toEqual(["Höchstens 10."]);
    expect(messages(number.safeParse("-1"))).toEqual(["Mindestens 0."]);
    expect(messages(number.safeParse("zwölf"))).toEqual(["Bitte eine Zahl eingeben."]);
    expect(messages(valueSchema({ type: "number" }).safeParse("1,5"))).toEqual([
      "Bitte eine ganze Zahl eingeben.",
    ]);

    const text = valueSchema({ type: "text", required: true, min: 3, max: 10 });
    expect(text.parse("  Brot  ")).toBe("Brot");
    expect(messages(text.safeParse(""))).toEqual(["Bitte ausfüllen."]);
    expect(messages(text.safeParse("ab"))).toEqual(["Mindestens 3 Zeichen."]);
    expect(messages(text.safeParse("x".repeat(11)))).toEqual(["Höchstens 10 Zeichen."]);
    expect(messages(text.safeParse("x".repeat(100_000)))).toEqual(["Höchstens 10 Zeichen."]);
    expect(messages(text.safeParse({ a: 1 }))).toEqual(["Bitte einen Text eingeben."]);
    expect(messages(text.safeParse("<b>x</b>"))).toEqual([
      "Spitze Klammern (< >) sind hier nicht erlaubt.",
    ]);
    const link = valueSchema({ type: "text", extends: "link" });
    expect(link.parse("/store/altstadt")).toBe("/store/altstadt");
    expect(link.parse("https://example.org/a")).toBe("https://example.org/a");
    expect(messages(link.safeParse("javascript:alert(1)"))).toHaveLength(1);
    expect(messages(link.safeParse("//evil.example"))).toHaveLength(1);
    // The shared link rule (issue 35): what a browser would take to another site says so.
    for (const unsafe of ["/\\evil.example/307", "/\t/evil.example", "/ma in", "/a\u0000b"]) {
      expect(messages(link.safeParse(unsafe)), JSON.stringify(unsafe)).toEqual([
        deBlocks.errors.linkUnsafe,
      ]);
    }
    expect(messages(link.safeParse("javascript:alert(1)"))).toEqual([deBlocks.errors.url]);

    expect(valueSchema({ type: "date", mode: "date" }).parse("2026-12-24")).toBe("2026-12-24");
    expect(valueSchema({ type: "date" }).parse("2026-12-24T08:30")).toBe("2026-12-24T08:30");
    expect(messages(valueSchema({ type: "date", mode: "time" }).safeParse("25:00"))).toEqual([
      "Bitte eine gültige Uhrzeit angeben (HH:MM).",
    ]);
    const boolean = valueSchema({ type: "boolean" });
    expect(boolean.parse("on")).toBe(true);
    expect(boolean.parse(undefined)).toBe(false);
    expect(messages(boolean.safeParse("vielleicht"))).toEqual(["Bitte ja oder nein angeben."]);
    const select = valueSchema({ type: "select", options: { a: "A" }, required: true });
    expect(select.parse("a")).toBe("a");
    expect(messages(select.safeParse("b"))).toEqual([
      "Bitte eine der angebotenen Möglichkeiten wählen.",
    ]);
  });

  it("cleans rich text and keeps only what the toolbar makes", () => {
    const wysiwyg = valueSchema({ type: "wysiwyg", required: true });
    expect(wysiwyg.parse('<p onclick="x()">Hallo <script>alert(1)</script><b>Welt</b></p>')).toBe(
      "<p>Hallo <b>Welt</b></p>",
    );
    expect(wysiwyg.parse('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(messages(wysiwyg.safeParse("<script>x</script>"))).toEqual(["Bitte ausfüllen."]);
  });

  it("reads images, references and collections from JSON and from a form alike", () => {
    const image = valueSchema({ type: "image" });
    expect(image.parse({ id: "3", alt: " Brot " })).toEqual({ id: 3, alt: "Brot" });
    expect(image.parse({ id: 3, version: 9, extension: "png", alt: "x" })).toEqual({
      id: 3,
      alt: "x",
    });
    expect(image.parse({ id: "", alt: "" })).toBeNull();
    expect(messages(image.safeParse({ id: "drei" }))).toEqual(["Bitte ein Bild wählen."]);
    const reference = valueSchema({ type: "reference", targets: { site: true } });
    expect(reference.parse("site:4")).toEqual({ type: "site", id: 4 });
    expect(reference.parse({ type: "site", id: 4 })).toEqual({ type: "site", id: 4 });
    expect(messages(reference.safeParse("product:4"))).toEqual([
      "Auf diese Art von Eintrag kann hier nicht verwiesen werden.",
    ]);

    const parsed = parseBlockContent("news", {
      news: [
        {
          type: "news",
          value: {
            title: "Stollen",
            text: "<p>Jetzt</p>",
            image: { id: "5", alt: "" },
            button: { label: "Los", link: "/store/altstadt" },
          },
        },
      ],
      unknown: "wird verworfen",
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      news: [
        {
          type: "news",
          value: {
            title: "Stollen",
            text: "<p>Jetzt</p>",
            image: { id: 5, alt: "" },
            button: { label: "Los", link: "/store/altstadt" },
          },
        },
      ],
    });
    expect(contentTargets("news", parsed.data!).images).toEqual([
      { id: 5, alt: "", field: "content.news[0].value.image" },
    ]);
  });

  it("names the place of every refusal and refuses deep, huge and foreign content", () => {
    const wrong = parseBlockContent("intro", {
      data: [
        { type: "text", value: "Hallo" },
        { type: "image", value: { id: "x" } },
        { type: "script", value: "x" },
        { type: "gallery", value: { label: 5, images: [] } },
      ],
    });
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["data.1.value", "Bitte ein Bild wählen."],
      ["data.2.type", "Unbekannte Art von Eintrag."],
      ["data.3.value.label", "Bitte einen Text eingeben."],
    ]);
    let deep: unknown = "x";
    for (let level = 0; level < 50; level += 1) deep = [{ type: "gallery", value: deep }];
    expect(messages(parseBlockContent("intro", { data: deep }))).toEqual([
      "Die Inhalte sind zu tief verschachtelt (höchstens 5 Ebenen).",
    ]);
    expect(
      messages(
        parseBlockContent("intro", { data: [{ type: "text", value: "x".repeat(300_000) }] }),
      ),
    ).toEqual(["Die Inhalte sind zu umfangreich (höchstens 256 KB)."]);
    expect(messages(parseBlockContent("intro", "kein Objekt"))).toEqual([
      "Der Inhalt passt nicht zu dieser Art von Block.",
    ]);
    expect(messages(parseBlockContent("intro", { data: "kein Array" }))).toEqual([
      "Bitte eine Liste angeben.",
    ]);
    const many = Array.from({ length: 41 }, () => ({ type: "text", value: "x" }));
    expect(messages(parseBlockContent("intro", { data: many }))).toEqual([
      "Höchstens 40 Einträge.",
    ]);
  });
});

describe("the block editor's list buttons", () => {
  it("reads the buttons' values and finds the list they name", () => {
    expect(readBlockIntent("block:add:content.data:gallery")).toEqual({
      list: "content.data",
      change: { kind: "add", itemType: "gallery" },
    });
    expect(readBlockIntent("block:up:content.data[2].value.images:1")).toEqual({
      list: "content.data[2].value.images",
      change: { kind: "up", index: 1 },
    });
    expect(readBlockIntent("block:up:__proto__:1")).toBeNull();
    expect(pathOf("content.data[2].value.images")).toEqual(["data", 2, "value", "images"]);
    const config = listConfigAt("gallery", ["data", 0, "value", "images"], (name) =>
      name === "content.data[0].type" ? "gallery" : null,
    );
    expect(config?.type).toBe("images");
    expect(listConfigAt("gallery", ["data", 0, "value", "images"], () => "text")).toBeNull();
  });

  it("turns a pressed button into conform's list intent and keeps the rest of the form", () => {
    const form = new FormData();
    form.append("identifier", "news");
    form.append("content.news[0].type", "news");
    form.append("content.news[0].value.title", "A");
    form.append("intent", "block:add:content.news:news");
    const changed = applyBlockIntent(form);
    expect(changed.get("intent")).toBeNull();
    expect(changed.get("content.news[0].value.title")).toBe("A");
    const intent = JSON.parse(String(changed.get("__intent__")));
    expect(intent).toMatchObject({ type: "insert", payload: { name: "content.news" } });
    expect(intent.payload.defaultValue.type).toBe("news");
    expect(emptyValue({ type: "boolean" })).toBe(false);
    const untouched = new FormData();
    untouched.append("identifier", "news");
    expect(applyBlockIntent(untouched)).toBe(untouched);
  });
});
