import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { configApiAction, configApiLoader } from "#app/features/settings/settings-routes.server";

/** `GET /api/config` and `POST /api/config` (spec section 7): the shop's settings. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  configApiLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  configApiAction(request, context);
