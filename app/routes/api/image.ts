import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { imageAction, imageLoader } from "../../features/media/images-api.server";

/** `GET|PUT|DELETE /api/images/{id}`: decision 038. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  imageLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  imageAction(request, context, params);
