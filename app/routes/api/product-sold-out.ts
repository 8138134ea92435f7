import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { parseId } from "#app/domain/values";
import { zodErrors } from "#app/features/backoffice/resource-api.server";
import {
  setSoldOut,
  soldOutBodySchema,
  soldOutJson,
} from "#app/features/catalogue/sold-out.server";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer } from "#app/server/outcome";

const texts = deCatalogue.soldOut;

/**
 * `PUT /api/products/{id}/sold-out` (decision 036) with `{ "branchId": 3 | null, "soldOut": true
 * | false }`: sold out today in one branch or all; answers `{ data: { productId, branchId,
 * soldOut, until } }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return apiMethodNotAllowed("PUT");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (request.method !== "PUT") return apiMethodNotAllowed("PUT");
  const productId = parseId(params.productId);
  if (productId === null) return problem(404, texts.errors.unknownProduct);
  const body = await readSmallJson(request);
  if (!body) return problem(400, texts.errors.badRequest);
  const unknown = unknownKeysAnswer(body, {
    takes: Object.keys(soldOutBodySchema.shape),
    answers: ["productId", "until"],
  });
  if (unknown) return unknown;
  const parsed = soldOutBodySchema.safeParse(body);
  if (!parsed.success) {
    const errors = [{ message: texts.errors.failed }, ...zodErrors(parsed.error)];
    return problemAnswer({ status: 400, errors });
  }
  const outcome = await setSoldOut(context.db, {
    user,
    productId,
    branchId: parsed.data.branchId,
    soldOut: parsed.data.soldOut,
    clientAddress: context.clientAddress,
  });
  if (!outcome.ok) {
    const errors = [...outcome.errors, { message: texts.errors.failed }];
    return problemAnswer({ status: outcome.status, errors });
  }
  const data = soldOutJson(outcome.value);
  return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
}
