import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminFor, exportLoader } from "#app/features/catalogue/bulk-routes.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `GET /api/products/export`: every product as CSV (decision 036, "Bulk changes and CSV"). */
export const loader = ({ request, context }: LoaderFunctionArgs) => exportLoader(request, context);
export const action = async ({ request, context }: ActionFunctionArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("GET");
};
