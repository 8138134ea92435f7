import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { activitiesApi } from "../../features/time-tracking/time-tracking-routes.server";

/**
 * `GET /api/working-activities?from&to&branch&user` (spec section 7, decision 058): the working
 * activities of the caller's branches with the Arbeitszeitgesetz's findings; managers and admins.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => activitiesApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => activitiesApi(request, context);
