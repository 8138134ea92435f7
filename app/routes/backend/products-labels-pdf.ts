import type { Route } from "#app/server/route-types";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { labelsPdfFor } from "#app/features/labels/labels.server";
import { deLabels } from "#app/i18n/de-labels";

/**
 * `GET /backend/products/labels.pdf?format=&start=&mhd=&anzahl-<id>=`: the labels chosen on
 * `/backend/products/labels` (decision 057), or a 400 as plain German text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor(request, context);
  const outcome = await labelsPdfFor(context.db, new URL(request.url).search, new Date());
  if (!outcome.ok) {
    return new Response(`${deLabels.errors.title}\n${outcome.errors.join("\n")}\n`, {
      status: outcome.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(outcome.pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${deLabels.fileName}"`,
      "Content-Length": String(outcome.pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
