import { describe, expect, it } from "vitest";
import { bakery, closed, open } from "./opening-hours.fixtures";
import { isOpenAt } from "./opening-hours";
import { PREVIEW_DAYS, openingPreview } from "./opening-preview";

// Monday 2 June 2025, 10:00 in Berlin; the bakery closes on Wednesday 4 June (a `once` rule).
const monday = "2025-06-02T10:00:00+02:00";

describe("openingPreview: the regular week", () => {
  it("lists Monday to Sunday from the weekly rules, without the one-off closure", () => {
    const { week } = openingPreview(bakery, monday);
    expect(week.map((row) => `${row.dayName}: ${row.text}`)).toEqual([
      "Montag: 07:00 – 18:00",
      "Dienstag: 07:00 – 18:00",
      "Mittwoch: 07:00 – 18:00",
      "Donnerstag: 07:00 – 18:00",
      "Freitag: 07:00 – 18:00",
      "Samstag: 07:00 – 12:00",
      "Sonntag: Geschlossen",
    ]);
  });

  it("says 'Geschlossen' for every day without rules", () => {
    const { week, days } = openingPreview([], monday);
    expect(new Set(week.map((row) => row.text))).toEqual(new Set(["Geschlossen"]));
    expect(days.every((day) => day.isClosed && !day.hasSlots)).toBe(true);
  });
});

describe("openingPreview: the next 14 days", () => {
  it("lists 14 dated days from today, with German weekday names", () => {
    const { days } = openingPreview(bakery, monday);
    expect(days).toHaveLength(PREVIEW_DAYS);
    expect(days[0]).toMatchObject({
      date: "2025-06-02",
      dateText: "02.06.2025",
      dayName: "Montag",
      isToday: true,
    });
    expect(days[13]).toMatchObject({ dateText: "15.06.2025", dayName: "Sonntag", isToday: false });
    expect(days.filter((day) => day.isToday)).toHaveLength(1);
  });

  it("marks the one-off closure and offers no order time that day", () => {
    const wednesday = openingPreview(bakery, monday).days[2];
    expect(wednesday).toMatchObject({
      dateText: "04.06.2025",
      isClosed: true,
      text: "Geschlossen",
      exception: "closure",
      hasSlots: false,
    });
  });

  it("does not mark a regular closed Sunday as an exception", () => {
    const sunday = openingPreview(bakery, monday).days[6];
    expect(sunday).toMatchObject({ dayName: "Sonntag", isClosed: true, exception: null });
  });

  it("shows special hours on a regularly closed day as an exception with order times", () => {
    const rules = [...bakery, open("once", "08:00", "11:00", "2025-06-08")];
    const sunday = openingPreview(rules, monday).days[6];
    expect(sunday).toMatchObject({
      text: "08:00 – 11:00",
      isClosed: false,
      exception: "special",
      hasSlots: true,
    });
    // The following Sunday is closed again: a `once` rule names one date.
    expect(openingPreview(rules, monday).days[13]).toMatchObject({
      isClosed: true,
      exception: null,
    });
  });

  it("adds a one-off range to the day's hours, as the storefront does (spec section 4)", () => {
    const rules = [...bakery, open("once", "19:00", "21:00", "2025-06-05")];
    expect(openingPreview(rules, monday).days[3]?.text).toBe("07:00 – 18:00, 19:00 – 21:00");
  });

  it("replaces a day's hours after a one-off closure followed by shorter hours", () => {
    const rules = [
      ...bakery,
      closed("once", "2025-06-06"),
      open("once", "07:00", "12:00", "2025-06-06"),
    ];
    expect(openingPreview(rules, monday).days[4]).toMatchObject({
      text: "07:00 – 12:00",
      exception: "special",
    });
  });

  it("agrees with the shop's open check on every listed range", () => {
    const rules = [...bakery, open("once", "08:00", "11:00", "2025-06-08")];
    const { days } = openingPreview(rules, monday);
    for (const day of days) {
      const opensAt = `${day.date}T${day.text.slice(0, 5)}:00`;
      if (day.isClosed) {
        expect(isOpenAt(rules, `${day.date}T10:00:00`)).toBe(false);
      } else {
        expect(isOpenAt(rules, opensAt)).toBe(true);
      }
    }
  });

  it("offers no order time today once the day's hours are over", () => {
    const evening = openingPreview(bakery, "2025-06-02T19:00:00+02:00").days[0];
    expect(evening).toMatchObject({ isClosed: false, text: "07:00 – 18:00", hasSlots: false });
  });

  it("takes today from the branch's time zone", () => {
    const lateSundayUtc = "2025-06-01T23:30:00Z";
    expect(openingPreview(bakery, lateSundayUtc, "Europe/Berlin").days[0]?.dayName).toBe("Montag");
    expect(openingPreview(bakery, lateSundayUtc, "UTC").days[0]?.dayName).toBe("Sonntag");
  });
});

describe("openingPreview: the state now", () => {
  it("reads like the storefront's toolbar while open", () => {
    const preview = openingPreview(bakery, monday);
    expect(preview.status).toEqual({ tone: "open", label: "Geöffnet bis 18:00" });
    expect(preview.notice).toEqual([]);
  });

  it("joins a night split into two rules at midnight, as decision 034 asks the owner to enter it", () => {
    const rules = [open("friday", "22:00", "00:00"), open("saturday", "00:00", "02:00")];
    const preview = openingPreview(rules, "2025-06-06T23:00:00+02:00");
    expect(preview.status.label).toBe("Geöffnet bis 02:00");
    expect(preview.days.slice(0, 2).map((day) => day.text)).toEqual([
      "22:00 – 00:00",
      "00:00 – 02:00",
    ]);
  });

  it("names the next opening after the one-off closure while closed", () => {
    const preview = openingPreview(bakery, "2025-06-03T19:00:00+02:00");
    expect(preview.status.label).toBe("Geschlossen");
    expect(preview.notice).toEqual([
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder am Donnerstag um 07:00 Uhr.",
    ]);
  });
});
