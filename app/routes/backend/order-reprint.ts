import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reprintAction, reprintLoader } from "../../features/devices/order-reprint.server";

/** `POST /backend/orders/{id}/kopie`: "Kopie drucken" on an order's page (decision 056). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  reprintLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  reprintAction(request, context, params);
