import type { LoaderFunctionArgs } from "@remix-run/node";
import { logEntryApi } from "../../features/logs/logs-routes.server";

/** `GET /api/logs/{id}` (spec section 7): one entry with its before and after. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  logEntryApi(request, context, params);
