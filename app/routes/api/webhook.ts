import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { parseId } from "#app/domain/values";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  deleteEndpoint,
  endpointJson,
  findEndpoint,
  ENDPOINT_KEYS,
  parseEndpoint,
  updateEndpoint,
} from "#app/features/webhooks/webhooks.server";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, withHeadline } from "#app/server/outcome";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET`, `PUT` and `DELETE /api/webhooks/{id}`: one endpoint. A PUT takes the fields of the POST;
 * those it leaves out keep their values. Deleting takes its delivery log with it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = parseId(params.id);
  const endpoint = id === null ? undefined : await findEndpoint(context.db, id);
  if (!endpoint) return problem(404, texts.errors.notFound);
  return Response.json({ data: endpointJson(endpoint) }, { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return apiMethodNotAllowed("GET, PUT, DELETE");
  }
  const id = parseId(params.id);
  const endpoint = id === null ? undefined : await findEndpoint(context.db, id);
  if (!endpoint) return problem(404, texts.errors.notFound);
  if (request.method === "DELETE") {
    const deleted = await deleteEndpoint(context.db, endpoint.id);
    return deleted.ok ? new Response(null, { status: 204 }) : problemAnswer(deleted);
  }
  const body = await readSmallJson(request);
  if (!body) return problem(400, `${texts.errors.saveFailed} ${texts.errors.badRequest}`);
  const unknown = unknownKeysAnswer(body, ENDPOINT_KEYS, NO_STORE);
  if (unknown) return unknown;
  const { url, description, events, enabled } = endpoint;
  const parsed = parseEndpoint(body, context.config.webhookPrivateAddresses ?? false, {
    url,
    description,
    events,
    enabled,
  });
  if (!parsed.ok) return problemAnswer(withHeadline(parsed, texts.errors.saveFailed));
  const updated = await updateEndpoint(context.db, endpoint.id, parsed.value);
  if (!updated.ok) return problemAnswer(updated);
  return Response.json({ data: endpointJson(updated.value) }, { headers: NO_STORE });
}
