import type { Route } from "#app/server/route-types";
import { phoneCountryOf } from "#app/domain/phone";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  auditCustomerExport,
  customerDataExport,
  parseCustomerQuery,
} from "#app/features/orders/customer-data.server";
import { dePrivacy as texts } from "#app/i18n/de-privacy";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/customer-data?q=` (Art. 15), administrators only (decision 112): everything stored
 * about the customer with this e-mail or phone, as the back office's download has it, in `data`.
 * It changes no data; the audit log records who exported which orders (without the customer's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const zone = (await referenceSettings(context.db)).businessTimeZone;
  const raw = new URL(request.url).searchParams.get("q");
  const query = parseCustomerQuery(raw, texts.errors.query, phoneCountryOf(zone));
  if (!query.ok) return problemAnswer(query);
  const now = new Date();
  const exported = await customerDataExport(context.db, query.value, now);
  await auditCustomerExport(
    context.db,
    query.value,
    exported.orders.map((order) => order.id),
    { userId: user.id, ip: context.clientAddress || null },
    now,
  );
  return Response.json({ data: exported }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  return apiMethodNotAllowed("GET");
}
