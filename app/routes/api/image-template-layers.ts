import type { LoaderFunctionArgs } from "@remix-run/node";
import { layersApi } from "#app/features/templates/templates-routes.server";

/**
 * `GET /api/image-templates/{id}/layers` (spec section 7, extra reads; decision 041). Other
 * methods get the staff API's 401/405 (`completeStaffApiMethods`).
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  layersApi(request, context, params);
