import type { Route } from "#app/server/route-types";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { exportCustomerData, readCustomerQuery } from "#app/features/orders/customer-data.server";
import { downloadAnswer } from "#app/server/download-answer.server";

/**
 * `/backend/customer-data/export.json?q=…` (Art. 15, decision 112): everything stored about the
 * customer with this e-mail or phone, as JSON to download. Administrators only; it changes no
 * data, only the audit log records who downloaded which orders (without the customer's data).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const query = await readCustomerQuery(context.db, new URL(request.url).searchParams.get("q"));
  if (!query.ok) return downloadAnswer(query);
  const now = new Date();
  const exported = await exportCustomerData(
    context.db,
    query.value,
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
