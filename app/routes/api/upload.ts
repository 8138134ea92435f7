import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { uploadAction, uploadLoader } from "../../features/uploads/uploads-api.server";

/** `GET|PUT|DELETE /api/uploads/{id}` (decision 037). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  uploadLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  uploadAction(request, context, params);
