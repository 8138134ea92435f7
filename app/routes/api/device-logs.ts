import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { guard } from "../../features/backoffice/resource-api.server";
import { deviceLog, visibleDevice } from "../../features/devices/device-tests.server";
import { devicesResource } from "../../features/devices/devices.resource";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import { problemAnswer } from "../../server/outcome";

/** `POST /api/devices/{id}/request-device-logs`: the device log, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context, devicesResource);
  return apiMethodNotAllowed("POST");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await guard(request, context, devicesResource);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const device = await visibleDevice(context.db, user, params.id);
  if (!device.ok) return problemAnswer(device);
  return Response.json({ data: await deviceLog(context.db, device.value.id) });
}
