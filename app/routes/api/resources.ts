import type { Route } from "#app/server/route-types";
import { collectionAction, collectionLoader } from "#app/features/backoffice/resource-api.server";
import { resourceAt } from "#app/features/resources.server";

/** `GET /api/<resource>` and `POST /api/<resource>` for every standard resource (decisions 035, 083). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  collectionLoader(request, context, resourceAt(request));
export const action = ({ request, context }: Route.ActionArgs) =>
  collectionAction(request, context, resourceAt(request));
