import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { absenceApi } from "../../features/time-tracking/working-plan-routes.server";

/** `DELETE /api/absences/{id}` (issue 21, decision 059). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  absenceApi(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  absenceApi(request, context, params);
