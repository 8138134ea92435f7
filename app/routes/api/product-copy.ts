import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { copyApiAction, copyApiLoader } from "#app/features/catalogue/products.server";

/** `POST /api/products/{id}/copy`: a copy of the product with its child rows (201). */
export const loader = ({ request, context }: LoaderFunctionArgs) => copyApiLoader(request, context);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  copyApiAction(request, context, params);
