import type { Route } from "#app/server/route-types";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  findTableForCode,
  tableMenuUrl,
  tableQrPng,
  tableQrSvg,
} from "#app/features/tables/table-qr.server";
import { deTables } from "#app/i18n/de-tables";

/**
 * `/backend/tables/{id}/qr.svg` and `…/qr.png` (decision 076): one table's QR code as a file to
 * download, for the managers of its branch. The address in it comes from PUBLIC_ORIGIN.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN", "ROLE_MANAGER"] });
  const id = parseId(params.id);
  const table = id ? await findTableForCode(context.db, id) : undefined;
  if (!table || !canAccessBranch(user, table.branchId)) {
    return new Response(deTables.unknownTable, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const url = tableMenuUrl(context.config.publicOrigin, table.branchIdentifier, table.identifier);
  const isPng = new URL(request.url).pathname.endsWith(".png");
  const name = `tisch-${table.branchIdentifier}-${table.identifier}.${isPng ? "png" : "svg"}`;
  const headers = {
    "Content-Type": isPng ? "image/png" : "image/svg+xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    "Cache-Control": "private, no-store",
  };
  return isPng
    ? new Response(new Uint8Array(await tableQrPng(url)), { headers })
    : new Response(await tableQrSvg(url), { headers });
}
