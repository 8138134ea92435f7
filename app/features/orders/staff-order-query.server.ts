import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { PAYMENT_METHODS } from "#app/domain/checkout";
import { branchScope, canAccessBranch } from "#app/domain/staff-permissions";
import { currentStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import { STAFF_SESSION_COOKIE } from "#app/features/staff/staff-session.server";
import {
  SORT_KEYS,
  STATUS_FILTERS,
  type OrderListQuery,
  type StaffScope,
} from "./staff-orders.server";
import { idSchema, isoDateSchema } from "#app/domain/values";

/** The staff member's reach for the order services: every branch for administrators. */
export function staffScope(user: StaffUser, context: AppLoadContext): StaffScope {
  const scope = branchScope(user);
  return {
    userId: user.id,
    branchIds: scope === "all" ? null : scope,
    ip: context.clientAddress || null,
  };
}

/**
 * The staff member taking a phone order at the storefront's checkout: signed in and working for
 * this branch. Customers (no staff cookie) cost nothing here.
 */
export async function phoneOrderTaker(
  request: Request,
  context: AppLoadContext,
  branchId: number,
): Promise<StaffScope | null> {
  if (!(request.headers.get("Cookie") ?? "").includes(`${STAFF_SESSION_COOKIE}=`)) return null;
  const user = await currentStaff(request, context);
  if (!user || !canAccessBranch(user, branchId)) return null;
  return staffScope(user, context);
}

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The board's and the history's query string (and the JSON API's), all optional. */
export const orderListQuerySchema = z.object({
  view: optional(z.enum(["current", "missed", "history"])),
  branch: optional(idSchema),
  from: optional(isoDateSchema),
  to: optional(isoDateSchema),
  status: optional(z.enum(STATUS_FILTERS)),
  payment: optional(z.enum(PAYMENT_METHODS)),
  q: optional(z.string().max(100)),
  sort: optional(z.enum(SORT_KEYS)),
  dir: optional(z.enum(["asc", "desc"])),
  page: optional(z.coerce.number().int().positive().max(100_000)),
});

export type OrderListParams = z.infer<typeof orderListQuerySchema>;

/** Parses the search params; null when a value is not one we offer (the caller answers 400). */
export function parseOrderListQuery(
  url: URL,
  fallbackView: OrderListQuery["view"],
): { params: OrderListParams; query: OrderListQuery } | null {
  const parsed = orderListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return null;
  const params = parsed.data;
  return {
    params,
    query: {
      view: params.view ?? fallbackView,
      branchId: params.branch ?? null,
      from: params.from ?? null,
      to: params.to ?? null,
      status: params.status ?? null,
      paymentMethod: params.payment ?? null,
      search: params.q ?? null,
      sort: params.sort,
      direction: params.dir,
      page: params.page,
    },
  };
}
