import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  clockApiAction,
  clockApiUnknown,
} from "../../features/time-tracking/time-tracking-routes.server";

/**
 * `POST /api/time-tracking/{branchId}/{deviceKey}/working-activities/{start|end|pause|resume}`
 * (spec section 7, decision 058): one tap on the clock, answered with the new state or a 4xx with
 * the spec's 'Aktivität konnte nicht … werden.' and the reason.
 */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  clockApiAction(request, context, params);

export const loader = ({ context, params }: LoaderFunctionArgs) =>
  clockApiUnknown(context, params, 405);
