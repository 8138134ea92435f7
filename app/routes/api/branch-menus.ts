import type { Route } from "#app/server/route-types";
import { branchMenusApi } from "#app/features/branches/branch-menus.server";

/** `GET /api/branches/{id}/menus` (spec section 7). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  branchMenusApi(request, context, params);
