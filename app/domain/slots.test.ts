import { describe, expect, it } from "vitest";
import { bakery, open } from "./opening-hours.fixtures";
import { hoursFor } from "./opening-hours";
import {
  SLOT_HORIZON_DAYS,
  TIME_PICKER_HOUR_STEP,
  TIME_PICKER_MINUTE_STEP,
  appointmentDays,
  appointmentTimes,
  checkAppointment,
  earliestAppointment,
  firstAppointment,
  planAppointments,
  readyAfterLeadTime,
  roundUpToMinutes,
  sharedAppointmentPlan,
  type LeadTime,
} from "./slots";
import { inZone } from "./time";

const allDay = [open("daily", "00:00", "00:00")];
const MONDAY_0902 = "2025-06-02T09:02:00+02:00";

describe("constants", () => {
  it("match the specification", () => {
    expect(SLOT_HORIZON_DAYS).toBe(180);
    expect(TIME_PICKER_MINUTE_STEP).toBe(5);
    expect(TIME_PICKER_HOUR_STEP).toBe(1);
  });
});

describe("readyAfterLeadTime", () => {
  const now = "2025-03-29T10:00:00+01:00";
  const ready = (leadTimeType: "minutes" | "hours" | "days" | "weeks", leadTimeValue: number) =>
    readyAfterLeadTime(now, { isLeadTimeEnabled: true, leadTimeType, leadTimeValue }).toISO();

  it("adds minutes and hours as durations", () => {
    expect(ready("minutes", 90)).toBe("2025-03-29T11:30:00.000+01:00");
    // 24 hours after 10:00 on the day before the clocks go forward is 11:00.
    expect(ready("hours", 24)).toBe("2025-03-30T11:00:00.000+02:00");
  });

  it("adds days and weeks as calendar days", () => {
    expect(ready("days", 1)).toBe("2025-03-30T10:00:00.000+02:00");
    expect(ready("weeks", 2)).toBe("2025-04-12T10:00:00.000+02:00");
  });

  it("ignores a disabled, empty or zero lead time", () => {
    const start = "2025-03-29T10:00:00.000+01:00";
    expect(
      readyAfterLeadTime(now, {
        isLeadTimeEnabled: false,
        leadTimeType: "days",
        leadTimeValue: 3,
      }).toISO(),
    ).toBe(start);
    expect(
      readyAfterLeadTime(now, {
        isLeadTimeEnabled: true,
        leadTimeType: null,
        leadTimeValue: 3,
      }).toISO(),
    ).toBe(start);
    expect(
      readyAfterLeadTime(now, {
        isLeadTimeEnabled: true,
        leadTimeType: "days",
        leadTimeValue: 0,
      }).toISO(),
    ).toBe(start);
    expect(readyAfterLeadTime(now, {}).toISO()).toBe(start);
    const unknownType = { isLeadTimeEnabled: true, leadTimeType: "months", leadTimeValue: 1 };
    expect(readyAfterLeadTime(now, unknownType as unknown as LeadTime).toISO()).toBe(start);
  });
});

describe("roundUpToMinutes", () => {
  const round = (iso: string) => roundUpToMinutes(inZone(iso), 5).toISO();

  it("rounds up to the next 5 minutes and keeps full 5 minutes", () => {
    expect(round("2025-06-02T09:02:00+02:00")).toBe("2025-06-02T09:05:00.000+02:00");
    expect(round("2025-06-02T09:05:00+02:00")).toBe("2025-06-02T09:05:00.000+02:00");
    expect(round("2025-06-02T09:05:01+02:00")).toBe("2025-06-02T09:10:00.000+02:00");
  });

  it("rounds into the next day", () => {
    expect(round("2025-06-02T23:58:00+02:00")).toBe("2025-06-03T00:00:00.000+02:00");
  });
});

describe("earliestAppointment", () => {
  it("is now, rounded up, without lead times", () => {
    expect(earliestAppointment(MONDAY_0902, []).toISO()).toBe("2025-06-02T09:05:00.000+02:00");
  });

  it("takes the longest enabled lead time among the products", () => {
    const earliest = earliestAppointment(MONDAY_0902, [
      { isLeadTimeEnabled: true, leadTimeType: "minutes", leadTimeValue: 30 },
      { isLeadTimeEnabled: true, leadTimeType: "hours", leadTimeValue: 2 },
      { isLeadTimeEnabled: false, leadTimeType: "days", leadTimeValue: 5 },
    ]);
    expect(earliest.toISO()).toBe("2025-06-02T11:05:00.000+02:00");
  });
});

describe("planAppointments", () => {
  it("lists one slot per open period from the earliest time", () => {
    const plan = planAppointments({ rules: bakery, now: MONDAY_0902, horizonDays: 7 });
    expect(plan.earliest).toBe("2025-06-02T09:05:00.000+02:00");
    expect(plan.latest).toBe("2025-06-10T00:00:00.000+02:00");
    expect(plan.horizonDays).toBe(7);
    expect(plan.slots).toEqual([
      { start: "2025-06-02T09:05:00.000+02:00", end: "2025-06-02T18:00:00.000+02:00" },
      { start: "2025-06-03T07:00:00.000+02:00", end: "2025-06-03T18:00:00.000+02:00" },
      { start: "2025-06-05T07:00:00.000+02:00", end: "2025-06-05T18:00:00.000+02:00" },
      { start: "2025-06-06T07:00:00.000+02:00", end: "2025-06-06T18:00:00.000+02:00" },
      { start: "2025-06-07T07:00:00.000+02:00", end: "2025-06-07T12:00:00.000+02:00" },
      { start: "2025-06-09T07:00:00.000+02:00", end: "2025-06-09T18:00:00.000+02:00" },
    ]);
  });

  it("looks 180 days ahead by default", () => {
    const plan = planAppointments({ rules: bakery, now: MONDAY_0902 });
    expect(plan.latest).toBe("2025-11-30T00:00:00.000+01:00");
    expect(plan.slots.at(-1)?.start).toBe("2025-11-29T07:00:00.000+01:00");
  });

  it("starts after the lead time", () => {
    const plan = planAppointments({
      rules: bakery,
      now: "2025-06-07T10:00:00+02:00",
      leadTimes: [{ isLeadTimeEnabled: true, leadTimeType: "days", leadTimeValue: 1 }],
      horizonDays: 3,
    });
    expect(plan.earliest).toBe("2025-06-08T10:00:00.000+02:00");
    expect(plan.slots[0]?.start).toBe("2025-06-09T07:00:00.000+02:00");
  });

  it("keeps a period that is already running", () => {
    const plan = planAppointments({
      rules: [open("sunday", "22:00", "02:00")],
      now: "2025-06-09T00:31:00+02:00",
      horizonDays: 0,
    });
    expect(plan.slots).toEqual([
      { start: "2025-06-09T00:35:00.000+02:00", end: "2025-06-09T02:00:00.000+02:00" },
    ]);
  });

  it("has no slots without hours or when the lead time passes the horizon", () => {
    expect(planAppointments({ rules: [], now: MONDAY_0902 }).slots).toEqual([]);
    const plan = planAppointments({
      rules: bakery,
      now: MONDAY_0902,
      leadTimes: [{ isLeadTimeEnabled: true, leadTimeType: "weeks", leadTimeValue: 30 }],
    });
    expect(plan.slots).toEqual([]);
  });

  it("drops today's slot when the earliest time reaches closing time", () => {
    const plan = planAppointments({
      rules: bakery,
      now: "2025-06-02T17:58:00+02:00",
      horizonDays: 1,
    });
    expect(plan.slots).toEqual([
      { start: "2025-06-03T07:00:00.000+02:00", end: "2025-06-03T18:00:00.000+02:00" },
    ]);
  });
});

describe("sharedAppointmentPlan", () => {
  const rules = bakery;
  const twoHours: LeadTime = { isLeadTimeEnabled: true, leadTimeType: "hours", leadTimeValue: 2 };

  it("is the plan planAppointments makes, shared while its bounds stay the same", () => {
    const first = sharedAppointmentPlan({ rules, now: MONDAY_0902 });
    expect(first).toEqual(planAppointments({ rules, now: MONDAY_0902 }));
    // 09:04 still rounds up to 09:05: the same plan, not worked out again.
    expect(sharedAppointmentPlan({ rules, now: "2025-06-02T09:04:00+02:00" })).toBe(first);
    expect(appointmentDays(first)).toBe(appointmentDays(first));
  });

  it("is another plan once the earliest time moves on or the lead times differ", () => {
    const first = sharedAppointmentPlan({ rules, now: MONDAY_0902 });
    const later = sharedAppointmentPlan({ rules, now: "2025-06-02T09:06:00+02:00" });
    expect(later).not.toBe(first);
    expect(later).toEqual(planAppointments({ rules, now: "2025-06-02T09:06:00+02:00" }));
    const led = sharedAppointmentPlan({ rules, now: MONDAY_0902, leadTimes: [twoHours] });
    expect(led.earliest).not.toBe(first.earliest);
    expect(led).toEqual(planAppointments({ rules, now: MONDAY_0902, leadTimes: [twoHours] }));
    // Other rules, another plan, even for the same bounds.
    expect(sharedAppointmentPlan({ rules: [...rules], now: MONDAY_0902 })).not.toBe(first);
  });
});

describe("appointmentDays", () => {
  it("lists the days with times for the date picker", () => {
    const plan = planAppointments({ rules: bakery, now: MONDAY_0902, horizonDays: 7 });
    expect(appointmentDays(plan)).toEqual([
      "2025-06-02",
      "2025-06-03",
      "2025-06-05",
      "2025-06-06",
      "2025-06-07",
      "2025-06-09",
    ]);
  });

  it("leaves out a day whose hours hold no full 5 minutes", () => {
    const plan = planAppointments({
      rules: [open("daily", "17:56", "17:59")],
      now: MONDAY_0902,
      horizonDays: 2,
    });
    expect(plan.slots).toHaveLength(3);
    expect(appointmentDays(plan)).toEqual([]);
  });

  it("lists both days of a period past midnight", () => {
    const plan = planAppointments({
      rules: [open("friday", "22:00", "02:00")],
      now: MONDAY_0902,
      horizonDays: 7,
    });
    expect(appointmentDays(plan)).toEqual(["2025-06-06", "2025-06-07"]);
  });

  it("is empty without slots", () => {
    expect(appointmentDays(planAppointments({ rules: [], now: MONDAY_0902 }))).toEqual([]);
  });
});

describe("appointmentTimes", () => {
  const plan = planAppointments({ rules: bakery, now: MONDAY_0902, horizonDays: 7 });

  it("offers every 5 minutes from the earliest time to before closing", () => {
    const times = appointmentTimes(plan, "2025-06-02");
    expect(times[0]).toEqual({ at: "2025-06-02T09:05:00.000+02:00", time: "09:05" });
    expect(times.at(-1)?.time).toBe("17:55");
    expect(times).toHaveLength(107);
  });

  it("offers the whole range on later days and nothing on closed days", () => {
    expect(
      appointmentTimes(plan, "2025-06-07")
        .map((t) => t.time)
        .slice(0, 3),
    ).toEqual(["07:00", "07:05", "07:10"]);
    expect(appointmentTimes(plan, "2025-06-07")).toHaveLength(60);
    expect(appointmentTimes(plan, "2025-06-04")).toEqual([]);
    expect(appointmentTimes(plan, "2025-06-08")).toEqual([]);
  });

  it("starts an off-grid range at the next 5 minutes", () => {
    const offGrid = planAppointments({
      rules: [open("daily", "08:03", "09:00")],
      now: MONDAY_0902,
      horizonDays: 1,
    });
    expect(appointmentTimes(offGrid, "2025-06-03")[0]?.time).toBe("08:05");
  });

  it("takes another step", () => {
    expect(appointmentTimes(plan, "2025-06-07", undefined, 30).map((t) => t.time)).toEqual([
      "07:00",
      "07:30",
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
  });

  it("splits a period past midnight between its two days", () => {
    const late = planAppointments({
      rules: [open("friday", "22:00", "02:00")],
      now: MONDAY_0902,
      horizonDays: 7,
    });
    expect(appointmentTimes(late, "2025-06-06")).toHaveLength(24);
    const saturday = appointmentTimes(late, "2025-06-07");
    expect(saturday).toHaveLength(24);
    expect(saturday[0]?.time).toBe("00:00");
    expect(saturday.at(-1)?.time).toBe("01:55");
  });

  it("has 23 hours of times when the clocks go forward", () => {
    const plan = planAppointments({
      rules: allDay,
      now: "2025-03-29T12:00:00+01:00",
      horizonDays: 2,
    });
    const times = appointmentTimes(plan, "2025-03-30");
    expect(times).toHaveLength(23 * 12);
    expect(times.map((t) => t.time)).not.toContain("02:30");
    expect(times.find((t) => t.time === "01:55")?.at).toBe("2025-03-30T01:55:00.000+01:00");
    expect(times.find((t) => t.time === "03:00")?.at).toBe("2025-03-30T03:00:00.000+02:00");
    expect(times.at(-1)?.time).toBe("23:55");
  });

  it("has 25 hours of times when the clocks go back, 02:00 twice", () => {
    const plan = planAppointments({
      rules: allDay,
      now: "2025-10-25T12:00:00+02:00",
      horizonDays: 2,
    });
    const times = appointmentTimes(plan, "2025-10-26");
    expect(times).toHaveLength(25 * 12);
    expect(times.filter((t) => t.time === "02:00").map((t) => t.at)).toEqual([
      "2025-10-26T02:00:00.000+02:00",
      "2025-10-26T02:00:00.000+01:00",
    ]);
    expect(appointmentDays(plan)).toEqual(["2025-10-25", "2025-10-26", "2025-10-27"]);
  });
});

describe("firstAppointment", () => {
  it("is the first time the picker offers", () => {
    expect(firstAppointment(planAppointments({ rules: bakery, now: MONDAY_0902 }))).toBe(
      "2025-06-02T09:05:00.000+02:00",
    );
    const offGrid = planAppointments({
      rules: [open("daily", "08:03", "09:00")],
      now: "2025-06-02T06:00:00+02:00",
    });
    expect(firstAppointment(offGrid)).toBe("2025-06-02T08:05:00.000+02:00");
  });

  it("is null without slots", () => {
    expect(firstAppointment(planAppointments({ rules: [], now: MONDAY_0902 }))).toBeNull();
  });
});

describe("checkAppointment", () => {
  const plan = planAppointments({ rules: bakery, now: MONDAY_0902 });

  it("asks for an appointment only where one is required", () => {
    expect(checkAppointment(plan, null, { isRequired: true })).toEqual({
      isValid: false,
      problem: "required",
      message: "Bitte wählen Sie einen Termin aus.",
    });
    expect(checkAppointment(plan, "", { isRequired: true }).isValid).toBe(false);
    expect(checkAppointment(plan, null)).toEqual({ isValid: true });
    expect(checkAppointment(plan, undefined, { isRequired: false })).toEqual({ isValid: true });
  });

  it("accepts a time inside the hours, on the grid or not", () => {
    expect(checkAppointment(plan, "2025-06-02T12:00:00+02:00")).toEqual({ isValid: true });
    expect(checkAppointment(plan, "2025-06-02T12:02:00+02:00")).toEqual({ isValid: true });
    expect(checkAppointment(plan, "2025-06-02T09:05")).toEqual({ isValid: true });
    expect(checkAppointment(plan, new Date("2025-06-03T05:00:00Z"))).toEqual({ isValid: true });
  });

  it("refuses a time before the earliest", () => {
    expect(checkAppointment(plan, "2025-06-02T09:00:00+02:00")).toEqual({
      isValid: false,
      problem: "too-early",
      message: "Bitte wählen Sie einen Termin ab 02.06.2025 09:05 Uhr.",
    });
  });

  it("refuses a time outside the hours", () => {
    const outside = {
      isValid: false,
      problem: "closed",
      message:
        "Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.",
    };
    expect(checkAppointment(plan, "2025-06-02T18:00:00+02:00")).toEqual(outside);
    expect(checkAppointment(plan, "2025-06-04T10:00:00+02:00")).toEqual(outside);
    expect(checkAppointment(plan, "2025-06-08T10:00:00+02:00")).toEqual(outside);
  });

  it("refuses a time beyond the horizon", () => {
    expect(checkAppointment(plan, "2025-12-01T10:00:00+01:00")).toEqual({
      isValid: false,
      problem: "too-late",
      message: "Bitte wählen Sie einen Termin innerhalb der nächsten 180 Tage.",
    });
  });

  it("checks delivery against the delivery hours", () => {
    const branch = {
      openingHours: bakery,
      deliveryHours: [open("daily", "11:00", "14:00")],
      isDeliveryHoursEnabled: true,
    };
    const delivery = planAppointments({ rules: hoursFor(branch, "delivery"), now: MONDAY_0902 });
    expect(checkAppointment(delivery, "2025-06-02T12:00:00+02:00").isValid).toBe(true);
    expect(checkAppointment(delivery, "2025-06-02T15:00:00+02:00")).toMatchObject({
      problem: "closed",
    });
    const takeaway = planAppointments({ rules: hoursFor(branch, "takeaway"), now: MONDAY_0902 });
    expect(checkAppointment(takeaway, "2025-06-02T15:00:00+02:00").isValid).toBe(true);
  });
});

describe("planAppointments with orderableFrom and a horizon", () => {
  it("starts no earlier than the branch is orderable, rounded up to 5 minutes", () => {
    const plan = planAppointments({
      rules: allDay,
      now: MONDAY_0902,
      notBefore: "2025-06-05T07:31:00+02:00",
    });
    expect(plan.earliest).toBe("2025-06-05T07:35:00.000+02:00");
    expect(appointmentDays(plan)[0]).toBe("2025-06-05");
  });

  it("ignores an orderableFrom in the past", () => {
    const plan = planAppointments({ rules: allDay, now: MONDAY_0902, notBefore: "2025-01-01" });
    expect(plan.earliest).toBe("2025-06-02T09:05:00.000+02:00");
  });

  it("offers the days of the horizon setting and no more", () => {
    const days = appointmentDays(
      planAppointments({ rules: allDay, now: MONDAY_0902, horizonDays: 3 }),
    );
    expect(days).toEqual(["2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05"]);
  });
});
