import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportLoader } from "#app/features/catalogue/bulk-routes.server";

/** `/backend/products/export.csv`: the download link of the import page. */
export const loader = ({ request, context }: LoaderFunctionArgs) => exportLoader(request, context);
