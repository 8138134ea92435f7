import type { Route } from "#app/server/route-types";
import { referenceAsset } from "#app/features/api-contract/reference-assets.server";
import { isAdmin } from "#app/domain/staff-permissions";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";

/** `GET /backend/api/assets/{file}`: the reference page's renderer, served locally (decision 102). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!isAdmin(user)) throw forbidden(user.surface);
  const asset = await referenceAsset(params.file ?? "");
  if (!asset) throw new Response(null, { status: 404 });
  const headers = {
    "Content-Type": asset.type,
    "Cache-Control": "private, max-age=86400",
    ETag: asset.etag,
  };
  if (request.headers.get("If-None-Match") === asset.etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(asset.body, { headers });
}
