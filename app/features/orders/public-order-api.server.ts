import type { z } from "zod";
import { deOrderStatus } from "../../i18n/de-order-status";
import type { OrderChangeResult } from "./order-status.server";
import { publicOrder } from "./order-status-view.server";

/**
 * The answers of the public order API (spec section 7): `{ data }` on success, `{ errors: [{
 * message, field }] }` on failure, the same 404 for a wrong hash as for an unknown uid.
 */
export interface ApiError {
  message: string;
  field?: string;
}

export function apiErrors(errors: ApiError[], status: number, headers?: HeadersInit): Response {
  return Response.json({ errors }, { status, headers });
}

export const apiNotFound = () => apiErrors([{ message: deOrderStatus.errors.notFound }], 404);

export const apiBadRequest = () => apiErrors([{ message: deOrderStatus.errors.badRequest }], 400);

export const apiMethodNotAllowed = (allow: string) =>
  apiErrors([{ message: deOrderStatus.errors.methodNotAllowed }], 405, { Allow: allow });

/** A zod failure as the API's error list: one entry per issue, named by its top-level field. */
export function validationErrors(error: z.ZodError): Response {
  return apiErrors(
    error.issues.map((issue) => {
      const field = issue.path[0];
      return field === undefined
        ? { message: issue.message }
        : { message: issue.message, field: String(field) };
    }),
    400,
  );
}

/** A service's answer as JSON: the order as it is now, or why it was refused. */
export function changeResponse(result: OrderChangeResult): Response {
  if (result.ok) return Response.json({ data: publicOrder(result.record) });
  if (result.status === 404) return apiNotFound();
  const error: ApiError = result.field
    ? { message: result.message, field: result.field }
    : { message: result.message };
  return apiErrors([error], 400);
}
