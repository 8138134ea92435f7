import type { Route } from "#app/server/route-types";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { exportCustomerData, readCustomerQuery } from "#app/features/orders/customer-data.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";

/**
 * `GET /api/customer-data?q=` (Art. 15), administrators only (decision 112): everything stored
 * about the customer with this e-mail or phone, as the back office's download has it, in `data`.
 * It changes no data; the audit log records who exported which orders (without the customer's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const query = await readCustomerQuery(context.db, new URL(request.url).searchParams.get("q"));
  if (!query.ok) return problemAnswer(query);
  const exported = await exportCustomerData(
    context.db,
    query.value,
    { userId: user.id, ip: context.clientAddress || null },
    new Date(),
  );
  return Response.json({ data: exported }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  return apiMethodNotAllowed("GET");
}
