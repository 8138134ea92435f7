import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { absencesApi } from "../../features/time-tracking/working-plan-routes.server";

/** `GET`/`POST /api/absences`: holidays, sickness, other absences (issue 21, decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => absencesApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => absencesApi(request, context);
