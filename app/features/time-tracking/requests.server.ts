import type { AppLoadContext } from "@remix-run/node";
import { problem } from "../../server/outcome";
import { de as staffDe } from "../../i18n/de-staff";
import { requireStaff } from "../staff/staff-auth.server";

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
