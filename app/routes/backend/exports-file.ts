import type { Route } from "#app/server/route-types";
import {
  foreignBranch,
  mayExport,
  taxExportDownload,
} from "#app/features/tax-export/tax-export.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { downloadAnswer } from "#app/server/download-answer.server";

/**
 * The tax adviser's files (issue 39 part 3, decision 116), downloads of the page's month and
 * branch (`?monat=&filiale=`); nothing is remembered, so both are GETs:
 * - `GET /backend/exports/datev.csv`: the DATEV Buchungsstapel, Windows-1252;
 * - `GET /backend/exports/bestellpositionen.csv`: every order line, UTF-8 with BOM.
 */
const kindOf = (request: Request) =>
  new URL(request.url).pathname.endsWith("/datev.csv") ? "datev" : "order-lines";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayExport(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  return downloadAnswer(await taxExportDownload(context.db, user, kindOf(request), search));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayExport(user)) throw forbidden(user.surface);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return downloadAnswer(foreign);
  return new Response(null, { status: 405, headers: { Allow: "GET" } });
}
