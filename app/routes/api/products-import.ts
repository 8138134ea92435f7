import type { Route } from "#app/server/route-types";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { CSV_MAX_BYTES } from "#app/features/catalogue/csv-limits";
import {
  csvTooLargeMessage,
  importCsvBytes,
  importJson,
} from "#app/features/catalogue/products-import.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { readBytes } from "#app/server/request-bytes.server";

/** `POST /api/products/import` (body text/csv; `?dryRun=1` reports without saving). */
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("POST");
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await adminFor(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const dryRun = ["1", "true", "ja"].includes(
    new URL(request.url).searchParams.get("dryRun") ?? "",
  );
  const bytes = await readBytes(request, CSV_MAX_BYTES);
  if ("tooLarge" in bytes) {
    return Response.json({ errors: [{ message: csvTooLargeMessage() }] }, { status: 400 });
  }
  const actor = { user, clientAddress: context.clientAddress };
  const answer = importJson(await importCsvBytes(context.db, actor, bytes, dryRun), dryRun);
  return Response.json(answer.body, { status: answer.status });
}
