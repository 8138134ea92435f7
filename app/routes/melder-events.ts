import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { findNotifierByToken } from "#app/features/devices/notifier.server";
import { liveOrderEventStream } from "#app/server/notify-hub.server";
import { deDevices } from "#app/i18n/de-devices";

/** `/melder/{token}/events`: the live order events (decision 016) of the notifier's branch. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const device = await findNotifierByToken(context.db, params.token);
  if (!device) throw data({ message: deDevices.notifier.notFound }, { status: 404 });
  return liveOrderEventStream(request, context.live, [device.branchId]);
}
