import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { collectionAction, collectionLoader } from "#app/features/backoffice/resource-api.server";
import { resourceAt } from "#app/features/resources.server";

/** `GET /api/<resource>` and `POST /api/<resource>` for every standard resource (decisions 035, 083). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  collectionLoader(request, context, resourceAt(request));
export const action = ({ request, context }: ActionFunctionArgs) =>
  collectionAction(request, context, resourceAt(request));
