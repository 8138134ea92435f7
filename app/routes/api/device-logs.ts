import type { ActionFunctionArgs } from "@remix-run/node";
import { deviceActionGet, deviceToAct } from "#app/features/devices/device-requests.server";
import { deviceLog } from "#app/features/devices/device-tests.server";

/** `POST /api/devices/{id}/request-device-logs`: the device log, newest first. */
export const loader = deviceActionGet;

export async function action(args: ActionFunctionArgs) {
  const device = await deviceToAct(args);
  return Response.json({ data: await deviceLog(args.context.db, device.id) });
}
