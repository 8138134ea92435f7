import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { guard } from "../../features/backoffice/resource-api.server";
import { testPrint, visibleDevice } from "../../features/devices/device-tests.server";
import { devicesResource } from "../../features/devices/devices.resource";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import { problem, problemAnswer } from "../../server/outcome";

/** `POST /api/devices/{id}/test/print`: a test ticket, answered with success or the reason. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context, devicesResource);
  return apiMethodNotAllowed("POST");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await guard(request, context, devicesResource);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const device = await visibleDevice(context.db, user, params.id);
  if (!device.ok) return problemAnswer(device);
  const printed = await testPrint(context.db, device.value);
  if (printed.key === "ok") return Response.json({ message: printed.message });
  if (printed.key === "queued") return Response.json({ message: printed.message }, { status: 202 });
  return problem(printed.key === "notPrinter" ? 409 : 502, printed.message);
}
