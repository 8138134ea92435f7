import type { Route } from "#app/server/route-types";
import { guard } from "#app/features/backoffice/resource-api.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";
import { visibleDevice, type Device } from "#app/features/devices/device-tests.server";
import { devicesResource } from "#app/features/devices/devices.resource";

/**
 * What the device API's routes (`POST /api/devices/{id}/…`) read from a request before they act:
 * the staff member who may use devices, the method, and the device of their branch. Each refusal
 * is thrown as the route's answer (401/403, 405, 404).
 */
export async function deviceToAct({ request, context, params }: Route.ActionArgs): Promise<Device> {
  const user = await guard(request, context, devicesResource);
  if (request.method !== "POST") throw apiMethodNotAllowed("POST");
  const device = await visibleDevice(context.db, user, params.id);
  if (!device.ok) throw problemAnswer(device);
  return device.value;
}

/** A GET of a device action's address: the guard, then 405. */
export async function deviceActionGet({ request, context }: Route.LoaderArgs) {
  await guard(request, context, devicesResource);
  return apiMethodNotAllowed("POST");
}
