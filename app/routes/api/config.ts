import type { Route } from "#app/server/route-types";
import { guard, putRecord } from "#app/features/backoffice/resource-api.server";
import { configAnswer } from "#app/features/settings/config-record.server";
import { settingsResource, SETTINGS_ID } from "#app/features/settings/settings.resource";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `GET /api/config` and `POST /api/config` (spec section 7): the shop's settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await guard(request, context, settingsResource);
  return configAnswer(context.db, user);
}

/** `POST /api/config`: the fields sent replace the settings'; others stay. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await guard(request, context, settingsResource);
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  return putRecord(request, context, settingsResource, user, SETTINGS_ID);
}
