import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { resendDelivery } from "#app/features/webhooks/webhooks.server";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * `POST /api/webhooks/deliveries/{id}/resend`: sends a delivery again with the same event id, at
 * once and with three more days of retries; answers 202.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  return apiMethodNotAllowed("POST");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = parseId(params.deliveryId);
  if (id === null) return problem(404, texts.errors.deliveryNotFound);
  const resent = await resendDelivery(context.db, id, new Date());
  if (!resent.ok) return problemAnswer(resent);
  context.webhooks?.wake();
  return Response.json(
    { data: { id, status: "pending" } },
    { status: 202, headers: { "Cache-Control": "private, no-store" } },
  );
}
