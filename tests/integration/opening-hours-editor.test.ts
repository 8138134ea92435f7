import { parseWithZod } from "@conform-to/zod/v4";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  OpeningHoursEditor,
  type HoursRowValue,
} from "#app/components/backend/opening-hours-editor";
import { applyHoursIntent, readHoursIntent } from "#app/features/branches/opening-hours-intent";
import { openingRulesSchema } from "#app/features/branches/opening-rules.schema";

/**
 * The editor without JavaScript, end to end but for the browser: the page renders the editor,
 * the "browser" posts what the HTML holds plus the pressed button, the action runs
 * `applyHoursIntent` and conform, and the page renders the reply again.
 */

const schema = z.object({
  name: z.string(),
  openingHours: openingRulesSchema,
  deliveryHours: openingRulesSchema,
});

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
}

/** The opening tag of the control named `name`. */
function tagNamed(html: string, name: string): string {
  for (const match of html.matchAll(/<(?:input|select)\b[^>]*>/g)) {
    if (attribute(match[0], "name") === name) return match[0];
  }
  throw new Error(`no control named ${name}`);
}

/** What a browser posts for the controls in `html` (successful controls only). */
function controlsOf(html: string): [string, string][] {
  const entries: [string, string][] = [];
  for (const match of html.matchAll(/<(input|select)\b[^>]*>/g)) {
    const tag = match[0];
    const name = attribute(tag, "name");
    if (!name) continue;
    if (match[1] === "select") {
      const options = html.slice(
        (match.index ?? 0) + tag.length,
        html.indexOf("</select>", match.index),
      );
      const chosen =
        /<option value="([^"]*)" selected=""/.exec(options) ??
        /<option value="([^"]*)"/.exec(options);
      entries.push([name, decode(chosen?.[1] ?? "")]);
    } else if (attribute(tag, "type") === "checkbox") {
      if (/\schecked=""/.test(tag)) entries.push([name, attribute(tag, "value") ?? "on"]);
    } else {
      entries.push([name, attribute(tag, "value") ?? ""]);
    }
  }
  return entries;
}

function render(lists: { openingHours: unknown; deliveryHours?: unknown }) {
  return ["openingHours", "deliveryHours"]
    .map((name) =>
      renderToString(
        createElement(OpeningHoursEditor, {
          name,
          legend: name,
          rules: (lists[name as keyof typeof lists] ?? []) as HoursRowValue[],
        }),
      ),
    )
    .join("");
}

/** Posts the page with the button `pressed`, as a browser would, through the page's action. */
function submit(html: string, pressed: string, extra: [string, string][] = []) {
  const form = new FormData();
  form.append("name", "Filiale Mitte");
  for (const [name, value] of [...extra, ...controlsOf(html)]) form.append(name, value);
  expect(html, `the page has no button ${pressed}`).toContain(`value="${pressed}"`);
  form.append("intent", pressed);
  const prepared = applyHoursIntent(form, ["openingHours", "deliveryHours"]);
  return { prepared, submission: parseWithZod(prepared, { schema }) };
}

const stored = {
  openingHours: [
    { type: "daily", date: null, isClosed: false, from: "07:00", to: "18:00" },
    { type: "sunday", date: null, isClosed: true, from: null, to: null },
    { type: "once", date: "2026-12-24", isClosed: false, from: "07:00", to: "12:00" },
  ],
  deliveryHours: [{ type: "saturday", date: null, isClosed: false, from: "09:00", to: "11:00" }],
};

function rowsAfter(submission: ReturnType<typeof submit>["submission"], name: string) {
  const reply = submission.reply();
  return { reply, rows: (reply.initialValue?.[name] ?? []) as Record<string, string>[] };
}

describe("applyHoursIntent without JavaScript", () => {
  it("adds an empty row, keeps everything typed, saves nothing and shows no errors", () => {
    const { submission } = submit(render(stored), "openingHours-add");
    expect(submission.status).toBeUndefined();
    const { reply, rows } = rowsAfter(submission, "openingHours");
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual({ type: "daily" });
    expect(rows[2]).toMatchObject({ type: "once", date: "2026-12-24", from: "07:00", to: "12:00" });
    expect(reply.initialValue?.name).toBe("Filiale Mitte");
    expect(reply.status).toBeUndefined();
    // Rendered again from the reply, the page shows four rows with the values typed.
    const again = render({ openingHours: rows, deliveryHours: reply.initialValue?.deliveryHours });
    expect(again).toContain('name="openingHours[3].type"');
    expect(attribute(tagNamed(again, "openingHours[2].date"), "value")).toBe("2026-12-24");
    expect(tagNamed(again, "openingHours[1].isClosed")).toContain('checked=""');
  });

  it("removes the pressed row and moves the later ones up", () => {
    const { submission } = submit(render(stored), "openingHours-remove-0");
    expect(submission.status).toBeUndefined();
    const { rows } = rowsAfter(submission, "openingHours");
    expect(rows.map((row) => row.type)).toEqual(["sunday", "once"]);
    expect(rowsAfter(submission, "deliveryHours").rows).toHaveLength(1);
  });

  it("moves a row up, because rules apply in order", () => {
    const { submission } = submit(render(stored), "openingHours-up-1");
    expect(rowsAfter(submission, "openingHours").rows.map((row) => row.type)).toEqual([
      "sunday",
      "daily",
      "once",
    ]);
  });

  it("changes only the list whose button was pressed", () => {
    const { submission } = submit(render(stored), "deliveryHours-remove-0");
    expect(rowsAfter(submission, "deliveryHours").rows).toEqual([]);
    expect(rowsAfter(submission, "openingHours").rows).toHaveLength(3);
  });

  it("finds the pressed button beside the page's hidden intent=save, and keeps that", () => {
    const { prepared, submission } = submit(render(stored), "openingHours-add", [
      ["intent", "save"],
    ]);
    expect(submission.status).toBeUndefined();
    expect(prepared.getAll("intent")).toEqual(["save"]);
  });

  it("leaves a real submit alone, which then validates and saves", () => {
    const form = new FormData();
    form.append("name", "Filiale Mitte");
    for (const [name, value] of controlsOf(render(stored))) form.append(name, value);
    form.append("intent", "save");
    expect(readHoursIntent(form, ["openingHours", "deliveryHours"])).toBeNull();
    expect(applyHoursIntent(form, ["openingHours", "deliveryHours"])).toBe(form);
    const submission = parseWithZod(form, { schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.openingHours).toEqual(
      stored.openingHours,
    );
  });

  it("reports the errors of a real submit by field name, for the editor to show", () => {
    const html = render({ openingHours: [{ type: "once", from: "18:00", to: "07:00" }] });
    const form = new FormData();
    form.append("name", "Filiale Mitte");
    for (const [name, value] of controlsOf(html)) form.append(name, value);
    const reply = parseWithZod(applyHoursIntent(form), { schema }).reply();
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({
      "openingHours[0].date": ["Bitte geben Sie für eine einmalige Regel ein Datum an."],
      "openingHours[0].to": ["Die Endzeit muss nach der Startzeit liegen."],
    });
    const shown = renderToString(
      createElement(OpeningHoursEditor, {
        name: "openingHours",
        legend: "Öffnungszeiten",
        rules: reply.initialValue?.openingHours as HoursRowValue[],
        errors: reply.error,
      }),
    );
    expect(shown).toContain("Die Endzeit muss nach der Startzeit liegen.");
    const to = tagNamed(shown, "openingHours[0].to");
    expect(attribute(to, "value")).toBe("07:00");
    expect(attribute(to, "aria-invalid")).toBe("true");
  });

  it("saves nothing for forged buttons: a row not there, moving the first row, adding at 100", () => {
    const tooFar = new FormData();
    for (const [name, value] of controlsOf(render(stored))) tooFar.append(name, value);
    tooFar.append("name", "x");
    tooFar.append("intent", "openingHours-remove-999999999");
    const far = parseWithZod(applyHoursIntent(tooFar, ["openingHours"]), { schema });
    expect(far.status).toBeUndefined();
    expect(rowsAfter(far, "openingHours").rows).toHaveLength(3);

    const first = new FormData();
    for (const [name, value] of controlsOf(render(stored))) first.append(name, value);
    first.append("intent", "openingHours-up-0");
    const up = parseWithZod(applyHoursIntent(first, ["openingHours"]), { schema });
    expect(rowsAfter(up, "openingHours").rows.map((row) => row.type)).toEqual([
      "daily",
      "sunday",
      "once",
    ]);

    const full = Array.from({ length: 100 }, () => stored.openingHours[0]);
    const many = new FormData();
    for (const [name, value] of controlsOf(render({ openingHours: full })))
      many.append(name, value);
    many.append("intent", "openingHours-add");
    const add = parseWithZod(applyHoursIntent(many, ["openingHours"]), { schema });
    expect(add.status).toBeUndefined();
    expect(rowsAfter(add, "openingHours").rows).toHaveLength(100);
  });

  it("does not take another page's intent or an unknown list for its own", () => {
    const form = new FormData();
    form.append("intent", "tables-add");
    form.append("intent", "openingHours-delete-1");
    expect(readHoursIntent(form, ["openingHours"])).toBeNull();
    expect(applyHoursIntent(form, ["openingHours"])).toBe(form);
  });
});
