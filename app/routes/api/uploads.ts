import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { uploadsAction, uploadsLoader } from "../../features/uploads/uploads-api.server";

/** `GET /api/uploads` and `POST /api/uploads` (decision 037). */
export const loader = ({ request, context }: LoaderFunctionArgs) => uploadsLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => uploadsAction(request, context);
