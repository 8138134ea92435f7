import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fontsApi } from "#app/features/templates/templates-routes.server";

/** `GET /api/fonts` (spec section 7, extra reads; decision 041): public. */
export const loader = ({ request }: LoaderFunctionArgs) => fontsApi(request);
export const action = ({ request }: ActionFunctionArgs) => fontsApi(request);
