import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminFor, importApiAction } from "#app/features/catalogue/bulk-routes.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `POST /api/products/import` (body text/csv; `?dryRun=1` reports without saving). */
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("POST");
};
export const action = ({ request, context }: ActionFunctionArgs) =>
  importApiAction(request, context);
