import { describe, expect, it } from "vitest";
import { bakery, open } from "./opening-hours.fixtures";
import {
  branchStatus,
  closedNotice,
  dayReference,
  deliveryNotice,
  openBranchesSummary,
  weeklyHours,
} from "./opening-display";
import { openingState } from "./opening-hours";

describe("dayReference", () => {
  const monday = "2025-06-02T20:00:00+02:00";

  it("is null for the same day", () => {
    expect(dayReference("2025-06-02T23:00:00+02:00", monday)).toBeNull();
  });

  it("names the weekday within the next six days", () => {
    expect(dayReference("2025-06-03T07:00:00+02:00", monday)).toBe("Dienstag");
    expect(dayReference("2025-06-08T07:00:00+02:00", monday)).toBe("Sonntag");
  });

  it("names the date from the seventh day on", () => {
    expect(dayReference("2025-06-09T07:00:00+02:00", monday)).toBe("09.06.2025");
    expect(dayReference("2025-12-24T08:00:00+01:00", monday)).toBe("24.12.2025");
  });

  it("counts calendar days in Berlin, not 24-hour spans", () => {
    // 23:30 on Saturday to 00:30 on Sunday, across the clock change, is the next day.
    expect(dayReference("2025-03-30T00:30:00+01:00", "2025-03-29T23:30:00+01:00")).toBe("Sonntag");
  });
});

describe("closedNotice", () => {
  const notice = (now: string, options = {}) =>
    closedNotice(openingState(bakery, now), now, options);

  it("is empty while open", () => {
    expect(notice("2025-06-02T10:00:00+02:00")).toEqual([]);
  });

  it("names the time when the branch opens later today", () => {
    expect(notice("2025-06-02T06:00:00+02:00")).toEqual([
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder um 07:00 Uhr.",
    ]);
  });

  it("names the day when the branch opens on another day, with the pre-order sentence", () => {
    expect(notice("2025-06-07T13:00:00+02:00", { isPreorderEnabled: true })).toEqual([
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder am Montag um 07:00 Uhr.",
      "Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.",
    ]);
  });

  it("names the date of an opening a week or more away", () => {
    const rules = [open("once", "08:00", "12:00", "2025-06-16")];
    const now = "2025-06-02T10:00:00+02:00";
    expect(closedNotice(openingState(rules, now), now)).toEqual([
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder am 16.06.2025 um 08:00 Uhr.",
    ]);
  });

  it("shows the closed message without a next opening", () => {
    const now = "2025-06-02T10:00:00+02:00";
    const state = openingState([], now);
    expect(
      closedNotice(state, now, { closedMessage: "Wir machen Betriebsurlaub bis September." }),
    ).toEqual(["Wir machen Betriebsurlaub bis September."]);
    expect(closedNotice(state, now, { closedMessage: "  " })).toEqual([
      "Derzeit haben wir leider geschlossen.",
    ]);
    expect(closedNotice(state, now, { isPreorderEnabled: true })).toEqual([
      "Derzeit haben wir leider geschlossen.",
      "Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.",
    ]);
  });
});

describe("deliveryNotice", () => {
  const deliveryHours = [open("monday", "11:00", "14:00"), open("tuesday", "11:00", "14:00")];
  const notice = (now: string, isDeliveryEnabled = true, rules = deliveryHours) =>
    deliveryNotice(isDeliveryEnabled, openingState(rules, now), now);

  it("is null while delivery is possible", () => {
    expect(notice("2025-06-02T12:00:00+02:00")).toBeNull();
  });

  it("says no delivery is offered when the branch does not deliver", () => {
    expect(notice("2025-06-02T12:00:00+02:00", false)).toBe(
      "Derzeit bieten wir leider keine Lieferung an.",
    );
  });

  it("says no delivery is offered without a next delivery period", () => {
    expect(notice("2025-06-02T12:00:00+02:00", true, [])).toBe(
      "Derzeit bieten wir leider keine Lieferung an.",
    );
  });

  it("names when delivery resumes today or on another day", () => {
    expect(notice("2025-06-02T09:00:00+02:00")).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder ab 11:00 Uhr.",
    );
    expect(notice("2025-06-02T15:00:00+02:00")).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder am Dienstag ab 11:00 Uhr.",
    );
    // Six days ahead still reads as a weekday, seven as a date.
    expect(notice("2025-06-03T15:00:00+02:00")).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder am Montag ab 11:00 Uhr.",
    );
    expect(notice("2025-06-02T15:00:00+02:00", true, [open("monday", "11:00", "14:00")])).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder am 09.06.2025 ab 11:00 Uhr.",
    );
  });
});

describe("branchStatus", () => {
  it("shows the closing time while open", () => {
    expect(branchStatus(openingState(bakery, "2025-06-02T10:00:00+02:00"))).toEqual({
      tone: "open",
      label: "Geöffnet bis 18:00",
    });
  });

  it("warns in the last hour", () => {
    expect(branchStatus(openingState(bakery, "2025-06-02T17:30:00+02:00"))).toEqual({
      tone: "closing-soon",
      label: "Geöffnet bis 18:00",
    });
  });

  it("shows midnight as 00:00", () => {
    const state = openingState([open("friday", "18:00", "00:00")], "2025-06-06T20:00:00+02:00");
    expect(branchStatus(state).label).toBe("Geöffnet bis 00:00");
  });

  it("says Geschlossen while closed", () => {
    expect(branchStatus(openingState(bakery, "2025-06-08T10:00:00+02:00"))).toEqual({
      tone: "closed",
      label: "Geschlossen",
    });
  });
});

describe("openBranchesSummary", () => {
  it("counts the open branches", () => {
    expect(openBranchesSummary([])).toBe("Alle Standorte geschlossen");
    expect(openBranchesSummary([{ isOpen: false }, { isOpen: false }])).toBe(
      "Alle Standorte geschlossen",
    );
    expect(openBranchesSummary([{ isOpen: true }, { isOpen: false }])).toBe("1 Standort geöffnet");
    expect(openBranchesSummary([{ isOpen: true }, { isOpen: true }, { isOpen: true }])).toBe(
      "3 Standorte geöffnet",
    );
  });
});

describe("weeklyHours", () => {
  it("lists Monday to Sunday of the week containing now, once rules included", () => {
    const rows = weeklyHours(bakery, "2025-06-08T23:30:00+02:00");
    expect(rows.map((row) => [row.dayName, row.date, row.text])).toEqual([
      ["Montag", "2025-06-02", "07:00 – 18:00"],
      ["Dienstag", "2025-06-03", "07:00 – 18:00"],
      ["Mittwoch", "2025-06-04", "Geschlossen"],
      ["Donnerstag", "2025-06-05", "07:00 – 18:00"],
      ["Freitag", "2025-06-06", "07:00 – 18:00"],
      ["Samstag", "2025-06-07", "07:00 – 12:00"],
      ["Sonntag", "2025-06-08", "Geschlossen"],
    ]);
    expect(rows[2]).toMatchObject({ weekday: "wednesday", isClosed: true });
  });

  it("leaves out a once rule of another week", () => {
    const rows = weeklyHours(bakery, "2025-06-11T10:00:00+02:00");
    expect(rows[2]).toMatchObject({
      dayName: "Mittwoch",
      date: "2025-06-11",
      text: "07:00 – 18:00",
    });
  });

  it("joins several ranges and tidies stored times", () => {
    const rules = [open("monday", "14:00:00", "18:00:00"), open("monday", "7:00", "12:00")];
    expect(weeklyHours(rules, "2025-06-02T10:00:00+02:00")[0]?.text).toBe(
      "07:00 – 12:00, 14:00 – 18:00",
    );
  });

  it("shows every day closed without rules, in the week of a clock change too", () => {
    const rows = weeklyHours([], "2025-03-30T12:00:00+02:00");
    expect(rows.map((row) => row.date)).toEqual([
      "2025-03-24",
      "2025-03-25",
      "2025-03-26",
      "2025-03-27",
      "2025-03-28",
      "2025-03-29",
      "2025-03-30",
    ]);
    expect(new Set(rows.map((row) => row.text))).toEqual(new Set(["Geschlossen"]));
  });
});
