import type { Route } from "#app/server/route-types";
import {
  foreignBranch,
  mayExport,
  taxExportDownload,
  taxExportFor,
  taxExportJson,
} from "#app/features/tax-export/tax-export.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";

/**
 * The tax adviser's export as API calls (issue 39 part 3, decision 116), `?month=YYYY-MM` and
 * `branchId` (without it: all branches for administrators, the first own one for managers):
 * - `GET /api/exports`: the month's totals per tax rate and payment method, `{ data }`;
 * - `GET /api/exports/datev`: the DATEV Buchungsstapel (text/csv, Windows-1252);
 * - `GET /api/exports/order-lines`: every order line (text/csv, UTF-8 with BOM).
 * Bad input answers `{ errors }` with 400, a foreign branch 403, DATEV without the adviser's
 * numbers 409.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayExport(user)) throw forbidden(user.surface);
  const url = new URL(request.url);
  const kind = url.pathname.endsWith("/datev")
    ? "datev"
    : url.pathname.endsWith("/order-lines")
      ? "order-lines"
      : null;
  if (kind === null) {
    const view = await taxExportFor(context.db, user, url.searchParams);
    if (!view.ok) return problemAnswer(view);
    return Response.json(
      { data: taxExportJson(view.value) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const file = await taxExportDownload(context.db, user, kind, url.searchParams);
  if (!file.ok) return problemAnswer(file);
  return new Response(file.value.body, {
    headers: {
      "Content-Type": file.value.contentType,
      "Content-Disposition": `attachment; filename="${file.value.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayExport(user)) throw forbidden(user.surface);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return problemAnswer(foreign);
  return apiMethodNotAllowed("GET");
}
