import type { Route } from "#app/server/route-types";
import { fontList } from "#app/features/templates/fonts.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `GET /api/fonts` (spec section 7, extra reads; decision 041): every family, public. */
function fonts({ request }: Route.LoaderArgs | Route.ActionArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed("GET");
  return Response.json(
    { data: fontList() },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

export const loader = fonts;
export const action = fonts;
