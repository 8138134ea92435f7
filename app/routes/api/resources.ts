import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { collectionAction, collectionLoader } from "../../features/backoffice/resource-api.server";

/** `GET /api/<resource>` and `POST /api/<resource>` for every back-office resource (decision 035). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  collectionLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  collectionAction(request, context);
