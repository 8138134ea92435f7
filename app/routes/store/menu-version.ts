import type { Route } from "#app/server/route-types";
import { menuVersionOf } from "#app/features/storefront/menu-catalogue.server";
import { loadStorefront } from "#app/features/storefront/storefront.server";
import { de } from "#app/i18n/de";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /store/{branch}/menu-version`: the fingerprint of the branch's menu as the storefront
 * lists it now. An open menu page asks every 10 s and reloads its data when the answer differs
 * from the one it was rendered with (spec section 4, decision 043). One stamp query and the
 * kept listing: no page is rendered.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const store = await loadStorefront(context.db, params.branchIdentifier ?? "", new Date());
  if (!store) {
    return Response.json(
      { errors: [{ message: de.menu.unknownBranch }] },
      { status: 404, headers: NO_STORE },
    );
  }
  return Response.json(
    { data: { version: menuVersionOf(store.catalogue) } },
    { headers: NO_STORE },
  );
}
