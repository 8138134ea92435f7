import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { formatDate, formatTime } from "#app/domain/format";
import { hoursText, type WorkingTimeViolation } from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { ownBranches, peopleOfBranches } from "./staff-scope.server";
import {
  correctionsOf,
  type ActivityRow,
  type PersonViolations,
} from "./working-activities.server";

/**
 * Working activities as the pages show them (decision 058): German dates and times of the
 * business time zone, a night shift's end marked '(+1)', the Arbeitszeitgesetz's findings in
 * words, and the edit form's values.
 */

export function activityView(row: ActivityRow, zone: string) {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    branchName: row.branchName,
    date: formatDate(row.startedAt, zone),
    start: formatTime(row.startedAt, zone),
    // A night shift's end the next morning (decision 065): '06:00 (+1)'.
    end: row.endedAt
      ? `${formatTime(row.endedAt, zone)}${
          DateTime.fromJSDate(row.endedAt, { zone }).toISODate() !==
          DateTime.fromJSDate(row.startedAt, { zone }).toISODate()
            ? " (+1)"
            : ""
        }`
      : null,
    pauses: row.pauses.map(
      (pause) =>
        `${formatTime(pause.startedAt, zone)}–${pause.endedAt ? formatTime(pause.endedAt, zone) : "…"}`,
    ),
    worked: hoursText(row.workedMinutes),
    comment: row.comment,
  };
}

export function violationText(violation: WorkingTimeViolation): string {
  switch (violation.kind) {
    case "breakAfterSix":
      return de.violations.breakAfterSix(
        hoursText(violation.workedMinutes),
        hoursText(violation.breakMinutes),
      );
    case "breakAfterNine":
      return de.violations.breakAfterNine(
        hoursText(violation.workedMinutes),
        hoursText(violation.breakMinutes),
      );
    case "overTen":
      return de.violations.overTen(hoursText(violation.workedMinutes));
    case "shortRest":
      return de.violations.shortRest(hoursText(violation.restMinutes));
  }
}

export function violationsView(violations: readonly PersonViolations[]) {
  return violations.map((person) => ({
    userName: person.userName,
    items: person.violations.map((violation) => ({
      day: DateTime.fromISO(violation.day).toFormat("dd.MM.yyyy"),
      text: violationText(violation),
    })),
  }));
}

const localInput = (date: Date | null, zone: string) =>
  date ? DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") : "";

/** The correction form's values (with one empty pause row to add) and the corrections so far. */
export async function activityEditView(db: Db, row: ActivityRow, zone: string) {
  const history = await correctionsOf(db, row.id);
  return {
    activity: {
      id: row.id,
      userName: row.userName,
      branchName: row.branchName,
      start: localInput(row.startedAt, zone),
      end: localInput(row.endedAt, zone),
      comment: row.comment ?? "",
      day: DateTime.fromJSDate(row.startedAt, { zone }).toISODate()!,
      pauses: [...row.pauses, { startedAt: null, endedAt: null }].map((pause) => ({
        start: localInput(pause.startedAt, zone),
        end: localInput(pause.endedAt, zone),
      })),
    },
    history: history.map((entry) => ({
      at: `${formatDate(entry.at, zone)} ${formatTime(entry.at, zone)}`,
      userName: entry.userName ?? "–",
      reason: String((entry.data as { reason?: unknown } | null)?.reason ?? ""),
    })),
  };
}

/** The choices of the "Aktivität nachtragen" form: the manager's branches and their people. */
export async function newActivityChoices(db: Db, user: StaffUser) {
  const branches = await ownBranches(db, user);
  const ids = branches.length ? branches.map((branch) => branch.id) : [0];
  const [people, departments, projects, tasks] = await Promise.all([
    peopleOfBranches(db, ids),
    db
      .selectFrom("departments")
      .select(["id", "name"])
      .orderBy("position")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("projects")
      .select(["id", "name", "branchId"])
      .where("branchId", "in", ids)
      .orderBy("name")
      .limit(500)
      .execute(),
    db
      .selectFrom("tasks")
      .select(["id", "name", "branchId"])
      .where("branchId", "in", ids)
      .where("state", "<>", "done")
      .orderBy("name")
      .limit(500)
      .execute(),
  ]);
  const branchName = (id: number) => branches.find((branch) => branch.id === id)?.name ?? "";
  return {
    branches,
    people,
    departments,
    projects: projects.map((p) => ({ id: p.id, name: `${p.name} (${branchName(p.branchId)})` })),
    tasks: tasks.map((t) => ({ id: t.id, name: `${t.name} (${branchName(t.branchId)})` })),
  };
}
