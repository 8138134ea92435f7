import type { Route } from "#app/server/route-types";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { productsCsvFile } from "#app/features/catalogue/products-import.server";
import { downloadAnswer } from "#app/server/download-answer.server";

/** `/backend/products/export.csv`: the download link of the import page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  return downloadAnswer(await productsCsvFile(context.db, new Date()));
}
