import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { contractApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET`/`PUT /api/working-contracts/{userId}`: target minutes per weekday, holiday entitlement (issue 21, decision 059). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  contractApi(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  contractApi(request, context, params);
