import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { balancesApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET /api/time-sheets/holiday-balances?year&branch&user` (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => balancesApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => balancesApi(request, context);
