import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { csvDocument } from "#app/domain/csv";
import { parseId, parseIsoDate } from "#app/domain/values";
import {
  addDaysTo,
  minutesText,
  mondayOf,
  shiftEndText,
  shiftText,
} from "#app/domain/working-plan";
import { hoursText } from "#app/domain/working-time";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { de as staffDe } from "#app/i18n/de-staff";
import { firstMessage, refused, succeeded, type Outcome } from "#app/server/outcome";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { viewablePeople } from "#app/features/staff/who-manages-whom.server";
import { sheetFor } from "./plan-service.server";
import { balanceText, timeSheetPdf } from "./time-sheet-pdf.server";
import { branchPeople, ownBranches, todayIn, zoneOf } from "./staff-scope.server";
import {
  absencesOf,
  holidayBalances,
  listSchedules,
  type timeSheetOf,
} from "./working-plan.server";

/**
 * The working plan as its pages show it (decision 059): the week grid of a branch and a person's
 * month as a page, a CSV (decision 059) and a PDF (decision 065).
 */

const NOTICES: Record<string, string> = {
  eingetragen: de.page.added,
  geloescht: de.page.removed,
  geaendert: de.page.updated,
  gebucht: de.page.booked,
  vertrag: de.page.contractSaved,
};

const dayLabel = (day: string) =>
  `${de.weekdays[DateTime.fromISO(day).weekday - 1]} ${DateTime.fromISO(day).toFormat("dd.MM.")}`;

const absenceText = (absence: { kind: keyof typeof de.kinds; half: boolean }) =>
  `${de.kinds[absence.kind]}${absence.half ? " (½)" : ""}`;

/** The week grid (`filiale`, `woche`); 403 for a branch the user does not work at. */
export async function weekGridView(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
): Promise<Outcome<WeekGrid>> {
  const zone = await zoneOf(db);
  const today = todayIn(zone);
  const branches = await ownBranches(db, user);
  const rawBranch = parseId(search.get("filiale"));
  const branch =
    branches.find((b) => b.id === rawBranch) ?? (search.get("filiale") ? undefined : branches[0]);
  if (!branch) return refused(403, staffDe.errors.forbidden);
  const week = mondayOf(parseIsoDate(search.get("woche")) ?? today);
  const days = Array.from({ length: 7 }, (_, i) => addDaysTo(week, i));
  const people = await branchPeople(db, branch.id);
  const year = Number(week.slice(0, 4));
  let problem: string | null = null;
  let shifts: Awaited<ReturnType<typeof listSchedules>> = [];
  let absences: Awaited<ReturnType<typeof absencesOf>> = [];
  let balances: Awaited<ReturnType<typeof holidayBalances>> = [];
  try {
    const ids = people.map((p) => p.id);
    [shifts, absences] = await Promise.all([
      listSchedules(db, { branches: [branch.id], from: week, to: days[6]! }),
      absencesOf(db, ids, week, days[6]!),
    ]);
  } catch {
    problem = de.loadError;
  }
  try {
    balances = await holidayBalances(db, { branches: [branch.id], year, today });
  } catch {
    problem = de.balancesLoadError;
  }
  const copied = search.get("uebernommen");
  // Absences and contracts only for whom the manager may manage (decision 068); shifts for all.
  const managed = await viewablePeople(db, user, people, "manage");
  return succeeded({
    branches,
    branchId: branch.id,
    managed: managed.map((person) => ({ id: person.id, name: person.name })),
    week,
    previousWeek: addDaysTo(week, -7),
    nextWeek: addDaysTo(week, 7),
    year,
    days: days.map((day) => ({ day, label: dayLabel(day) })),
    grid: people.map((person) => ({
      id: person.id,
      name: person.name,
      cells: days.map((day) => {
        const absence = absences.find((a) => a.userId === person.id && a.day === day);
        return {
          day,
          absence: absence ? absenceText(absence) : null,
          shifts: shifts
            .filter((s) => s.userId === person.id && s.day === day)
            .map((s) => ({
              id: s.id,
              text: shiftText(s),
              start: minutesText(s.startMinute),
              end: shiftEndText(s.endMinute),
            })),
        };
      }),
    })),
    balances,
    problem,
    notice:
      copied && /^\d{1,4}$/.test(copied)
        ? de.page.copied(Number(copied))
        : (NOTICES[search.get("ok") ?? ""] ?? null),
  });
}

export interface WeekGrid {
  branches: { id: number; name: string }[];
  branchId: number;
  managed: { id: number; name: string }[];
  week: string;
  previousWeek: string;
  nextWeek: string;
  year: number;
  days: { day: string; label: string }[];
  grid: {
    id: number;
    name: string;
    cells: {
      day: string;
      absence: string | null;
      shifts: { id: number; text: string; start: string; end: string }[];
    }[];
  }[];
  balances: Awaited<ReturnType<typeof holidayBalances>>;
  problem: string | null;
  notice: string | null;
}

/** The people whose sheets the viewer may see (decision 068): their own and their people's. */
async function sheetPeople(db: Db, user: StaffUser) {
  const branches = await ownBranches(db, user);
  const everyone = (await Promise.all(branches.map((b) => branchPeople(db, b.id))))
    .flat()
    .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i)
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
  return viewablePeople(db, user, everyone);
}

/** The sheet's choice (`monat`, `person`; the first person by default) and what may be chosen. */
async function sheetChoice(db: Db, user: StaffUser, search: URLSearchParams) {
  const people = await sheetPeople(db, user);
  const month = search.get("monat") ?? todayIn(await zoneOf(db)).slice(0, 7);
  const personId = search.get("person") ?? String(people[0]?.id ?? "");
  return { people, form: { monat: month, person: personId } };
}

type TimeSheet = Awaited<ReturnType<typeof timeSheetOf>>;

function sheetRows(sheet: TimeSheet) {
  return sheet.days.map((d) => ({
    day: DateTime.fromISO(d.day).toFormat("dd.MM.yyyy"),
    expected: hoursText(d.expectedMinutes),
    worked: hoursText(d.workedMinutes),
    note: d.publicHoliday ? de.sheet.publicHoliday : d.absence ? absenceText(d.absence) : "",
  }));
}

/** The time sheet page: the choice, and the chosen month or the problem with it. */
export async function timeSheetView(db: Db, user: StaffUser, search: URLSearchParams) {
  const { people, form } = await sheetChoice(db, user, search);
  const page = { people, form, sheet: null, problem: null as string | null, notice: null };
  if (!form.person) return { ...page, status: 200 };
  const sheet = await sheetFor(db, user, { month: form.monat, user: form.person });
  if (!sheet.ok) return { ...page, problem: firstMessage(sheet), status: sheet.status };
  const value = sheet.value;
  return {
    ...page,
    status: 200,
    sheet: {
      month: value.month,
      closed: value.closed,
      rows: sheetRows(value),
      expected: hoursText(value.expectedMinutes),
      worked: hoursText(value.workedMinutes),
      balance: balanceText(value.balanceMinutes),
    },
    notice: search.get("ok") === "abgeschlossen" ? de.sheet.closedNow : null,
  };
}

export interface SheetFile {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  filename: string;
}

/** A person's month as a CSV (semicolons, BOM; decision 059) or a PDF (decision 065). */
export async function timeSheetFile(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  format: "csv" | "pdf",
): Promise<Outcome<SheetFile>> {
  const { people, form } = await sheetChoice(db, user, search);
  if (!form.person) return refused(400, de.loadError);
  const sheet = await sheetFor(db, user, { month: form.monat, user: form.person });
  if (!sheet.ok) return sheet;
  const value = sheet.value;
  const name = people.find((p) => String(p.id) === form.person)?.name ?? form.person;
  const filename = `stundenzettel-${value.month}-${name.replace(/[^A-Za-z0-9-]/g, "_")}.${format}`;
  if (format === "csv") {
    // Every row names its person, so that sheets put together stay apart; the name is whatever
    // was typed, hence the formula guard of csvDocument (issue 35, finding 12a).
    const body = csvDocument([
      [de.sheet.person, de.sheet.day, de.sheet.expected, de.sheet.worked, de.sheet.note],
      ...sheetRows(value).map((r) => [name, r.day, r.expected, r.worked, r.note]),
      [
        name,
        de.sheet.balance,
        hoursText(value.expectedMinutes),
        hoursText(value.workedMinutes),
        balanceText(value.balanceMinutes),
      ],
    ]);
    return succeeded({ body, contentType: "text/csv; charset=utf-8", filename });
  }
  const branchNames = await db
    .selectFrom("userBranches as ub")
    .innerJoin("branches as b", "b.id", "ub.branchId")
    .select("b.name")
    .where("ub.userId", "=", Number(form.person))
    .orderBy("b.position")
    .orderBy("b.name")
    .execute();
  const zone = await zoneOf(db);
  const pdf = await timeSheetPdf({
    ...value,
    personName: name,
    branchNames: branchNames.map((b) => b.name),
    printedAt: DateTime.now().setZone(zone).toFormat("dd.MM.yyyy, HH:mm 'Uhr'"),
  });
  return succeeded({ body: new Uint8Array(pdf), contentType: "application/pdf", filename });
}
