import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deliveryJson, findEndpoint, listDeliveries } from "#app/features/webhooks/webhooks.server";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem } from "#app/server/outcome";

/**
 * `GET /api/webhooks/{id}/deliveries`: the endpoint's delivery log, newest first (the last 100):
 * event id and type, status, attempts, the receiver's last status and the first 2 KB of its answer.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = parseId(params.id);
  const endpoint = id === null ? undefined : await findEndpoint(context.db, id);
  if (!endpoint) return problem(404, texts.errors.notFound);
  const rows = await listDeliveries(context.db, endpoint.id);
  return Response.json(
    { data: rows.map(deliveryJson) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  return apiMethodNotAllowed("GET");
}
