import type { Route } from "#app/server/route-types";
import { phoneCountryOf } from "#app/domain/phone";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  auditCustomerExport,
  customerDataExport,
  parseCustomerQuery,
} from "#app/features/orders/customer-data.server";
import { downloadAnswer } from "#app/server/download-answer.server";
import { dePrivacy as texts } from "#app/i18n/de-privacy";

/**
 * `/backend/customer-data/export.json?q=…` (Art. 15, decision 112): everything stored about the
 * customer with this e-mail or phone, as JSON to download. Administrators only; it changes no
 * data, only the audit log records who downloaded which orders (without the customer's data).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const zone = (await referenceSettings(context.db)).businessTimeZone;
  const query = parseCustomerQuery(
    new URL(request.url).searchParams.get("q"),
    texts.errors.query,
    phoneCountryOf(zone),
  );
  if (!query.ok) return downloadAnswer(query);
  const now = new Date();
  const exported = await customerDataExport(context.db, query.value, now);
  await auditCustomerExport(
    context.db,
    query.value,
    exported.orders.map((order) => order.id),
    { userId: user.id, ip: context.clientAddress || null },
    now,
  );
  return downloadAnswer({
    ok: true,
    value: {
      body: JSON.stringify(exported, null, 2),
      contentType: "application/json; charset=utf-8",
      filename: `kundendaten-${now.toISOString().slice(0, 10)}.json`,
    },
  });
}
