import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deviceApiAction, deviceApiLoader } from "../../features/devices/devices-api.server";

/** `POST /api/devices/{id}/test/notification`: for a printer a test ticket as well. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  deviceApiLoader(request, context);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  deviceApiAction(request, context, params, "test-notification");
