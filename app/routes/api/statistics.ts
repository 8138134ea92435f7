import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsApi } from "../../features/statistics/statistics-routes.server";

/** `GET /api/statistics/{metric}?from=&to=&branch=` (spec section 7, decision 055). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  statisticsApi(request, context, params);
