import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminFor, bulkApiAction } from "#app/features/catalogue/bulk-routes.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `POST /api/products/bulk`: a price or tax change of many products, as a dry run or for real. */
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("POST");
};
export const action = ({ request, context }: ActionFunctionArgs) => bulkApiAction(request, context);
