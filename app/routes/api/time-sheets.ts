import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET /api/time-sheets?user&month`: expected, worked and balance per day (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => timeSheetApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => timeSheetApi(request, context);
