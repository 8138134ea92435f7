import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { soldOutItemAction, soldOutItemLoader } from "../../features/catalogue/sold-out-api.server";

/** `PUT /api/products/{id}/sold-out` (decision 036): sold out today in one branch or all. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  soldOutItemLoader(request, context);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  soldOutItemAction(request, context, params.productId);
