import type { LoaderFunctionArgs } from "@remix-run/node";
import { branchMenusApi } from "#app/features/branches/branch-menus.server";

/** `GET /api/branches/{id}/menus` (spec section 7). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  branchMenusApi(request, context, params);
