import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { itemAction, itemLoader } from "../../features/backoffice/resource-api.server";

/** `GET|PUT|DELETE /api/<resource>/{id}` for every back-office resource (decision 035). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  itemLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  itemAction(request, context, params);
