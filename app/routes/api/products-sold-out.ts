import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { soldOutListAction, soldOutListLoader } from "../../features/catalogue/sold-out-api.server";

/** `GET /api/products/sold-out?branchId=` (decision 036): what is sold out today. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  soldOutListLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  soldOutListAction(request, context);
