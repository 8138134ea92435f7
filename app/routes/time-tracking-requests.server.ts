import type { AppLoadContext } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import type { Db } from "#app/db/schema";
import { problem, problemAnswer, type Outcome } from "#app/server/outcome";
import { unknownKeysAnswer, type BodyKeys } from "#app/server/unknown-keys";
import { de as staffDe } from "#app/i18n/de-staff";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import type { AreaContext } from "#app/features/time-tracking/staff-scope.server";

/**
 * What the time-tracking routes share before they call a service: the managers' guard and the
 * reading of a JSON or form body. Route helpers (decision 081): no rule of the area lives here.
 */
export const requireManager = (request: Request, context: AppLoadContext) =>
  requireStaff(request, context, { roles: ["ROLE_MANAGER"] });

export const requireAdmin = (request: Request, context: AppLoadContext) =>
  requireStaff(request, context, { roles: ["ROLE_ADMIN"] });

export const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** A JSON object or form body as a record; an empty body is `{}`; null when it cannot be read. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const text = await request.text();
      if (!text.trim()) return {};
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    }
    if (type.includes("form")) return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
  return {};
}

/** The form's fields as a record (a page's action). */
export async function formFields(request: Request): Promise<Record<string, unknown>> {
  return Object.fromEntries(await request.formData());
}

/** The staff API's answer to a body it cannot read. */
export const unreadableBody = () => problem(400, staffDe.errors.badRequest);

/** The staff API's answer to a method a route does not take. */
export const methodNotAllowed = () => problem(405, staffDe.errors.methodNotAllowed);

/** A JSON success answer, never cached. */
export const jsonData = (value: unknown, status = 200) =>
  Response.json({ data: value }, { status, headers: { "Cache-Control": "no-store" } });

/** 204, never cached. */
export const noContent = () =>
  new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * The loader of a managers' JSON read: the guard, the service with the query (and the address's
 * parameters, for one record), and its data or its refusal. `/api/working-schedules`,
 * `/api/absences`, `/api/working-contracts/{userId}` and their siblings differ only in it.
 */
export function managersRead<T>(
  read: (
    db: Db,
    user: StaffUser,
    search: URLSearchParams,
    params: Route.LoaderArgs["params"],
  ) => Promise<Outcome<T>>,
) {
  return async ({ request, context, params }: Route.LoaderArgs) => {
    const user = await requireManager(request, context);
    const answer = await read(context.db, user, new URL(request.url).searchParams, params);
    return answer.ok ? jsonData(answer.value) : problemAnswer(answer);
  };
}

/**
 * What a managers' JSON write to one record starts with: the guard, 405 for a method the route
 * does not take, the record (`find` gives it, or the route's own answer when there is none), then
 * the body (400 when it cannot be read). The route goes on with them, or returns the answer.
 */
export async function managersWrite<R>(
  { request, context }: Route.ActionArgs,
  methods: readonly string[],
  find: (user: StaffUser) => Promise<R | Response>,
  /** The keys the body may hold, by method (decision 104); others are refused by name. */
  keys: Readonly<Record<string, BodyKeys>>,
): Promise<{ user: StaffUser; row: R; body: Record<string, unknown> } | Response> {
  const user = await requireManager(request, context);
  if (!methods.includes(request.method)) return methodNotAllowed();
  const row = await find(user);
  if (row instanceof Response) return row;
  const body = await readBody(request);
  if (!body) return unreadableBody();
  return unknownKeysAnswer(body, keys[request.method] ?? { takes: [] }) ?? { user, row, body };
}

/**
 * The action of a JSON `POST` that creates: the guard (managers unless told), the body, the
 * service, and 201 with its data or its refusal.
 */
export function managersCreate<T>(
  create: (
    context: AreaContext,
    user: StaffUser,
    body: Record<string, unknown>,
  ) => Promise<Outcome<T>>,
  /** The keys the body may hold and those the answer holds (decision 097); others are refused. */
  keys: BodyKeys,
  guard: (request: Request, context: AppLoadContext) => Promise<StaffUser> = requireManager,
) {
  return async ({ request, context }: Route.ActionArgs) => {
    const user = await guard(request, context);
    if (request.method !== "POST") return methodNotAllowed();
    const body = await readBody(request);
    if (!body) return unreadableBody();
    const unknown = unknownKeysAnswer(body, keys);
    if (unknown) return unknown;
    const answer = await create(context, user, body);
    return answer.ok ? jsonData(answer.value, 201) : problemAnswer(answer);
  };
}

/** The other half of a route that takes one method only: the guard, then 405. */
export const onlyForManagers = async ({ request, context }: Route.LoaderArgs) => {
  await requireManager(request, context);
  return methodNotAllowed();
};

/** An outcome's value in another shape (`{ days }` for a number of days). */
export const mapOutcome = <T, U>(outcome: Outcome<T>, shape: (value: T) => U): Outcome<U> =>
  outcome.ok ? { ok: true, value: shape(outcome.value) } : outcome;

/**
 * The loader and action of one managers' record by id that can be read (or not), changed (or not)
 * and deleted: the guard, the record the user may see or a 404 with `notFound`, then the read, the
 * change (`PUT`, its body; 400 when it cannot be read), the deletion (204) or 405.
 */
export function managersItem<R>(
  find: (db: Db, user: StaffUser, rawId: unknown) => Promise<R | null>,
  notFound: string,
  answers: {
    read?: (row: R) => unknown;
    update?: (
      context: AreaContext,
      user: StaffUser,
      row: R,
      body: Record<string, unknown>,
    ) => Promise<Outcome<unknown>>;
    /** The keys a `PUT` may hold (decision 104); others are refused by name. */
    updateKeys?: BodyKeys;
    remove: (context: AreaContext, user: StaffUser, row: R) => Promise<Outcome<unknown>>;
  },
) {
  const found = async ({ request, context, params }: Route.LoaderArgs) => {
    const user = await requireManager(request, context);
    return { user, row: await find(context.db, user, params.id) };
  };
  return {
    loader: async (args: Route.LoaderArgs) => {
      const { row } = await found(args);
      if (!row) return problem(404, notFound);
      return answers.read ? jsonData(answers.read(row)) : methodNotAllowed();
    },
    action: async (args: Route.ActionArgs) => {
      const { user, row } = await found(args);
      if (!row) return problem(404, notFound);
      if (args.request.method === "PUT" && answers.update) {
        const body = await readBody(args.request);
        if (!body) return unreadableBody();
        const unknown = unknownKeysAnswer(body, answers.updateKeys ?? { takes: [] });
        if (unknown) return unknown;
        const changed = await answers.update(args.context, user, row, body);
        return changed.ok ? jsonData(changed.value) : problemAnswer(changed);
      }
      if (args.request.method !== "DELETE") return methodNotAllowed();
      const removed = await answers.remove(args.context, user, row);
      return removed.ok ? noContent() : problemAnswer(removed);
    },
  };
}
