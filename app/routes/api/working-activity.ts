import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { activityApi } from "../../features/time-tracking/time-tracking-routes.server";

/**
 * `GET` and `PUT /api/working-activities/{id}` (decision 058): one activity; a correction needs a
 * `reason` and is audited with its before and after.
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  activityApi(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  activityApi(request, context, params);
