import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { z } from "zod";
import { getSettings } from "../../db/queries/settings";
import { formatDate, formatTime } from "../../domain/format";
import { canAccessBranch } from "../../domain/staff-permissions";
import {
  CLOCK_ACTIONS,
  hoursText,
  isValidCardNumber,
  isValidPin,
  type ClockAction,
  type Interval,
  type WorkingTimeViolation,
} from "../../domain/working-time";
import { cleanLine, cleanText, parseId, parseIsoDate } from "../../domain/values";
import { deTimeTracking as de } from "../../i18n/de-time-tracking";
import { de as staffDe } from "../../i18n/de-staff";
import { checkBranchApiKey } from "../devices/branch-api-keys.server";
import { audit, forbidden, requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { personAccess, viewablePeople } from "../staff/who-manages-whom.server";
import {
  branchStaff,
  clock,
  clockCredentialsOf,
  identifyAtDevice,
  setClockCredentials,
  stateOf,
  type Identification,
  type Refusal,
} from "./clock.server";
import {
  activityJson,
  addActivity,
  correctActivity,
  deleteActivity,
  correctionsOf,
  findActivity,
  listActivities,
  violationsOf,
  type ActivityRow,
  type Correction,
  type NewActivity,
} from "./working-activities.server";
import { workingSchedulesOf } from "./working-schedules-hook.server";

/**
 * The loaders and actions of time tracking (issue 21, decision 058):
 * - the time clock's API `/api/time-tracking/{branchId}/{deviceKey}/…` and its page
 *   `/time-clock/{branchId}/{deviceKey}`, opened by a branch's time-clock key, the person named
 *   by a username (e-mail) and an access token (PIN), or by a card number alone;
 * - "Meine Arbeitszeit" `/backend/my-time` for the signed-in person's own phone;
 * - the managers' list and corrections `/backend/working-activities` and `/api/working-activities`.
 */

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_DAYS = 62;

const jsonError = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: NO_STORE });

async function zoneOf(context: AppLoadContext) {
  return (await getSettings(context.db)).businessTimeZone;
}

// ——— The time clock (device key) ———

/** The branch of a valid time-clock key; anything else (wrong branch, key, purpose): 404. */
async function clockBranch(
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
  surface: "api" | "page",
): Promise<{ id: number; name: string }> {
  const branchId = parseId(params.branchId);
  const ok =
    branchId !== null &&
    (await checkBranchApiKey(context.db, branchId, params.deviceKey ?? "", "time_clock"));
  const branch = ok
    ? await context.db
        .selectFrom("branches")
        .select(["id", "name"])
        .where("id", "=", branchId)
        .executeTakeFirst()
    : undefined;
  if (!branch) {
    throw surface === "api"
      ? jsonError(404, staffDe.counterOrders.notFound)
      : data({ message: staffDe.counterOrders.notFound, title: de.clock.title }, { status: 404 });
  }
  return branch;
}

const short = (value: unknown, max: number) =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : null;

/**
 * The person of a time-clock API call: `X-Username` and `X-Access-Token` headers (or `username`
 * and `accessToken` in a POST's body). With a username the token is the PIN; without, the card.
 */
function apiIdentification(
  branchId: number,
  request: Request,
  body: Record<string, unknown>,
): Identification | Refusal {
  const username = short(request.headers.get("X-Username") ?? body.username, 254);
  const token = short(request.headers.get("X-Access-Token") ?? body.accessToken, 64);
  if (!token) return { ok: false, status: 401, message: de.identify.missing };
  if (username) {
    if (!isValidPin(token)) return { ok: false, status: 401, message: de.identify.wrong };
    return { branchId, username, pin: token };
  }
  if (!isValidCardNumber(token)) return { ok: false, status: 401, message: de.identify.wrong };
  return { branchId, card: token };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await request.text();
    if (!text.trim()) return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  }
  if (type.includes("form")) return Object.fromEntries(await request.formData());
  return {};
}

/** A body that could not be read (broken JSON, a cut upload): the staff API's German 400. */
async function bodyOr400(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    return await readBody(request);
  } catch {
    return jsonError(400, staffDe.errors.badRequest);
  }
}

/**
 * The request's body checked by `schema`: its data, or a 400 whose message is the action's own
 * failure ('Aktivität konnte nicht … werden.') followed by the first problem found.
 */
async function parsedBodyOr400<T>(
  request: Request,
  schema: z.ZodType<T>,
  failure: string,
): Promise<T | Response> {
  const body = await bodyOr400(request);
  if (body instanceof Response) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return jsonError(400, `${failure} ${parsed.error.issues[0]?.message ?? ""}`.trim());
  }
  return parsed.data;
}

async function apiPerson(
  context: AppLoadContext,
  request: Request,
  params: { branchId?: string; deviceKey?: string },
  body: Record<string, unknown> = {},
) {
  const branch = await clockBranch(context, params, "api");
  const identification = apiIdentification(branch.id, request, body);
  if ("ok" in identification) throw jsonError(identification.status, identification.message);
  const found = await identifyAtDevice(
    context.db,
    params.deviceKey ?? "",
    identification,
    new Date(),
  );
  if (!found.ok) throw jsonError(found.status, found.message);
  return { branch, person: found.person };
}

function openJson(open: Awaited<ReturnType<typeof stateOf>>["open"]) {
  return open
    ? {
        id: open.id,
        branchId: open.branchId,
        start: open.startedAt.toISOString(),
        pauses: open.pauses.map((pause) => ({
          start: pause.startedAt.toISOString(),
          end: pause.endedAt?.toISOString() ?? null,
        })),
      }
    : null;
}

/** Any other call under a valid key: 404 (unknown) or 405 (wrong method); a bad key: 404. */
export async function clockApiUnknown(
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
  status: 404 | 405 = 404,
) {
  await clockBranch(context, params, "api");
  return status === 405
    ? jsonError(405, staffDe.errors.methodNotAllowed)
    : jsonError(404, staffDe.counterOrders.notFound);
}

/** GET …/me: who the token names and where they stand. */
export async function clockApiMe(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
) {
  const { person } = await apiPerson(context, request, params);
  const { state, open } = await stateOf(context.db, person.id);
  return Response.json(
    { data: { id: person.id, name: person.name, state, activity: openJson(open) } },
    { headers: NO_STORE },
  );
}

/** `from`/`to` of a query (default: the last 7 days up to today), at most 62 days. */
function queryRange(search: URLSearchParams, zone: string, days = 7) {
  const today = DateTime.now().setZone(zone).toISODate()!;
  const rawFrom = search.get("from");
  const rawTo = search.get("to");
  const to = rawTo === null ? today : parseIsoDate(rawTo);
  const from =
    rawFrom === null
      ? DateTime.fromISO(to ?? today)
          .minus({ days: days - 1 })
          .toISODate()
      : parseIsoDate(rawFrom);
  if (!from || !to || from > to) return null;
  if (DateTime.fromISO(to).diff(DateTime.fromISO(from), "days").days >= MAX_DAYS) return null;
  return { from, to };
}

/** GET …/working-activities?from&to: the person's own activities. */
export async function clockApiActivities(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
) {
  const { person } = await apiPerson(context, request, params);
  const zone = await zoneOf(context);
  const range = queryRange(new URL(request.url).searchParams, zone);
  if (!range) return jsonError(400, `${de.loadError} ${de.errors.invalidDate}`);
  const rows = await listActivities(context.db, {
    branches: "all",
    userId: person.id,
    ...range,
    zone,
    now: new Date(),
  });
  return Response.json({ data: rows.map(activityJson) }, { headers: NO_STORE });
}

/** GET …/working-schedules?from&to: the person's planned shifts (the hook of issue 21's half 2). */
export async function clockApiSchedules(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
) {
  const { branch, person } = await apiPerson(context, request, params);
  const zone = await zoneOf(context);
  const search = new URL(request.url).searchParams;
  const range = queryRange(search, zone, 7);
  if (!range) return jsonError(400, de.errors.invalidDate);
  const shifts = await workingSchedulesOf(context.db, {
    userId: person.id,
    branchId: branch.id,
    ...range,
    zone,
  });
  return Response.json({ data: shifts }, { headers: NO_STORE });
}

function actionOf(value: unknown): ClockAction | null {
  return CLOCK_ACTIONS.includes(value as ClockAction) ? (value as ClockAction) : null;
}

/** POST …/working-activities/{start|end|pause|resume}. */
export async function clockApiAction(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string; action?: string },
) {
  if (request.method !== "POST") return jsonError(405, staffDe.errors.methodNotAllowed);
  const action = actionOf(params.action);
  if (!action) {
    await clockBranch(context, params, "api");
    return jsonError(404, de.errors.invalidAction);
  }
  let body: Record<string, unknown>;
  try {
    body = await readBody(request);
  } catch {
    return jsonError(400, de.failed[action]);
  }
  let found;
  try {
    found = await apiPerson(context, request, params, body);
  } catch (error) {
    if (error instanceof Response && error.status !== 404) {
      const { errors } = (await error.json()) as { errors: { message: string }[] };
      return jsonError(error.status, `${de.failed[action]} ${errors[0]?.message ?? ""}`.trim());
    }
    throw error;
  }
  const done = await clock(context.db, {
    userId: found.person.id,
    branchId: found.branch.id,
    action,
    now: new Date(),
    source: "clock",
  });
  if (!done.ok) return jsonError(done.status, done.message);
  return Response.json(
    { data: { activityId: done.activityId, state: done.state } },
    { headers: NO_STORE },
  );
}

// ——— The time clock's page ———

export async function clockPage(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
) {
  const branch = await clockBranch(context, params, "page");
  const zone = await zoneOf(context);
  const staff = await branchStaff(context.db, branch.id);
  const notice = await doneNotice(context, new URL(request.url).searchParams, branch.id, zone);
  return data(
    { branch, staff, notice, error: null as string | null },
    { headers: { ...NO_STORE, "X-Robots-Tag": "noindex" } },
  );
}

/** `?erfasst=start-12`: the confirmation after the redirect, for a tap of the last two minutes. */
async function doneNotice(
  context: AppLoadContext,
  search: URLSearchParams,
  branchId: number | null,
  zone: string,
) {
  const match = /^(start|end|pause|resume)-(\d{1,10})$/.exec(search.get("erfasst") ?? "");
  const id = match ? parseId(match[2]) : null;
  if (!match || !id) return null;
  const row = await context.db
    .selectFrom("workingActivities as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select(["u.name", "a.updatedAt", "a.branchId"])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!row || (branchId !== null && row.branchId !== branchId)) return null;
  if (Date.now() - row.updatedAt.getTime() > 2 * 60_000) return null;
  return de.done[match[1] as ClockAction](row.name, formatTime(row.updatedAt, zone));
}

export async function clockPageAction(
  request: Request,
  context: AppLoadContext,
  params: { branchId?: string; deviceKey?: string },
) {
  const branch = await clockBranch(context, params, "page");
  const fields = Object.fromEntries(await request.formData());
  const action = actionOf(fields.action);
  const staff = await branchStaff(context.db, branch.id);
  const fail = (status: number, message: string) =>
    data({ branch, staff, notice: null, error: message }, { status, headers: NO_STORE });
  if (!action) return fail(400, de.errors.invalidAction);
  const card = typeof fields.card === "string" ? fields.card.trim() : "";
  const pin = typeof fields.pin === "string" ? fields.pin.trim() : "";
  let identification: Identification;
  if (card) {
    if (!isValidCardNumber(card)) return fail(400, `${de.failed[action]} ${de.identify.wrong}`);
    identification = { branchId: branch.id, card };
  } else {
    const userId = parseId(fields.person);
    if (!userId || !pin) return fail(400, `${de.failed[action]} ${de.identify.missing}`);
    if (!isValidPin(pin)) return fail(401, `${de.failed[action]} ${de.identify.wrong}`);
    identification = { branchId: branch.id, userId, pin };
  }
  const found = await identifyAtDevice(
    context.db,
    params.deviceKey ?? "",
    identification,
    new Date(),
  );
  if (!found.ok) return fail(found.status, `${de.failed[action]} ${found.message}`);
  const done = await clock(context.db, {
    userId: found.person.id,
    branchId: branch.id,
    action,
    now: new Date(),
    source: "clock",
  });
  if (!done.ok) return fail(done.status, done.message);
  const url = new URL(request.url);
  return redirect(`${url.pathname}?erfasst=${action}-${done.activityId}`, { headers: NO_STORE });
}

// ——— "Meine Arbeitszeit" ———

async function ownBranches(context: AppLoadContext, user: StaffUser) {
  return context.db
    .selectFrom("branches")
    .select(["id", "name"])
    .$if(!user.isAdmin, (qb) => qb.where("id", "in", user.branchIds.length ? user.branchIds : [0]))
    .orderBy("position")
    .orderBy("name")
    .execute();
}

export async function myTimePage(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const zone = await zoneOf(context);
  const now = new Date();
  const [branches, { state, open }, credentials] = await Promise.all([
    ownBranches(context, user),
    stateOf(context.db, user.id),
    clockCredentialsOf(context.db, user.id),
  ]);
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const recent = await listActivities(context.db, {
    branches: "all",
    userId: user.id,
    from: DateTime.fromISO(today).minus({ days: 13 }).toISODate()!,
    to: today,
    zone,
    now,
  });
  const search = new URL(request.url).searchParams;
  return {
    branches,
    state,
    since: open ? formatTime(open.startedAt, zone) : null,
    openBranchId: open?.branchId ?? null,
    credentials,
    recent: recent.slice(0, 20).map((row) => activityView(row, zone)),
    notice:
      search.get("gespeichert") === "1"
        ? de.mine.credentialsSaved
        : await doneNotice(context, search, null, zone),
  };
}

export async function myTimeAction(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "credentials") {
    const pin = typeof fields.pin === "string" ? fields.pin.trim() : "";
    const card = typeof fields.card === "string" ? fields.card.trim() : "";
    if (pin && !isValidPin(pin)) return data({ error: de.errors.pinInvalid }, { status: 400 });
    if (card && !isValidCardNumber(card)) {
      return data({ error: de.errors.cardInvalid }, { status: 400 });
    }
    const saved = await setClockCredentials(context.db, user.id, {
      ...(pin ? { pin } : {}),
      ...(card ? { card } : {}),
    });
    if (!saved.ok) return data({ error: saved.message }, { status: saved.status });
    await audit(context.db, {
      user,
      action: "clock-credentials.update",
      entityType: "user",
      entityId: user.id,
      data: { pin: Boolean(pin), card: Boolean(card) },
      context,
    });
    return redirect("/backend/my-time?gespeichert=1");
  }
  const action = actionOf(fields.action);
  if (!action) return data({ error: de.errors.invalidAction }, { status: 400 });
  const branchId = parseId(fields.branchId);
  if (!branchId) {
    return data({ error: `${de.failed[action]} ${de.errors.invalidBranch}` }, { status: 400 });
  }
  if (!canAccessBranch(user, branchId)) {
    return data({ error: `${de.failed[action]} ${de.identify.notAtBranch}` }, { status: 403 });
  }
  const done = await clock(context.db, {
    userId: user.id,
    branchId,
    action,
    now: new Date(),
    source: "self",
  });
  if (!done.ok) return data({ error: done.message }, { status: done.status });
  return redirect(`/backend/my-time?erfasst=${action}-${done.activityId}`);
}

// ——— The managers' list and corrections ———

async function requireManager(request: Request, context: AppLoadContext) {
  return requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
}

function activityView(row: ActivityRow, zone: string) {
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

class BadInput {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly message: string,
  ) {}
}

/** The list's filter from a query (`from`/`to`/`branch`/`user`, or the page's German names). */
async function listFilter(context: AppLoadContext, user: StaffUser, search: URLSearchParams) {
  const zone = await zoneOf(context);
  const range = queryRange(
    new URLSearchParams({
      ...((search.get("von") ?? search.get("from"))
        ? { from: (search.get("von") ?? search.get("from"))! }
        : {}),
      ...((search.get("bis") ?? search.get("to"))
        ? { to: (search.get("bis") ?? search.get("to"))! }
        : {}),
    }),
    zone,
    1,
  );
  if (!range) throw new BadInput(400, `${de.loadError} ${de.errors.invalidDate}`);
  const rawBranch = search.get("filiale") ?? search.get("branch");
  let branches: "all" | number[] = user.isAdmin ? "all" : user.branchIds;
  if (rawBranch) {
    const id = parseId(rawBranch);
    if (!id) throw new BadInput(400, `${de.loadError} ${de.errors.invalidBranch}`);
    if (!canAccessBranch(user, id)) throw new BadInput(403, staffDe.errors.forbidden);
    branches = [id];
  }
  const rawUser = search.get("person") ?? search.get("user");
  let userId: number | null = null;
  if (rawUser) {
    userId = parseId(rawUser);
    if (!userId) throw new BadInput(400, `${de.loadError} ${de.errors.invalidUser}`);
  }
  return { ...range, branches, userId, zone, now: new Date() };
}

export async function activitiesApi(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  if (request.method === "POST") return createActivityApi(request, context, user);
  if (request.method !== "GET" && request.method !== "HEAD") {
    return jsonError(405, staffDe.errors.methodNotAllowed);
  }
  try {
    const filter = await listFilter(context, user, new URL(request.url).searchParams);
    const rows = await listActivities(context.db, filter);
    const violations = await violationsOf(context.db, rows, filter);
    return Response.json({ data: rows.map(activityJson), violations }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof BadInput) return jsonError(error.status, error.message);
    throw error;
  }
}

async function visibleActivity(context: AppLoadContext, user: StaffUser, rawId: unknown) {
  const id = parseId(rawId);
  const row = id ? await findActivity(context.db, id) : null;
  if (!row || !canAccessBranch(user, row.branchId)) return null;
  return row;
}

const instantSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const parsed = DateTime.fromISO(value, { setZone: true });
    if (!parsed.isValid || parsed.year < 1900 || parsed.year > 2999) {
      ctx.addIssue({ code: "custom", message: de.errors.invalidTime });
      return z.NEVER;
    }
    return parsed.toJSDate();
  });

const reasonSchema = z
  .string({ message: de.errors.reasonMissing })
  .transform(cleanLine)
  .pipe(z.string().min(1, de.errors.reasonMissing).max(500, de.errors.reasonTooLong));

const correctionSchema = z.object({
  start: instantSchema,
  end: instantSchema.nullable().optional(),
  pauses: z
    .array(z.object({ start: instantSchema, end: instantSchema.nullable().optional() }))
    .max(20, de.errors.tooManyPauses)
    .optional(),
  comment: z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(1000, de.errors.commentTooLong))
    .nullable()
    .optional(),
  reason: reasonSchema,
});

const idSchema = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const id = parseId(value);
      if (!id) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });

const optionalIdSchema = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const id = parseId(value);
      if (!id) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });

/** A new activity (decision 065): the correction's fields plus who, where and on what. */
const newActivitySchema = correctionSchema.extend({
  userId: idSchema(de.errors.invalidUser),
  branchId: idSchema(de.errors.invalidBranch),
  departmentId: optionalIdSchema(de.errors.invalidDepartment),
  projectId: optionalIdSchema(de.errors.invalidProject),
  taskId: optionalIdSchema(de.errors.invalidTask),
});

function toNewActivity(input: z.infer<typeof newActivitySchema>): NewActivity {
  return {
    ...toCorrection(input),
    userId: input.userId,
    branchId: input.branchId,
    departmentId: input.departmentId,
    projectId: input.projectId,
    taskId: input.taskId,
  };
}

/** POST /api/working-activities: a forgotten clock-in added by a manager, with a reason. */
async function createActivityApi(request: Request, context: AppLoadContext, user: StaffUser) {
  const input = await parsedBodyOr400(request, newActivitySchema, de.createError);
  if (input instanceof Response) return input;
  const done = await addActivity(context.db, {
    user,
    activity: toNewActivity(input),
    now: new Date(),
    context,
  });
  if (!done.ok) return jsonError(done.status, done.message);
  const created = await findActivity(context.db, done.id);
  return Response.json({ data: activityJson(created!) }, { status: 201, headers: NO_STORE });
}

function toCorrection(input: z.infer<typeof correctionSchema>): Correction {
  return {
    startedAt: input.start,
    endedAt: input.end ?? null,
    pauses: (input.pauses ?? []).map((pause): Interval => ({
      startedAt: pause.start,
      endedAt: pause.end ?? null,
    })),
    comment: input.comment ? input.comment : null,
    reason: input.reason,
  };
}

export async function activityApi(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireManager(request, context);
  const row = await visibleActivity(context, user, params.id);
  if (request.method === "GET" || request.method === "HEAD") {
    if (!row) return jsonError(404, de.errors.notFound);
    return Response.json({ data: activityJson(row) }, { headers: NO_STORE });
  }
  if (request.method === "DELETE") {
    if (!row) return jsonError(404, `${de.deleteError} ${de.errors.notFound}`);
    const body = await bodyOr400(request);
    if (body instanceof Response) return body;
    const reason = reasonSchema.safeParse(
      body.reason ?? new URL(request.url).searchParams.get("reason") ?? "",
    );
    if (!reason.success) {
      return jsonError(400, `${de.deleteError} ${reason.error.issues[0]?.message ?? ""}`.trim());
    }
    const done = await deleteActivity(context.db, {
      id: row.id,
      user,
      reason: reason.data,
      now: new Date(),
      context,
    });
    if (!done.ok) return jsonError(done.status, done.message);
    return new Response(null, { status: 204, headers: NO_STORE });
  }
  if (request.method !== "PUT") return jsonError(405, staffDe.errors.methodNotAllowed);
  if (!row) return jsonError(404, `${de.updateError} ${de.errors.notFound}`);
  const input = await parsedBodyOr400(request, correctionSchema, de.updateError);
  if (input instanceof Response) return input;
  const done = await correctActivity(context.db, {
    id: row.id,
    user,
    correction: toCorrection(input),
    now: new Date(),
    context,
  });
  if (!done.ok) return jsonError(done.status, done.message);
  const updated = await findActivity(context.db, row.id);
  return Response.json({ data: activityJson(updated!) }, { headers: NO_STORE });
}

export async function activitiesPage(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const branches = await ownBranches(context, user);
  const form = {
    von: search.get("von") ?? "",
    bis: search.get("bis") ?? "",
    filiale: search.get("filiale") ?? "",
  };
  try {
    const filter = await listFilter(context, user, search);
    const rows = await listActivities(context.db, filter);
    const violations = await violationsOf(context.db, rows, filter);
    return data({
      branches,
      form: { ...form, von: form.von || filter.from, bis: form.bis || filter.to },
      problem: null as string | null,
      rows: rows.map((row) => activityView(row, filter.zone)),
      violations: violations.map((person) => ({
        userName: person.userName,
        items: person.violations.map((violation) => ({
          day: DateTime.fromISO(violation.day).toFormat("dd.MM.yyyy"),
          text: violationText(violation),
        })),
      })),
      notice:
        search.get("korrigiert") === "1"
          ? de.edit.saved
          : search.get("nachgetragen") === "1"
            ? de.add.saved
            : search.get("geloescht") === "1"
              ? de.edit.deleted
              : null,
    });
  } catch (error) {
    if (error instanceof BadInput) {
      return data(
        { branches, form, problem: error.message, rows: [], violations: [], notice: null },
        { status: error.status },
      );
    }
    throw error;
  }
}

const localInput = (date: Date | null, zone: string) =>
  date ? DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") : "";

export async function activityEditPage(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireManager(request, context);
  const row = await visibleActivity(context, user, params.id);
  if (!row) {
    throw data({ message: de.errors.notFound, title: de.edit.title }, { status: 404 });
  }
  const zone = await zoneOf(context);
  const history = await correctionsOf(context.db, row.id);
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

/** 'YYYY-MM-DDTHH:mm' of the business time zone → ISO instant; '' → null; nonsense → undefined. */
function fromLocal(value: unknown, zone: string): string | null | undefined {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const parsed = DateTime.fromISO(value, { zone });
  return parsed.isValid ? parsed.toISO()! : undefined;
}

/** Start, end and pauses of an activity form; a German message when one does not parse. */
function formTimes(form: FormData, zone: string) {
  const start = fromLocal(form.get("start"), zone);
  const end = fromLocal(form.get("end"), zone);
  if (!start || end === undefined) return de.errors.invalidTime;
  const pauseStarts = form.getAll("pauseStart");
  const pauseEnds = form.getAll("pauseEnd");
  if (pauseStarts.length > 21) return de.errors.tooManyPauses;
  const pauses: { start: string; end: string | null }[] = [];
  for (const [index, rawStart] of pauseStarts.entries()) {
    const pauseStart = fromLocal(rawStart, zone);
    const pauseEnd = fromLocal(pauseEnds[index], zone);
    if (pauseStart === undefined || pauseEnd === undefined) return de.errors.invalidTime;
    if (pauseStart === null) continue;
    pauses.push({ start: pauseStart, end: pauseEnd });
  }
  return { start, end, pauses };
}

/** The choices of the "Aktivität nachtragen" form: the manager's branches and their people. */
async function newActivityChoices(context: AppLoadContext, user: StaffUser) {
  const branches = await ownBranches(context, user);
  const branchIds = branches.map((branch) => branch.id);
  const ids = branchIds.length ? branchIds : [0];
  const [people, departments, projects, tasks] = await Promise.all([
    context.db
      .selectFrom("users")
      .innerJoin("userBranches", "userBranches.userId", "users.id")
      .select(["users.id", "users.name"])
      .where("userBranches.branchId", "in", ids)
      .groupBy(["users.id", "users.name"])
      .orderBy("users.name")
      .orderBy("users.id")
      .execute(),
    context.db
      .selectFrom("departments")
      .select(["id", "name"])
      .orderBy("position")
      .orderBy("name")
      .execute(),
    context.db
      .selectFrom("projects")
      .select(["id", "name", "branchId"])
      .where("branchId", "in", ids)
      .orderBy("name")
      .limit(500)
      .execute(),
    context.db
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

/** GET /backend/working-activities/new: the form for a forgotten clock-in (decision 065). */
export async function activityNewPage(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const zone = await zoneOf(context);
  const today = DateTime.now().setZone(zone).toISODate()!;
  const day = parseIsoDate(search.get("tag") ?? "") ?? today;
  return { ...(await newActivityChoices(context, user)), day };
}

/** POST /backend/working-activities/new: adds the activity, back to its day's list. */
export async function activityNewAction(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const zone = await zoneOf(context);
  const form = await request.formData();
  const fail = (message: string, status = 400) =>
    data({ error: `${de.createError} ${message}` }, { status });
  const times = formTimes(form, zone);
  if (typeof times === "string") return fail(times);
  const text = (name: string) => (typeof form.get(name) === "string" ? form.get(name) : null);
  const parsed = newActivitySchema.safeParse({
    ...times,
    userId: text("userId"),
    branchId: text("branchId"),
    departmentId: text("departmentId"),
    projectId: text("projectId"),
    taskId: text("taskId"),
    comment: text("comment"),
    reason: text("reason") ?? "",
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "");
  const done = await addActivity(context.db, {
    user,
    activity: toNewActivity(parsed.data),
    now: new Date(),
    context,
  });
  if (!done.ok) return data({ error: done.message }, { status: done.status });
  const day = DateTime.fromJSDate(parsed.data.start, { zone }).toISODate()!;
  return redirect(`/backend/working-activities?von=${day}&bis=${day}&nachgetragen=1`);
}

export async function activityEditAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireManager(request, context);
  const row = await visibleActivity(context, user, params.id);
  if (!row) {
    throw data({ message: de.errors.notFound, title: de.edit.title }, { status: 404 });
  }
  const zone = await zoneOf(context);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    const reason = reasonSchema.safeParse(form.get("deleteReason") ?? "");
    if (!reason.success) {
      return data(
        { error: `${de.deleteError} ${reason.error.issues[0]?.message ?? ""}`.trim() },
        { status: 400 },
      );
    }
    const deleted = await deleteActivity(context.db, {
      id: row.id,
      user,
      reason: reason.data,
      now: new Date(),
      context,
    });
    if (!deleted.ok) {
      if (deleted.status === 404) throw forbidden(user.surface);
      return data({ error: deleted.message }, { status: deleted.status });
    }
    const day = DateTime.fromJSDate(deleted.day, { zone }).toISODate()!;
    return redirect(`/backend/working-activities?von=${day}&bis=${day}&geloescht=1`);
  }
  const fail = (message: string) =>
    data({ error: `${de.updateError} ${message}` }, { status: 400 });
  const times = formTimes(form, zone);
  if (typeof times === "string") return fail(times);
  const parsed = correctionSchema.safeParse({
    ...times,
    comment: typeof form.get("comment") === "string" ? form.get("comment") : null,
    reason: typeof form.get("reason") === "string" ? form.get("reason") : "",
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "");
  const done = await correctActivity(context.db, {
    id: row.id,
    user,
    correction: toCorrection(parsed.data),
    now: new Date(),
    context,
  });
  if (!done.ok) {
    if (done.status === 404) throw forbidden(user.surface);
    return data({ error: done.message }, { status: done.status });
  }
  const day = DateTime.fromJSDate(parsed.data.start, { zone }).toISODate()!;
  return redirect(`/backend/working-activities?von=${day}&bis=${day}&korrigiert=1`);
}

// ——— A manager sets another person's PIN and card (decision 065) ———

/**
 * The person whose clock credentials `actor` may read and set: the one rule of who may manage
 * whom (decision 068; a PIN set is a way to clock in as that person). 404 for someone the actor
 * cannot see, 403 for a peer manager or an employee shared with another branch.
 */
async function credentialsPerson(context: AppLoadContext, actor: StaffUser, userId: number) {
  const access = await personAccess(context.db, actor, userId);
  return access.ok
    ? { ok: true as const, person: { id: access.person.id, name: access.person.name } }
    : access;
}

type CredentialsInput = { pin?: string; card?: string | null };

/** PIN, card or card removal from a form or JSON body; a German message when none fits. */
function credentialsInput(body: Record<string, unknown>): CredentialsInput | string {
  const pin = typeof body.pin === "string" ? body.pin.trim() : body.pin;
  const card = typeof body.card === "string" ? body.card.trim() : body.card;
  const removeCard = body.removeCard === true || body.removeCard === "1" || body.card === null;
  const input: CredentialsInput = {};
  if (pin !== undefined && pin !== "" && pin !== null) {
    if (!isValidPin(pin)) return de.errors.pinInvalid;
    input.pin = pin;
  }
  if (removeCard) input.card = null;
  else if (card !== undefined && card !== "") {
    if (!isValidCardNumber(card)) return de.errors.cardInvalid;
    input.card = card;
  }
  if (input.pin === undefined && input.card === undefined) return de.credentials.nothing;
  return input;
}

async function saveCredentialsFor(
  context: AppLoadContext,
  actor: StaffUser,
  userId: number,
  input: CredentialsInput,
): Promise<{ ok: true } | Refusal> {
  const saved = await setClockCredentials(context.db, userId, input);
  if (!saved.ok) return saved;
  await audit(context.db, {
    user: actor,
    action: "clock-credentials.update",
    entityType: "user",
    entityId: userId,
    data: {
      pin: input.pin !== undefined,
      card: input.card === undefined ? false : input.card ? "set" : "removed",
    },
    context,
  });
  return { ok: true };
}

/** PUT /api/clock-credentials/{userId} `{ pin?, card?, removeCard? }`: 204. */
export async function clockCredentialsApi(
  request: Request,
  context: AppLoadContext,
  params: { userId?: string },
) {
  const user = await requireManager(request, context);
  const id = parseId(params.userId);
  const access = id ? await credentialsPerson(context, user, id) : null;
  const person = access?.ok ? access.person : null;
  const refused = (prefix: string) =>
    access?.ok === false && access.status === 403
      ? jsonError(403, `${prefix}${de.errors.notManaged}`)
      : jsonError(404, `${prefix}${de.errors.invalidUser}`);
  if (request.method === "GET" || request.method === "HEAD") {
    if (!person) return refused("");
    const row = await context.db
      .selectFrom("staffClockCredentials")
      .select(["pinHash", "cardDigest", "pinLockedUntil"])
      .where("userId", "=", person.id)
      .executeTakeFirst();
    return Response.json(
      {
        data: {
          userId: person.id,
          name: person.name,
          hasPin: Boolean(row?.pinHash),
          hasCard: Boolean(row?.cardDigest),
          lockedUntil:
            row?.pinLockedUntil && row.pinLockedUntil > new Date()
              ? row.pinLockedUntil.toISOString()
              : null,
        },
      },
      { headers: NO_STORE },
    );
  }
  if (request.method !== "PUT" && request.method !== "POST") {
    return jsonError(405, staffDe.errors.methodNotAllowed);
  }
  if (!person) return refused(`${de.credentials.failed} `);
  const body = await bodyOr400(request);
  if (body instanceof Response) return body;
  const input = credentialsInput(body);
  if (typeof input === "string") return jsonError(400, `${de.credentials.failed} ${input}`);
  const saved = await saveCredentialsFor(context, user, person.id, input);
  if (!saved.ok) return jsonError(saved.status, `${de.credentials.failed} ${saved.message}`);
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** GET /backend/clock-credentials: the people of the manager's branches, with PIN/card state. */
export async function clockCredentialsPage(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const branches = await ownBranches(context, user);
  const ids = branches.length ? branches.map((branch) => branch.id) : [0];
  const people = await context.db
    .selectFrom("users")
    .innerJoin("userBranches", "userBranches.userId", "users.id")
    .leftJoin("staffClockCredentials as c", "c.userId", "users.id")
    .select(["users.id", "users.name", "c.pinHash", "c.cardDigest", "c.pinLockedUntil"])
    .where("userBranches.branchId", "in", ids)
    .$if(!user.isAdmin, (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("userRoles")
              .select("userRoles.userId")
              .whereRef("userRoles.userId", "=", "users.id")
              .where("userRoles.role", "=", "ROLE_ADMIN"),
          ),
        ),
      ),
    )
    .groupBy(["users.id", "users.name", "c.pinHash", "c.cardDigest", "c.pinLockedUntil"])
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  const now = new Date();
  const saved = parseId(new URL(request.url).searchParams.get("gespeichert"));
  const savedName = saved ? people.find((p) => p.id === saved)?.name : undefined;
  // Only the people the manager may manage (decision 068): their own PIN is set on "Meine
  // Arbeitszeit", peer managers' and shared employees' by the head office.
  const manageable = await viewablePeople(context.db, user, people, "manage");
  return {
    people: manageable.map((person) => ({
      id: person.id,
      name: person.name,
      hasPin: Boolean(person.pinHash),
      hasCard: Boolean(person.cardDigest),
      locked: Boolean(person.pinLockedUntil && person.pinLockedUntil > now),
    })),
    notice: savedName ? de.credentials.saved(savedName) : null,
  };
}

export async function clockCredentialsAction(request: Request, context: AppLoadContext) {
  const user = await requireManager(request, context);
  const fields = Object.fromEntries(await request.formData());
  const fail = (status: number, message: string) =>
    data({ error: `${de.credentials.failed} ${message}` }, { status });
  const id = parseId(fields.userId);
  const access = id ? await credentialsPerson(context, user, id) : null;
  if (!access?.ok) {
    if (!id) return fail(400, de.errors.invalidUser);
    return fail(403, access?.status === 403 ? de.errors.notManaged : de.errors.notAtBranch);
  }
  const person = access.person;
  const input = credentialsInput(fields);
  if (typeof input === "string") return fail(400, input);
  const saved = await saveCredentialsFor(context, user, person.id, input);
  if (!saved.ok) return fail(saved.status, saved.message);
  return redirect(`/backend/clock-credentials?gespeichert=${person.id}`);
}
