import type { Route } from "#app/server/route-types";
import { de } from "#app/i18n/de-staff";
import { loadCounterOrders } from "#app/features/devices/counter-orders.server";
import { readLocalSettings } from "#app/features/devices/local-settings.server";

/** GET /api/orders/{frontdesk|backoffice}/{branchId}/{apiKey}: the counter views as JSON. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const view = params.view;
  const branchId = /^\d{1,10}$/.test(params.branchId ?? "") ? Number(params.branchId) : 0;
  const loaded =
    view === "frontdesk" || view === "backoffice"
      ? await loadCounterOrders(context.db, {
          view,
          branchId,
          apiKey: params.apiKey ?? "",
          now: new Date(),
          local: readLocalSettings(request),
        })
      : null;
  if (!loaded) {
    return Response.json(
      { errors: [{ message: de.counterOrders.notFound }] },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json({ data: loaded }, { headers: { "Cache-Control": "private, no-store" } });
}
