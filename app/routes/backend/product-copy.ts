import { redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { mayCreate } from "#app/features/backoffice/resource.server";
import { copyProduct } from "#app/features/catalogue/products.server";
import { productsResource } from "#app/features/catalogue/products.resource";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { idParam, notFound } from "#app/server/route-params.server";
import { deCatalogue } from "#app/i18n/de-catalogue";

/** `POST /backend/products/{id}/copy`: the "Kopieren" button of a product's edit page. */

/** A GET of the copy address (a bookmark, a reload): the product's own page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayCreate(productsResource, user)) throw forbidden("page");
  return redirect(`/backend/products/${idParam(params.id)}`);
}

/** The copy's edit page with a notice. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayCreate(productsResource, user)) throw forbidden("page");
  const id = idParam(params.id);
  const copied = await copyProduct(context.db, { user, clientAddress: context.clientAddress }, id);
  if (copied.ok) return redirect(`/backend/products/${copied.value.id}?hinweis=kopiert`);
  if (copied.status === 404) throw notFound();
  if (copied.status === 403) throw forbidden("page");
  throw new Response(
    `${deCatalogue.products.copy.failed} ${copied.errors[0]?.message ?? ""}`.trim(),
    {
      status: copied.status,
    },
  );
}
