import { DateTime } from "luxon";
import { z } from "zod";
import { cleanLine, cleanText, parseId } from "#app/domain/values";
import type { Interval } from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import type { BodyKeys } from "#app/server/unknown-keys";
import type { Correction, NewActivity } from "./working-activities.server";

/**
 * The input of a correction, a new activity and a deletion (decision 058, 065): one zod schema
 * each for the JSON API (instants) and the page's forms (local 'YYYY-MM-DDTHH:mm' times of the
 * business time zone, read by `formTimes` into the same shape). Messages are German and carry
 * the action's failure first ('Aktivität konnte nicht … werden.').
 */

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

export const reasonSchema = z
  .string({ message: de.errors.reasonMissing })
  .transform(cleanLine)
  .pipe(z.string().min(1, de.errors.reasonMissing).max(500, de.errors.reasonTooLong));

export const correctionSchema = z.object({
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

const idSchema = (message: string, optional: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (optional && (value === undefined || value === null || value === "")) return null;
      const id = parseId(value);
      if (!id) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });

/** A new activity (decision 065): the correction's fields plus who, where and on what. */
export const newActivitySchema = correctionSchema.extend({
  userId: idSchema(de.errors.invalidUser, false).pipe(z.number()),
  branchId: idSchema(de.errors.invalidBranch, false).pipe(z.number()),
  departmentId: idSchema(de.errors.invalidDepartment, true),
  projectId: idSchema(de.errors.invalidProject, true),
  taskId: idSchema(de.errors.invalidTask, true),
});

/** The keys of a correction's JSON (decision 104): the schema's, a pause's start and end. */
export const CORRECTION_KEYS: BodyKeys = {
  takes: Object.keys(correctionSchema.shape).filter((key) => key !== "pauses"),
  answers: ["id", "userId", "branchId", "departmentId", "projectId", "taskId"],
  rows: { pauses: { takes: ["start", "end"] } },
};

/** The keys of a new activity's JSON (decision 104). */
export const NEW_ACTIVITY_KEYS: BodyKeys = {
  takes: Object.keys(newActivitySchema.shape).filter((key) => key !== "pauses"),
  answers: ["id"],
  rows: { pauses: { takes: ["start", "end"] } },
};

export function toCorrection(input: z.infer<typeof correctionSchema>): Correction {
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

export function toNewActivity(input: z.infer<typeof newActivitySchema>): NewActivity {
  return {
    ...toCorrection(input),
    userId: input.userId,
    branchId: input.branchId,
    departmentId: input.departmentId,
    projectId: input.projectId,
    taskId: input.taskId,
  };
}

/** `body` checked by `schema`, or a 400 whose message is `failure` and the first problem. */
export function parsedOr400<T>(schema: z.ZodType<T>, body: unknown, failure: string): Outcome<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return succeeded(parsed.data);
  return refused(400, `${failure} ${parsed.error.issues[0]?.message ?? ""}`.trim());
}

/** 'YYYY-MM-DDTHH:mm' of the business time zone → ISO instant; '' → null; nonsense → undefined. */
function fromLocal(value: unknown, zone: string): string | null | undefined {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const parsed = DateTime.fromISO(value, { zone });
  return parsed.isValid ? parsed.toISO()! : undefined;
}

type FormTimes = {
  start: string;
  end: string | null;
  pauses: { start: string; end: string | null }[];
};

/** Start, end and pauses of an activity form; a German message when one does not parse. */
function formTimes(form: FormData, zone: string): FormTimes | string {
  const start = fromLocal(form.get("start"), zone);
  const end = fromLocal(form.get("end"), zone);
  if (!start || end === undefined) return de.errors.invalidTime;
  const pauseStarts = form.getAll("pauseStart");
  const pauseEnds = form.getAll("pauseEnd");
  if (pauseStarts.length > 21) return de.errors.tooManyPauses;
  const pauses: FormTimes["pauses"] = [];
  for (const [index, rawStart] of pauseStarts.entries()) {
    const pauseStart = fromLocal(rawStart, zone);
    const pauseEnd = fromLocal(pauseEnds[index], zone);
    if (pauseStart === undefined || pauseEnd === undefined) return de.errors.invalidTime;
    if (pauseStart === null) continue;
    pauses.push({ start: pauseStart, end: pauseEnd });
  }
  return { start, end, pauses };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};

/** The page's correction form, checked as the API's body is. */
export function correctionFromForm(form: FormData, zone: string) {
  const times = formTimes(form, zone);
  if (typeof times === "string") return refused(400, `${de.updateError} ${times}`);
  const body = { ...times, comment: text(form, "comment"), reason: text(form, "reason") ?? "" };
  return parsedOr400(correctionSchema, body, de.updateError);
}

/** The page's "Aktivität nachtragen" form, checked as the API's body is. */
export function newActivityFromForm(form: FormData, zone: string) {
  const times = formTimes(form, zone);
  if (typeof times === "string") return refused(400, `${de.createError} ${times}`);
  const fields = ["userId", "branchId", "departmentId", "projectId", "taskId", "comment"];
  const body = {
    ...times,
    ...Object.fromEntries(fields.map((name) => [name, text(form, name)])),
    reason: text(form, "reason") ?? "",
  };
  return parsedOr400(newActivitySchema, body, de.createError);
}
