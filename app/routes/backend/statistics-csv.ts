import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsCsv } from "../../features/statistics/statistics-routes.server";

/** `/backend/statistics/{metric}.csv?von=&bis=&filiale=`: one figure of the page as CSV. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  statisticsCsv(request, context, params);
