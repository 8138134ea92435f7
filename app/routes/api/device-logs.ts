import type { Route } from "#app/server/route-types";
import { deviceActionGet, deviceToAct } from "./device-requests.server";
import { deviceLog } from "#app/features/devices/device-tests.server";

/** `POST /api/devices/{id}/request-device-logs`: the device log, newest first. */
export const loader = deviceActionGet;

export async function action(args: Route.ActionArgs) {
  const device = await deviceToAct(args);
  return Response.json({ data: await deviceLog(args.context.db, device.id) });
}
