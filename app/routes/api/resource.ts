import type { Route } from "#app/server/route-types";
import { itemAction, itemLoader } from "#app/features/backoffice/resource-api.server";
import { resourceAt } from "#app/features/resources.server";

/** `GET|PUT|DELETE /api/<resource>/{id}` for every standard resource (decisions 035, 083). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  itemLoader(request, context, params, resourceAt(request));
export const action = ({ request, context, params }: Route.ActionArgs) =>
  itemAction(request, context, params, resourceAt(request));
