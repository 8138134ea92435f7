import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { copyPageAction, copyPageLoader } from "#app/features/catalogue/products.server";

/** `POST /backend/products/{id}/copy`: the "Kopieren" button of a product's edit page. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  copyPageLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  copyPageAction(request, context, params);
