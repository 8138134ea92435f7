import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { adminFor } from "#app/features/catalogue/admin-guard.server";
import { changeBulk } from "#app/features/catalogue/bulk-changes.server";
import { parseBulkChoice } from "#app/features/catalogue/bulk-prices.server";
import { BULK_BODY_BYTES } from "#app/features/catalogue/csv-limits";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { de } from "#app/i18n/de-backoffice";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `POST /api/products/bulk`: a price or tax change of many products, as a dry run or for real. */
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  await adminFor(request, context);
  return apiMethodNotAllowed("POST");
};

const problems = (status: number, errors: readonly { message: string; field?: string }[]) =>
  Response.json({ errors }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await adminFor(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const body = await readSmallJson(request, BULK_BODY_BYTES);
  if (!body) return problems(400, [{ message: de.resources.edit.badRequest }]);
  const unknown = unknownKeysAnswer(body, {
    takes: ["productIds", "field", "mode", "value", "dryRun", "versions", "checksum"],
  });
  if (unknown) return unknown;
  const parsed = parseBulkChoice({
    productIds: body.productIds,
    field: body.field,
    mode: body.mode,
    value: body.value,
  });
  if (!parsed.ok) return problems(parsed.status, parsed.errors);
  const versions =
    typeof body.versions === "object" && body.versions !== null && !Array.isArray(body.versions)
      ? (Object.fromEntries(
          Object.entries(body.versions).map(([id, version]) => [id, String(version)]),
        ) as Record<string, string>)
      : null;
  const outcome = await changeBulk(
    context.db,
    { user, clientAddress: context.clientAddress },
    parsed.value,
    {
      dryRun: body.dryRun === true || body.dryRun === "true" || body.dryRun === 1,
      versions,
      checksum: typeof body.checksum === "string" ? body.checksum : null,
    },
  );
  if (!outcome.ok) return problems(outcome.status, outcome.errors);
  return Response.json({ data: outcome.value });
}
