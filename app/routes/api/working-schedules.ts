import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { schedulesApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET`/`POST /api/working-schedules?from&to&branch&user&department`: planned shifts (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => schedulesApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => schedulesApi(request, context);
