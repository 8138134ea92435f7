import type { Route } from "#app/server/route-types";
import { deviceActionGet, deviceToAct } from "./device-requests.server";
import { testNotification, testPrint } from "#app/features/devices/device-tests.server";
import { problem, problemAnswer } from "#app/server/outcome";

/** `POST /api/devices/{id}/test/notification`: for a printer a test ticket as well. */
export const loader = deviceActionGet;

export async function action(args: Route.ActionArgs) {
  const device = await deviceToAct(args);
  if (device.kind === "notifier") {
    const sent = await testNotification(args.context.db, device.id);
    return sent.ok ? Response.json({ message: sent.value }) : problemAnswer(sent);
  }
  const printed = await testPrint(args.context.db, device);
  if (printed.key === "ok") return Response.json({ message: printed.message });
  if (printed.key === "queued") return Response.json({ message: printed.message }, { status: 202 });
  return problem(printed.key === "notPrinter" ? 409 : 502, printed.message);
}
