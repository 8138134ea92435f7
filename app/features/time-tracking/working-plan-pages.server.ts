import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { csvDocument } from "../../domain/csv";
import { canAccessBranch } from "../../domain/staff-permissions";
import { parseId, parseIsoDate } from "../../domain/values";
import { addDaysTo, mondayOf, parseMonth, shiftText } from "../../domain/working-plan";
import { hoursText } from "../../domain/working-time";
import { dePlan as de } from "../../i18n/de-working-plan";
import { de as staffDe } from "../../i18n/de-staff";
import { audit, requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { viewablePeople } from "../staff/who-manages-whom.server";
import { balanceText, timeSheetPdf } from "./time-sheet-pdf.server";
import {
  BadInput,
  book,
  copyWeek,
  saveContract,
  shiftInput,
  sheetFor,
  today,
  zoneOf,
} from "./working-plan-routes.server";
import {
  absencesOf,
  closeMonth,
  contractOf,
  createShift,
  deleteShift,
  findShift,
  holidayBalances,
  listSchedules,
  mayPlan,
} from "./working-plan.server";

/**
 * The pages of the working plan (decision 059), working without JavaScript: the week grid with a
 * form per person ("Schicht eintragen"), "Vorwoche übernehmen", booking absences, contracts and
 * the holiday balances; the month's time sheet with its CSV and the closing of a month.
 */

const requireManager = (request: Request, context: AppLoadContext) =>
  requireStaff(request, context, { roles: ["ROLE_MANAGER"] });

async function ownBranches(context: AppLoadContext, user: StaffUser) {
  return context.db
    .selectFrom("branches")
    .select(["id", "name"])
    .$if(!user.isAdmin, (qb) => qb.where("id", "in", user.branchIds.length ? user.branchIds : [0]))
    .orderBy("position")
    .orderBy("name")
    .execute();
}

async function branchPeople(context: AppLoadContext, branchId: number) {
  return context.db
    .selectFrom("users as u")
    .innerJoin("userBranches as ub", "ub.userId", "u.id")
    .select(["u.id", "u.name"])
    .where("ub.branchId", "=", branchId)
    .orderBy("u.name")
    .execute();
}

const NOTICES: Record<string, string> = {
  eingetragen: de.page.added,
  geloescht: de.page.removed,
  gebucht: de.page.booked,
  vertrag: de.page.contractSaved,
};

export async function schedulesPage(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const zone = await zoneOf(context);
  const branches = await ownBranches(context, user);
  const rawBranch = parseId(search.get("filiale"));
  const branch =
    branches.find((b) => b.id === rawBranch) ?? (search.get("filiale") ? undefined : branches[0]);
  if (!branch) {
    throw data({ message: staffDe.errors.forbidden, title: de.page.title }, { status: 403 });
  }
  const week = mondayOf(parseIsoDate(search.get("woche")) ?? today(zone));
  const days = Array.from({ length: 7 }, (_, i) => addDaysTo(week, i));
  const people = await branchPeople(context, branch.id);
  const year = Number(week.slice(0, 4));
  let problem: string | null = null;
  let shifts: Awaited<ReturnType<typeof listSchedules>> = [];
  let absences: Awaited<ReturnType<typeof absencesOf>> = [];
  let balances: Awaited<ReturnType<typeof holidayBalances>> = [];
  try {
    [shifts, absences] = await Promise.all([
      listSchedules(context.db, { branches: [branch.id], from: week, to: days[6]! }),
      absencesOf(
        context.db,
        people.map((p) => p.id),
        week,
        days[6]!,
      ),
    ]);
  } catch {
    problem = de.loadError;
  }
  try {
    balances = await holidayBalances(context.db, {
      branches: [branch.id],
      year,
      today: today(zone),
    });
  } catch {
    problem = de.balancesLoadError;
  }
  const copied = search.get("uebernommen");
  // Absences and contracts only for whom the manager may manage (decision 068); shifts for all.
  const managed = await viewablePeople(context.db, user, people, "manage");
  return {
    branches,
    branchId: branch.id,
    managed: managed.map((person) => ({ id: person.id, name: person.name })),
    week,
    previousWeek: addDaysTo(week, -7),
    nextWeek: addDaysTo(week, 7),
    year,
    days: days.map((day) => ({
      day,
      label: `${de.weekdays[DateTime.fromISO(day).weekday - 1]} ${DateTime.fromISO(day).toFormat("dd.MM.")}`,
    })),
    grid: people.map((person) => ({
      id: person.id,
      name: person.name,
      cells: days.map((day) => ({
        day,
        absence: (() => {
          const a = absences.find((x) => x.userId === person.id && x.day === day);
          return a ? `${de.kinds[a.kind]}${a.half ? " (½)" : ""}` : null;
        })(),
        shifts: shifts
          .filter((s) => s.userId === person.id && s.day === day)
          .map((s) => ({
            id: s.id,
            text: shiftText(s),
          })),
      })),
    })),
    balances,
    problem,
    notice:
      copied && /^\d{1,4}$/.test(copied)
        ? de.page.copied(Number(copied))
        : (NOTICES[search.get("ok") ?? ""] ?? null),
  };
}

export async function schedulesAction(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const form = Object.fromEntries(await request.formData());
  const back = (extra: string) => {
    const params = new URLSearchParams();
    if (typeof form.week === "string" && parseIsoDate(form.week)) params.set("woche", form.week);
    if (typeof form.branchId === "string" && parseId(form.branchId)) {
      params.set("filiale", form.branchId);
    }
    return redirect(`/backend/working-schedules?${params.toString()}&${extra}`);
  };
  try {
    switch (form.intent) {
      case "add": {
        const input = await shiftInput(context, user, form);
        const done = await createShift(context.db, input);
        if (!done.ok) throw new BadInput(done.status, `${de.saveError} ${done.message}`);
        await audit(context.db, {
          user,
          action: "working-schedule.create",
          entityType: "working-schedule",
          entityId: done.id,
          branchId: input.branchId,
          context,
        });
        return back("ok=eingetragen");
      }
      case "remove": {
        const id = parseId(form.shiftId);
        const shift = id ? await findShift(context.db, id) : undefined;
        if (!shift || !canAccessBranch(user, shift.branchId)) {
          throw new BadInput(404, `${de.deleteError} ${de.errors.notFound}`);
        }
        const done = await deleteShift(context.db, shift.id);
        if (!done.ok) throw new BadInput(done.status, `${de.deleteError} ${done.message}`);
        await audit(context.db, {
          user,
          action: "working-schedule.delete",
          entityType: "working-schedule",
          entityId: shift.id,
          branchId: shift.branchId,
          context,
        });
        return back("ok=geloescht");
      }
      case "copy": {
        const copied = await copyWeek(context, user, form);
        return back(`uebernommen=${copied}`);
      }
      case "absence":
        await book(context, user, form);
        return back("ok=gebucht");
      case "contract": {
        const userId = parseId(form.userId);
        if (!userId || !(await mayPlan(context.db, user, userId))) {
          throw new BadInput(404, `${de.contractError} ${de.errors.unknownPerson}`);
        }
        const minutes = [0, 1, 2, 3, 4, 5, 6].map((i) => form[`minutes${i}`] ?? "");
        await saveContract(context, user, userId, {
          weekdayMinutes: minutes,
          ...(form.holidayDays !== undefined && form.holidayDays !== ""
            ? { holidayDays: form.holidayDays, carryOverDays: form.carryOverDays, year: form.year }
            : {}),
        });
        return back("ok=vertrag");
      }
      default:
        throw new BadInput(400, staffDe.errors.badRequest);
    }
  } catch (error) {
    if (error instanceof BadInput) {
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

// ——— Time sheets ———

export async function timeSheetPage(
  request: Request,
  context: AppLoadContext,
  format: "page" | "csv" | "pdf" = "page",
) {
  const csv = format === "csv";
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const zone = await zoneOf(context);
  const branches = await ownBranches(context, user);
  const everyone = (await Promise.all(branches.map((b) => branchPeople(context, b.id))))
    .flat()
    .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i)
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
  // Only the sheets the viewer may see (decision 068): their own and their people's.
  const people = await viewablePeople(context.db, user, everyone);
  const month = search.get("monat") ?? today(zone).slice(0, 7);
  const personId = search.get("person") ?? String(people[0]?.id ?? "");
  const form = { monat: month, person: personId };
  if (!personId) return { people, form, sheet: null, problem: null, notice: null };
  try {
    const sheet = await sheetFor(context, user, new URLSearchParams({ month, user: personId }));
    const rows = sheet.days.map((d) => ({
      day: DateTime.fromISO(d.day).toFormat("dd.MM.yyyy"),
      expected: hoursText(d.expectedMinutes),
      worked: hoursText(d.workedMinutes),
      note: d.publicHoliday
        ? de.sheet.publicHoliday
        : d.absence
          ? `${de.kinds[d.absence.kind]}${d.absence.half ? " (½)" : ""}`
          : "",
    }));
    if (csv) {
      const name = people.find((p) => String(p.id) === personId)?.name ?? personId;
      // Every row names its person, so that sheets put together stay apart; the name is
      // whatever was typed, hence the formula guard of csvDocument (issue 35, finding 12a).
      const csvText = csvDocument([
        [de.sheet.person, de.sheet.day, de.sheet.expected, de.sheet.worked, de.sheet.note],
        ...rows.map((r) => [name, r.day, r.expected, r.worked, r.note]),
        [
          name,
          de.sheet.balance,
          hoursText(sheet.expectedMinutes),
          hoursText(sheet.workedMinutes),
          balanceText(sheet.balanceMinutes),
        ],
      ]);
      throw new Response(csvText, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="stundenzettel-${sheet.month}-${name.replace(/[^A-Za-z0-9-]/g, "_")}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    }
    if (format === "pdf") {
      const name = people.find((p) => String(p.id) === personId)?.name ?? personId;
      const branchNames = await context.db
        .selectFrom("userBranches as ub")
        .innerJoin("branches as b", "b.id", "ub.branchId")
        .select("b.name")
        .where("ub.userId", "=", Number(personId))
        .orderBy("b.position")
        .orderBy("b.name")
        .execute();
      const pdf = await timeSheetPdf({
        ...sheet,
        personName: name,
        branchNames: branchNames.map((b) => b.name),
        printedAt: DateTime.now().setZone(zone).toFormat("dd.MM.yyyy, HH:mm 'Uhr'"),
      });
      throw new Response(new Uint8Array(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="stundenzettel-${sheet.month}-${name.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`,
          "Cache-Control": "no-store",
        },
      });
    }
    return {
      people,
      form,
      sheet: {
        month: sheet.month,
        closed: sheet.closed,
        rows,
        expected: hoursText(sheet.expectedMinutes),
        worked: hoursText(sheet.workedMinutes),
        balance: balanceText(sheet.balanceMinutes),
      },
      problem: null as string | null,
      notice: search.get("ok") === "abgeschlossen" ? de.sheet.closedNow : null,
    };
  } catch (error) {
    if (error instanceof BadInput) {
      return data(
        { people, form, sheet: null, problem: error.message, notice: null },
        { status: error.status },
      );
    }
    throw error;
  }
}

export async function timeSheetAction(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const form = Object.fromEntries(await request.formData());
  const month = parseMonth(form.month);
  if (!month) return data({ error: `${de.closeError} ${de.errors.invalidMonth}` }, { status: 400 });
  const done = await closeMonth(context.db, month, user.id);
  if (!done.ok) return data({ error: `${de.closeError} ${done.message}` }, { status: done.status });
  await audit(context.db, {
    user,
    action: "month.close",
    entityType: "month",
    data: { month },
    context,
  });
  const person =
    typeof form.person === "string" && parseId(form.person) ? `&person=${form.person}` : "";
  return redirect(`/backend/time-sheets?monat=${month.slice(0, 7)}${person}&ok=abgeschlossen`);
}

export async function contractFormOf(context: AppLoadContext, userId: number) {
  return contractOf(context.db, userId);
}

/** `/backend/time-sheets/export?monat&person`: the month's time sheet as CSV (semicolons, BOM). */
export async function timeSheetCsv(request: Request, context: AppLoadContext) {
  return timeSheetFile(request, context, "csv");
}

/** `/backend/time-sheets/pdf?monat&person`: the month's time sheet as a PDF (decision 065). */
export async function timeSheetPdfFile(request: Request, context: AppLoadContext) {
  return timeSheetFile(request, context, "pdf");
}

async function timeSheetFile(request: Request, context: AppLoadContext, format: "csv" | "pdf") {
  try {
    const page = await timeSheetPage(request, context, format);
    // A refusal comes as data() with its status (a 403 stays a 403), plain text for the download.
    const refusal = "init" in page ? page : null;
    const problem = refusal ? refusal.data.problem : "problem" in page ? page.problem : null;
    const status = refusal?.init?.status ?? 400;
    return new Response(problem ?? de.loadError, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** "Meine Schichten" on "Meine Arbeitszeit": the signed-in person's shifts of the next 14 days. */
export async function myShifts(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const zone = await zoneOf(context);
  const from = today(zone);
  try {
    const rows = await listSchedules(context.db, {
      branches: "all",
      userId: user.id,
      from,
      to: addDaysTo(from, 13),
    });
    const names = new Map(
      (await context.db.selectFrom("branches").select(["id", "name"]).execute()).map((b) => [
        b.id,
        b.name,
      ]),
    );
    return {
      shifts: rows.map(
        (s) =>
          `${de.weekdays[DateTime.fromISO(s.day).weekday - 1]} ${DateTime.fromISO(s.day).toFormat("dd.MM.yyyy")}: ${shiftText(s)} · ${names.get(s.branchId) ?? ""}`,
      ),
      shiftsProblem: null as string | null,
    };
  } catch {
    return { shifts: [] as string[], shiftsProblem: de.loadError as string | null };
  }
}
