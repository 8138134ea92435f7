import type { Route } from "#app/server/route-types";
import { deviceActionGet, deviceToAct } from "./device-requests.server";
import { testPrint } from "#app/features/devices/device-tests.server";
import { problem } from "#app/server/outcome";

/** `POST /api/devices/{id}/test/print`: a test ticket, answered with success or the reason. */
export const loader = deviceActionGet;

export async function action(args: Route.ActionArgs) {
  const device = await deviceToAct(args);
  const printed = await testPrint(args.context.db, device);
  if (printed.key === "ok") return Response.json({ message: printed.message });
  if (printed.key === "queued") return Response.json({ message: printed.message }, { status: 202 });
  return problem(printed.key === "notPrinter" ? 409 : 502, printed.message);
}
