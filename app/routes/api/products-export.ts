import type { Route } from "#app/server/route-types";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { productsCsvFile } from "#app/features/catalogue/products-import.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { downloadAnswer } from "#app/server/download-answer.server";

/** `GET /api/products/export`: every product as CSV (decision 036, "Bulk changes and CSV"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  return downloadAnswer(await productsCsvFile(context.db, new Date()));
}
export const action = async ({ request, context }: Route.ActionArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("GET");
};
