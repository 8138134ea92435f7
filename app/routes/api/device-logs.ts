import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deviceApiAction, deviceApiLoader } from "../../features/devices/devices-api.server";

/** `POST /api/devices/{id}/request-device-logs`: the device log, newest first. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  deviceApiLoader(request, context);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  deviceApiAction(request, context, params, "request-device-logs");
