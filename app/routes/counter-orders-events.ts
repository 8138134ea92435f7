import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { checkBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { liveOrderEventStream } from "#app/server/notify-hub.server";
import { de } from "#app/i18n/de-staff";

/**
 * `/orders/{view}/{branchId}/{apiKey}/events`: the board's live order events (decision 016) for
 * one branch's counter view (issue 36, item 13): the same key, the same 404 as the view.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const branchId = /^\d{1,10}$/.test(params.branchId ?? "") ? Number(params.branchId) : 0;
  const settings = await referenceSettings(context.db);
  const known =
    (params.view === "frontdesk" || params.view === "backoffice") &&
    settings.enablePluginFrontdesk &&
    (await checkBranchApiKey(context.db, branchId, params.apiKey ?? ""));
  if (!known) throw data({ message: de.counterOrders.notFound }, { status: 404 });
  return liveOrderEventStream(request, context.live, [branchId]);
}
