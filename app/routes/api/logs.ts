import type { LoaderFunctionArgs } from "@remix-run/node";
import { logListApi } from "../../features/logs/logs-routes.server";

/** `GET /api/logs` (spec section 7): `?userId=&entityType=&action=&branchId=&from=&to=&before=`. */
export const loader = ({ request, context }: LoaderFunctionArgs) => logListApi(request, context);
