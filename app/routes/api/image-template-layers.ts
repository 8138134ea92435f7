import type { Route } from "#app/server/route-types";
import { guard, problems } from "#app/features/backoffice/resource-api.server";
import { imageTemplatesResource } from "#app/features/templates/image-templates.resource";
import { templateLayers } from "#app/features/templates/template-images.server";

/**
 * `GET /api/image-templates/{id}/layers` (spec section 7, extra reads; decision 041): the layers
 * in order. Other methods get the staff API's 401/405 (`completeStaffApiMethods`).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await guard(request, context, imageTemplatesResource);
  const layers = await templateLayers(context.db, user, params.id);
  if (!layers.ok) return problems(layers.status, [...layers.errors]);
  return Response.json(
    { data: layers.value },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
