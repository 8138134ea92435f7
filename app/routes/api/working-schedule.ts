import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { scheduleApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET`/`DELETE /api/working-schedules/{id}` (issue 21, decision 059). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  scheduleApi(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  scheduleApi(request, context, params);
