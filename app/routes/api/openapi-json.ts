import type { Route } from "#app/server/route-types";
import { servedOpenApiDocument } from "#app/features/api-contract/openapi.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";

/**
 * `GET /api/openapi.json` (issue 38, decision 101): the published contract, for signed-in staff
 * and API tokens. Built once per process; a client that names its ETag hears 304. Other methods
 * hear the staff API's 405 (`completeStaffApiMethods`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const { body, etag } = servedOpenApiDocument();
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  const named = request.headers.get("If-None-Match");
  if (named?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}
