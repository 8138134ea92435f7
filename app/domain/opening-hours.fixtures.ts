import type { OpeningHoursRule } from "./opening-hours";

/** Builders for the hour rules the domain tests share. */
export const open = (
  type: OpeningHoursRule["type"],
  from: string,
  to: string,
  date?: string,
): OpeningHoursRule => ({
  type,
  isClosed: false,
  from,
  to,
  ...(date ? { date } : {}),
});

export const closed = (type: OpeningHoursRule["type"], date?: string): OpeningHoursRule => ({
  type,
  isClosed: true,
  from: "00:00",
  to: "00:00",
  ...(date ? { date } : {}),
});

/** 07:00–18:00, Saturdays until 12:00, closed on Sundays and on Wednesday 4 June 2025. */
export const bakery: OpeningHoursRule[] = [
  open("daily", "07:00", "18:00"),
  closed("saturday"),
  open("saturday", "07:00", "12:00"),
  closed("sunday"),
  closed("once", "2025-06-04"),
];
