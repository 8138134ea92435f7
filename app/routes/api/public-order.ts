import type { Route } from "#app/server/route-types";
import { loadOrderRecord } from "#app/features/orders/order-status.server";
import {
  STATUS_CACHE_CONTROL,
  etagMatches,
  orderStatusEtag,
} from "#app/features/orders/order-status-etag.server";
import { publicOrder } from "#app/features/orders/order-status-view.server";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { problem } from "#app/server/outcome";

const notFound = () => problem(404, deOrderStatus.errors.notFound);

/** `GET /api/orders/public/{uid}/{hash}`: the order's public fields, with ETag and 304. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const address = { uid: params.uid ?? "", hash: params.hash ?? "" };
  const etag = await orderStatusEtag(context.db, {
    ...address,
    resource: "json",
    origin: context.config.publicOrigin,
    cookieHeader: null,
    now: new Date(),
  });
  if (!etag) return notFound();
  const headers = { ETag: etag, "Cache-Control": STATUS_CACHE_CONTROL };
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const record = await loadOrderRecord(context.db, address);
  if (!record) return notFound();
  return Response.json({ data: publicOrder(record) }, { headers });
}

export function action() {
  return problem(405, deOrderStatus.errors.methodNotAllowed, { headers: { Allow: "GET, HEAD" } });
}
