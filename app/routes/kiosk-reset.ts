import type { Route } from "#app/server/route-types";
import { redirect } from "@remix-run/node";
import { resetKiosk } from "#app/features/kiosk/kiosk.server";
import { KIOSK_IDLE_PATH } from "#app/features/kiosk/kiosk";

/**
 * `/kiosk/neu` (decision 053): the inactivity timer (POST or, as a last resort, GET), the meta
 * refresh of kiosk pages without JavaScript (GET) and the status page after an order end here.
 * The kiosk forgets the customer and shows the idle screen; any other device is only sent home.
 */
async function reset(request: Request, context: Route.LoaderArgs["context"]) {
  const { cookies, wasKiosk } = await resetKiosk(request, context);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(wasKiosk ? KIOSK_IDLE_PATH : "/", { status: 303, headers });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return reset(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return reset(request, context);
}
