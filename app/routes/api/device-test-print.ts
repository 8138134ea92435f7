import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deviceApiAction, deviceApiLoader } from "../../features/devices/devices-api.server";

/** `POST /api/devices/{id}/test/print`: a test ticket, answered with success or the reason. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  deviceApiLoader(request, context);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  deviceApiAction(request, context, params, "test-print");
