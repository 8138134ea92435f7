import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  createEndpoint,
  endpointJson,
  listEndpoints,
  ENDPOINT_KEYS,
  parseEndpoint,
} from "#app/features/webhooks/webhooks.server";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, withHeadline } from "#app/server/outcome";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/webhooks`: the endpoints (never their secrets). `POST /api/webhooks` with `{ url,
 * description?, events: [...], enabled? }`: a new endpoint, answered 201 with its `secret`, the
 * only time it is shown. Administrators only (issue 38 part 3).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const endpoints = await listEndpoints(context.db);
  return Response.json({ data: endpoints.map(endpointJson) }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const body = await readSmallJson(request);
  if (!body) return problem(400, `${texts.errors.saveFailed} ${texts.errors.badRequest}`);
  const unknown = unknownKeysAnswer(body, ENDPOINT_KEYS, NO_STORE);
  if (unknown) return unknown;
  const parsed = parseEndpoint(body, context.config.webhookPrivateAddresses ?? false);
  if (!parsed.ok) return problemAnswer(withHeadline(parsed, texts.errors.saveFailed));
  const created = await createEndpoint(context.db, parsed.value);
  return Response.json(
    { data: { ...endpointJson(created), secret: created.secret } },
    { status: 201, headers: { ...NO_STORE, Location: `/api/webhooks/${created.id}` } },
  );
}
