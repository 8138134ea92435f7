import type { Route } from "#app/server/route-types";
import { guard, problems, recordResponse } from "#app/features/backoffice/resource-api.server";
import { copyProduct } from "#app/features/catalogue/products.server";
import { productsResource } from "#app/features/catalogue/products.resource";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";

/** `POST /api/products/{id}/copy`: a copy of the product with its child rows (201). */
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  await guard(request, context, productsResource);
  return apiMethodNotAllowed("POST");
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await guard(request, context, productsResource);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = parseId(params.id);
  if (id === null) return problems(404, [{ message: de.resources.edit.notFound }]);
  const copied = await copyProduct(context.db, { user, clientAddress: context.clientAddress }, id);
  if (!copied.ok) {
    return problems(copied.status, [
      { message: deCatalogue.products.copy.failed },
      ...copied.errors,
    ]);
  }
  return recordResponse(productsResource, copied.value, 201);
}
