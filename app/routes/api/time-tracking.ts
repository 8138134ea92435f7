import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  clockApiActivities,
  clockApiMe,
  clockApiSchedules,
  clockApiUnknown,
} from "../../features/time-tracking/time-tracking-routes.server";

/**
 * `GET /api/time-tracking/{branchId}/{deviceKey}/{me|working-activities|working-schedules}`
 * (spec section 7, decision 058): opened by the branch's time-clock key; the person by the
 * `X-Username` and `X-Access-Token` headers (or a card number as the token alone).
 */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  switch (params.call) {
    case "me":
      return clockApiMe(request, context, params);
    case "working-activities":
      return clockApiActivities(request, context, params);
    case "working-schedules":
      return clockApiSchedules(request, context, params);
    default:
      return clockApiUnknown(context, params);
  }
}

/** Every call here is a GET; the taps are `POST …/working-activities/{action}`. */
export function action({ context, params }: LoaderFunctionArgs) {
  return clockApiUnknown(context, params, 405);
}
