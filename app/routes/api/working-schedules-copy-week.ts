import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { copyWeekApi } from "../../features/time-tracking/working-plan-routes.server";

/** `POST /api/working-schedules/copy-week` {branchId, week}: Vorwoche übernehmen (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => copyWeekApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => copyWeekApi(request, context);
