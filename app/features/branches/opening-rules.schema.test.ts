import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  MAX_OPENING_RULES,
  openingRuleSchema,
  openingRulesSchema,
  toDomainRule,
} from "./opening-rules.schema";

const formSchema = z.object({ hours: openingRulesSchema });

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

function formErrors(entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema: formSchema });
  expect(submission.status).toBe("error");
  return submission.reply().error;
}

describe("openingRulesSchema from the form (conform names)", () => {
  it("reads rows as the editor posts them, blank fields as null", () => {
    const submission = parseWithZod(
      form({
        "hours[0].type": "daily",
        "hours[0].date": "",
        "hours[0].from": "07:00",
        "hours[0].to": "18:00",
        "hours[1].type": "once",
        "hours[1].date": "2026-12-24",
        "hours[1].isClosed": "on",
        "hours[1].from": "",
        "hours[1].to": "",
      }),
      { schema: formSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.hours).toEqual([
      { type: "daily", date: null, isClosed: false, from: "07:00", to: "18:00" },
      { type: "once", date: "2026-12-24", isClosed: true, from: null, to: null },
    ]);
  });

  it("reads a form without rows as no rules", () => {
    const submission = parseWithZod(form({}), { schema: formSchema });
    expect(submission.status === "success" && submission.value.hours).toEqual([]);
  });

  it("puts the German message beside the field: to before from, missing date", () => {
    expect(
      formErrors({
        "hours[0].type": "once",
        "hours[0].date": "",
        "hours[0].from": "18:00",
        "hours[0].to": "07:00",
      }),
    ).toEqual({
      "hours[0].date": ["Bitte geben Sie für eine einmalige Regel ein Datum an."],
      "hours[0].to": ["Die Endzeit muss nach der Startzeit liegen."],
    });
  });

  it("names bad clock times, missing times and impossible dates", () => {
    expect(
      formErrors({
        "hours[0].type": "monday",
        "hours[0].from": "25:00",
        "hours[0].to": "7 Uhr",
        "hours[1].type": "once",
        "hours[1].date": "2026-02-30",
        "hours[1].from": "",
        "hours[1].to": "",
      }),
    ).toEqual({
      "hours[0].from": ["Ungültige Uhrzeit."],
      "hours[0].to": ["Ungültige Uhrzeit."],
      "hours[1].date": ["Ungültiges Datum."],
      "hours[1].from": ["Bitte geben Sie eine Startzeit an."],
      "hours[1].to": ["Bitte geben Sie eine Endzeit an."],
    });
  });

  it("refuses an unknown rule type and a checkbox value that is not one", () => {
    expect(formErrors({ "hours[0].type": "holiday", "hours[0].isClosed": "vielleicht" })).toEqual({
      "hours[0].type": ["Bitte wählen Sie, für welchen Tag die Regel gilt."],
      "hours[0].isClosed": ["Bitte geben Sie bei „Geschlossen“ ja oder nein an."],
    });
  });

  it("answers a huge index with one message for the list, not one per missing row", () => {
    const errors = formErrors({ "hours[99999].type": "daily" });
    expect(errors).toEqual({ hours: ["Bitte legen Sie höchstens 100 Regeln an."] });
  });
});

describe("openingRulesSchema from JSON", () => {
  const daily = { type: "daily", isClosed: false, from: "07:00", to: "18:00" };

  it("accepts the spec's shape and drops what the rule type does not use", () => {
    const parsed = openingRulesSchema.parse([
      { ...daily, date: "2026-12-24" },
      { type: "sunday", isClosed: true, from: "10:00", to: "09:00" },
    ]);
    expect(parsed).toEqual([
      { type: "daily", date: null, isClosed: false, from: "07:00", to: "18:00" },
      { type: "sunday", date: null, isClosed: true, from: null, to: null },
    ]);
  });

  it("reads 00:00 and 24:00 as midnight at the end of the day", () => {
    expect(openingRulesSchema.parse([{ ...daily, from: "18:00", to: "24:00" }])[0]?.to).toBe(
      "00:00",
    );
    expect(openingRuleSchema.parse({ ...daily, from: "00:00", to: "00:00" }).to).toBe("00:00");
  });

  it("refuses equal times other than the whole day, and ranges past midnight", () => {
    for (const [from, to] of [
      ["08:00", "08:00"],
      ["22:00", "02:00"],
    ]) {
      const result = openingRuleSchema.safeParse({ ...daily, from, to });
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["to", "Die Endzeit muss nach der Startzeit liegen."],
      ]);
    }
  });

  it(`allows ${MAX_OPENING_RULES} rules and refuses one more`, () => {
    const rules = Array.from({ length: MAX_OPENING_RULES }, () => daily);
    expect(openingRulesSchema.safeParse(rules).success).toBe(true);
    const result = openingRulesSchema.safeParse([...rules, daily]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Bitte legen Sie höchstens 100 Regeln an.",
    ]);
  });

  it("refuses what is not a list of rules, with a German message", () => {
    expect(openingRulesSchema.safeParse("daily").error?.issues[0]?.message).toBe(
      "Bitte geben Sie die Regeln als Liste an.",
    );
    expect(openingRulesSchema.safeParse([42]).error?.issues[0]).toMatchObject({
      path: [0],
      message: "Bitte geben Sie jede Regel mit Tag, Zeiten und „Geschlossen“ an.",
    });
    expect(
      openingRulesSchema.safeParse([{ ...daily, isClosed: "yes" }]).error?.issues[0]?.path,
    ).toEqual([0, "isClosed"]);
  });

  it("does not echo a 100 KB value back in its message", () => {
    const result = openingRuleSchema.safeParse({ ...daily, from: "1".repeat(100_000) });
    expect(result.error?.issues[0]?.message).toBe("Ungültige Uhrzeit.");
  });
});

describe("toDomainRule", () => {
  it("gives a closed rule the times the domain ignores", () => {
    expect(
      toDomainRule({ type: "once", date: "2026-12-24", isClosed: true, from: null, to: null }),
    ).toEqual({ type: "once", date: "2026-12-24", isClosed: true, from: "00:00", to: "00:00" });
  });
});
