import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { clockCredentialsApi } from "../../features/time-tracking/time-tracking-routes.server";

/**
 * `GET` and `PUT /api/clock-credentials/{userId}` `{ pin?, card?, removeCard? }` (decision 065): a manager
 * sets or resets the time-clock PIN (clearing its lock) and card of a person of their branches.
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  clockCredentialsApi(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  clockCredentialsApi(request, context, params);
