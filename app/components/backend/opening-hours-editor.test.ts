import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bakery } from "#app/domain/opening-hours.fixtures";
import { openingPreview } from "#app/domain/opening-preview";
import {
  OpeningHoursEditor,
  OpeningPreview,
  type HoursErrors,
  type HoursRowValue,
} from "./opening-hours-editor";

function editor(rules: HoursRowValue[], options: { name?: string; errors?: HoursErrors } = {}) {
  return renderToString(
    createElement(OpeningHoursEditor, { legend: "Öffnungszeiten", rules, ...options }),
  );
}

/** The opening tag of the element with this `name` attribute. */
function tagNamed(html: string, name: string): string {
  const tag = new RegExp(`<(?:input|select)[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`);
  const found = tag.exec(html)?.[0];
  expect(found, `no control named ${name}`).toBeDefined();
  return found ?? "";
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The text of the label whose `for` is `id`. */
function labelFor(html: string, id: string): string | undefined {
  return new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];
}

const rules: HoursRowValue[] = [
  { type: "daily", isClosed: false, from: "07:00", to: "18:00", date: null },
  { type: "once", date: "2026-12-24", isClosed: "on", from: "", to: "" },
];

describe("OpeningHoursEditor", () => {
  it("posts every field under the conform names the schema reads", () => {
    const html = editor(rules);
    expect(attribute(tagNamed(html, "hours[0].from"), "value")).toBe("07:00");
    expect(attribute(tagNamed(html, "hours[0].to"), "value")).toBe("18:00");
    expect(attribute(tagNamed(html, "hours[1].date"), "value")).toBe("2026-12-24");
    expect(attribute(tagNamed(html, "hours[0].date"), "type")).toBe("date");
    expect(attribute(tagNamed(html, "hours[0].from"), "type")).toBe("time");
    expect(tagNamed(html, "hours[1].isClosed")).toContain("checked");
    expect(tagNamed(html, "hours[0].isClosed")).not.toContain("checked");
    expect(attribute(tagNamed(html, "hours[0].isClosed"), "value")).toBe("on");
    expect(html).toMatch(/<option value="once" selected="">Einmalig<\/option>/);
  });

  it("labels every control, in German", () => {
    const html = editor(rules);
    const labels = [...html.matchAll(/<(?:input|select)[^>]*\sid="([^"]+)"/g)].map((match) =>
      labelFor(html, match[1] ?? ""),
    );
    expect(labels).toEqual([
      "Tag",
      "Datum (nur bei „Einmalig“)",
      "Von",
      "Bis",
      "Geschlossen",
      "Tag",
      "Datum (nur bei „Einmalig“)",
      "Von",
      "Bis",
      "Geschlossen",
    ]);
    expect(html).toContain("<legend");
    expect(html).toContain("Öffnungszeiten");
    for (const type of ["Einmalig", "Täglich", "Montag", "Sonntag"]) {
      expect(html).toContain(`>${type}</option>`);
    }
  });

  it("renders add, move and remove as submit buttons with intents and unique names", () => {
    const html = editor(rules);
    const buttons = [...html.matchAll(/<button[^>]*>[^<]*<\/button>/g)].map((match) => ({
      intent: attribute(match[0], "value"),
      label: attribute(match[0], "aria-label") ?? /> ?([^<]*)<\/button>/.exec(match[0])?.[1],
      type: attribute(match[0], "type"),
      name: attribute(match[0], "name"),
    }));
    expect(buttons).toEqual([
      { intent: "hours-remove-0", label: "Regel 1 entfernen", type: "submit", name: "intent" },
      {
        intent: "hours-up-1",
        label: "Regel 2 nach oben verschieben",
        type: "submit",
        name: "intent",
      },
      { intent: "hours-remove-1", label: "Regel 2 entfernen", type: "submit", name: "intent" },
      { intent: "hours-add", label: "Regel hinzufügen", type: "submit", name: "intent" },
    ]);
  });

  it("uses the given list name for fields and intents", () => {
    const html = editor(rules, { name: "deliveryHours" });
    tagNamed(html, "deliveryHours[1].type");
    expect(html).toContain('value="deliveryHours-add"');
    expect(html).not.toContain('name="hours[');
  });

  it("shows each message beside its field and ties it to the control", () => {
    const html = editor(rules, {
      errors: {
        "hours[0].to": ["Die Endzeit muss nach der Startzeit liegen."],
        hours: ["Bitte legen Sie höchstens 100 Regeln an."],
      },
    });
    const to = tagNamed(html, "hours[0].to");
    expect(attribute(to, "aria-invalid")).toBe("true");
    const describedBy = attribute(to, "aria-describedby") ?? "";
    expect(html).toContain(
      `<p id="${describedBy}" class="hours-error">Die Endzeit muss nach der Startzeit liegen.</p>`,
    );
    expect(attribute(tagNamed(html, "hours[0].from"), "aria-invalid")).toBeUndefined();
    expect(html).toContain("Bitte legen Sie höchstens 100 Regeln an.");
  });

  it("says that a list without rules keeps every day closed", () => {
    const html = editor([]);
    expect(html).toContain("Noch keine Regeln – jeder Tag ist geschlossen.");
    expect(html).toContain('value="hours-add"');
  });

  it("disables adding at 100 rules", () => {
    const many = Array.from({ length: 100 }, () => rules[0] as HoursRowValue);
    const add = /<button[^>]*value="hours-add"[^>]*>/.exec(editor(many))?.[0] ?? "";
    expect(add).toContain("disabled");
    expect(/<button[^>]*value="hours-add"[^>]*>/.exec(editor(rules))?.[0]).not.toContain(
      "disabled",
    );
  });

  it("fills time fields from stored values a time input cannot show", () => {
    const html = editor([{ type: "daily", isClosed: false, from: "08:00:00", to: "24:00" }]);
    expect(attribute(tagNamed(html, "hours[0].from"), "value")).toBe("08:00");
    expect(attribute(tagNamed(html, "hours[0].to"), "value")).toBe("00:00");
  });

  it("escapes what it is given", () => {
    const html = editor([{ type: "daily", from: '"><script>alert(1)</script>' }]);
    expect(html).not.toContain("<script>");
  });
});

describe("OpeningPreview", () => {
  const html = renderToString(
    createElement(OpeningPreview, {
      preview: openingPreview(bakery, "2025-06-02T10:00:00+02:00"),
    }),
  );

  it("shows the status now, the regular week and 14 dated days", () => {
    expect(html).toContain("Geöffnet bis 18:00");
    expect(html).toContain("<caption>Regelmäßige Woche</caption>");
    expect(html).toContain("<caption>Die nächsten 14 Tage</caption>");
    const rows = [...html.matchAll(/<tr[^>]*><th scope="row">/g)];
    expect(rows).toHaveLength(7 + 14);
    expect(html).toMatch(/Montag \(heute\)<\/span> <span class="hours-date">02\.06\.2025<\/span>/);
  });

  it("marks the one-off closure", () => {
    expect(html).toMatch(
      /04\.06\.2025<\/span><\/th><td>Geschlossen<span class="hours-badge hours-badge-closure">Schließtag<\/span>/,
    );
  });
});
