import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { closedMonthsApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET`/`POST /api/closed-months`: months nobody may change any more (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  closedMonthsApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  closedMonthsApi(request, context);
