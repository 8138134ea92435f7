import type { DateTime } from "luxon";

/**
 * A stream's time slots (issue 22, decision 060): one slot a line, 'Tage Von-Bis Stream', e.g.
 *
 *     Mo-Fr 06:00-11:00 3      (the breakfast board, stream 3, on weekdays until 11:00)
 *     täglich 11:00-15:00 4    (the lunch board)
 *     Sa,So 22:00-02:00 5      (across midnight: Saturday 22:00 to Sunday 02:00, …)
 *
 * When no slot holds, the stream plays its own segments (the default). Times are wall-clock
 * times in the business time zone; a slot whose end is before its start runs past midnight and
 * belongs to the day it starts on. Pure: `now` comes in as an argument.
 */
export interface SignageSlot {
  /** ISO weekdays (1 = Monday … 7 = Sunday). */
  days: number[];
  /** Minutes after midnight. */
  from: number;
  to: number;
  streamId: number;
}

export type ScheduleParse =
  { ok: true; slots: SignageSlot[] } | { ok: false; line: number; message: string };

const DAY_NAMES = ["mo", "di", "mi", "do", "fr", "sa", "so"];
export const MAX_SLOTS = 50;

function parseDays(text: string): number[] | null {
  const lower = text.toLowerCase();
  if (lower === "täglich" || lower === "taeglich") return [1, 2, 3, 4, 5, 6, 7];
  const days = new Set<number>();
  for (const part of lower.split(",")) {
    const range = part.split("-");
    if (range.length > 2) return null;
    const from = DAY_NAMES.indexOf(range[0]!) + 1;
    const to = DAY_NAMES.indexOf(range[range.length - 1]!) + 1;
    if (from === 0 || to === 0) return null;
    // 'Sa-Mo' wraps over the week's end.
    for (let day = from, steps = 0; steps < 7; steps += 1, day = (day % 7) + 1) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

function parseTime(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : text === "24:00" ? 1440 : null;
}

const LINE_HELP =
  "Bitte je Zeile 'Tage Von-Bis Stream-Nummer', zum Beispiel 'Mo-Fr 06:00-11:00 3'.";

/** The schedule field's text as slots, or the first bad line with a German message. */
export function parseSchedule(text: string): ScheduleParse {
  const slots: SignageSlot[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const line1 = index + 1;
    const parts = line.split(/\s+/);
    if (parts.length !== 3)
      return { ok: false, line: line1, message: `Zeile ${line1}: ${LINE_HELP}` };
    const [dayText, timeText, streamText] = parts as [string, string, string];
    const days = parseDays(dayText);
    const times = timeText.split("-");
    const from = times.length === 2 ? parseTime(times[0]!) : null;
    const to = times.length === 2 ? parseTime(times[1]!) : null;
    const streamId = /^\d{1,9}$/.test(streamText) ? Number(streamText) : null;
    if (!days)
      return { ok: false, line: line1, message: `Zeile ${line1}: Unbekannte Tage. ${LINE_HELP}` };
    if (from === null || to === null || from === to) {
      return {
        ok: false,
        line: line1,
        message: `Zeile ${line1}: Ungültige Uhrzeiten. ${LINE_HELP}`,
      };
    }
    if (!streamId) return { ok: false, line: line1, message: `Zeile ${line1}: ${LINE_HELP}` };
    slots.push({ days, from, to, streamId });
    if (slots.length > MAX_SLOTS) {
      return { ok: false, line: line1, message: `Höchstens ${MAX_SLOTS} Zeitfenster je Stream.` };
    }
  }
  return { ok: true, slots };
}

/** Whether the slot holds at this wall-clock moment (weekday 1–7, minute of the day). */
export function slotHolds(slot: SignageSlot, weekday: number, minute: number): boolean {
  if (slot.from < slot.to)
    return slot.days.includes(weekday) && minute >= slot.from && minute < slot.to;
  // Across midnight: the evening part on its own day, the morning part on the next.
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return (
    (slot.days.includes(weekday) && minute >= slot.from) ||
    (slot.days.includes(yesterday) && minute < slot.to)
  );
}

/**
 * Which stream's segments play now: the first slot of the stream that holds (followed into that
 * stream's own slots, at most a few levels, never in a circle), else the stream itself.
 * `now` must already be in the business time zone.
 */
export function chooseStream(
  streamId: number,
  slotsOf: (id: number) => readonly SignageSlot[],
  now: DateTime,
): number {
  const weekday = now.weekday;
  const minute = now.hour * 60 + now.minute;
  const seen = new Set<number>([streamId]);
  let current = streamId;
  for (;;) {
    const slot = slotsOf(current).find((candidate) => slotHolds(candidate, weekday, minute));
    if (!slot || seen.has(slot.streamId)) return current;
    seen.add(slot.streamId);
    current = slot.streamId;
  }
}

/**
 * The first minute after `now` at which the choice may change (a slot's start or end), so the
 * player can switch exactly then; in minutes from now, at most a day.
 */
export function minutesToNextChange(slots: readonly SignageSlot[], now: DateTime): number {
  const minute = now.hour * 60 + now.minute;
  let best = 1440;
  for (const slot of slots) {
    for (const boundary of [slot.from, slot.to % 1440]) {
      const ahead = (boundary - minute + 1440) % 1440 || 1440;
      best = Math.min(best, ahead);
    }
  }
  return best;
}

/**
 * Whether stream `streamId`, with `slots` as its new slots, would reach itself through the
 * slots of the streams it names (a stream that contains itself).
 */
export function containsItself(
  streamId: number | null,
  slots: readonly SignageSlot[],
  slotsOf: (id: number) => readonly SignageSlot[],
): boolean {
  if (streamId === null) return false;
  const stack = slots.map((slot) => slot.streamId);
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === streamId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...slotsOf(id).map((slot) => slot.streamId));
  }
  return false;
}

/** A short pairing code: 6 characters without look-alikes (no 0/O, 1/I/L). */
export const PAIRING_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PAIRING_CODE_LENGTH = 6;

export function normalisePairingCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, "");
}

export function isPairingCodeShape(code: string): boolean {
  return (
    code.length === PAIRING_CODE_LENGTH && [...code].every((c) => PAIRING_ALPHABET.includes(c))
  );
}
