import type { Route } from "#app/server/route-types";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { uploadsWithPreviews } from "#app/features/uploads/previews.server";
import { eraseCustomerData, readCustomerQuery } from "#app/features/orders/customer-data.server";
import { dePrivacy as texts } from "#app/i18n/de-privacy";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer } from "#app/server/outcome";
import { unknownKeysAnswer } from "#app/server/unknown-keys";

/**
 * `POST /api/customer-data/erase` with `{ "q": e-mail or phone }` (Art. 17), administrators only
 * (decision 112): every order of the customer anonymised and the messages sent to them removed,
 * as the back office's page does, with its audit entry; answers what it removed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  return apiMethodNotAllowed("POST");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const body = await readSmallJson(request);
  if (!body) return problem(400, texts.errors.badRequest);
  const unknown = unknownKeysAnswer(body, { takes: ["q"] });
  if (unknown) return unknown;
  const query = await readCustomerQuery(context.db, body.q);
  if (!query.ok) return problemAnswer(query);
  const result = await eraseCustomerData(
    context.db,
    uploadsWithPreviews(context.config),
    query.value,
    { userId: user.id, ip: context.clientAddress || null },
    new Date(),
  );
  return Response.json(
    {
      data: {
        orderIds: result.orderIds,
        orders: result.orders,
        uploads: result.uploads,
        messages: result.messages,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
