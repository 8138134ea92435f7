import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fontEmbedCss } from "#app/features/templates/templates-routes.server";

/** `GET /api/fonts/google/{family}/style-{variant}.embed.css` (decision 041): public, cached. */
export const loader = ({ request, params }: LoaderFunctionArgs) => fontEmbedCss(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => fontEmbedCss(request, params);
