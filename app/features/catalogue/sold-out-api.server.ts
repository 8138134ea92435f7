import type { AppLoadContext } from "@remix-run/node";
import { parseId } from "../../domain/values";
import { deCatalogue } from "../../i18n/de-catalogue";
import { zodErrors } from "../backoffice/resource-api.server";
import { readSmallJson } from "../shared/small-request.server";
import { apiError, requireStaff } from "../staff/staff-auth.server";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import {
  listSoldOut,
  maySetSoldOut,
  setSoldOut,
  soldOutBodySchema,
  soldOutJson,
} from "./sold-out.server";

/**
 * The JSON side of "sold out today" (issue 15, decision 036):
 * - `PUT /api/products/{id}/sold-out` with `{ "branchId": 3 | null, "soldOut": true | false }`
 *   answers `{ data: { productId, branchId, soldOut, until } }`;
 * - `GET /api/products/sold-out?branchId=3` lists what counts now for the branch (without
 *   `branchId`: for every branch the caller works in).
 */
const texts = deCatalogue.soldOut;
const noStore = { "Cache-Control": "private, no-store" };

function problems(status: number, errors: { message: string; field?: string }[]): Response {
  return Response.json({ errors }, { status });
}

export async function soldOutItemLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  return apiMethodNotAllowed("PUT");
}

export async function soldOutItemAction(
  request: Request,
  context: AppLoadContext,
  productParam: string | undefined,
) {
  const user = await requireStaff(request, context);
  if (request.method !== "PUT") return apiMethodNotAllowed("PUT");
  const productId = parseId(productParam);
  if (productId === null) return apiError(404, texts.errors.unknownProduct);
  const body = await readSmallJson(request);
  if (!body) return problems(400, [{ message: texts.errors.badRequest }]);
  const parsed = soldOutBodySchema.safeParse(body);
  if (!parsed.success) {
    return problems(400, [{ message: texts.errors.failed }, ...zodErrors(parsed.error)]);
  }
  const outcome = await setSoldOut(context.db, {
    user,
    productId,
    branchId: parsed.data.branchId,
    soldOut: parsed.data.soldOut,
    clientAddress: context.clientAddress,
  });
  if (!outcome.ok) {
    return problems(outcome.status, [...outcome.errors, { message: texts.errors.failed }]);
  }
  return Response.json({ data: soldOutJson(outcome.value) }, { headers: noStore });
}

/** The branch a list names: null for none, "bad" for a malformed one; refused if not the caller's. */
async function listedBranch(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const raw = new URL(request.url).searchParams.get("branchId");
  const branchId = raw === null || raw === "" ? null : parseId(raw);
  if (raw !== null && raw !== "" && branchId === null) {
    throw problems(400, [{ message: texts.errors.branchId, field: "branchId" }]);
  }
  if (branchId !== null && !maySetSoldOut(user, branchId)) {
    throw apiError(403, texts.errors.branchForbidden);
  }
  return { user, branchId };
}

export async function soldOutListLoader(request: Request, context: AppLoadContext) {
  const { user, branchId } = await listedBranch(request, context);
  const rows = await listSoldOut(context.db, user, branchId, new Date());
  return Response.json(
    {
      data: rows.map((row) => ({
        productId: row.productId,
        productName: row.productName,
        branchId: row.branchId,
        soldOut: true,
        until: row.until.toISOString(),
      })),
    },
    { headers: noStore },
  );
}

/** Only GET reads the list; other methods are answered after the same checks. */
export async function soldOutListAction(request: Request, context: AppLoadContext) {
  await listedBranch(request, context);
  return apiMethodNotAllowed("GET, HEAD");
}
