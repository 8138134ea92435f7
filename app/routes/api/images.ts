import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { imagesAction, imagesLoader } from "../../features/media/images-api.server";

/** `GET /api/images` (the list) and `POST /api/images` (an upload, multipart): decision 038. */
export const loader = ({ request, context }: LoaderFunctionArgs) => imagesLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => imagesAction(request, context);
