import type { Kysely } from "kysely";
import type { AppLoadContext } from "@remix-run/node";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Database } from "#app/db/schema";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { startAppServer, type AppServer } from "./staff";

/** The seeded shop's server for visitors without a cookie, with new carts bounded as given. */
export function startShopWithCartBound(
  db: Kysely<Database>,
  newCartsPerAddressMinute: number,
): Promise<AppServer> {
  const config: AppLoadContext["config"] = {
    publicOrigin: "http://localhost:3000",
    mode: "demo",
    dataDir: "/nicht-benutzt",
    newCartsPerAddressMinute,
  };
  return startAppServer(db, { config });
}

/** The first branch, and a product its menu takes into a cart as it is (no choices to make). */
export async function plainOrderableProduct(
  db: Kysely<Database>,
): Promise<{ branch: { id: number; identifier: string }; product: CatalogueProduct }> {
  const branch = await db
    .selectFrom("branches")
    .select(["id", "identifier"])
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const found = await findBranchByIdentifier(db, branch.identifier);
  const catalogue = await loadActiveCatalogue(db, found!.id, new Date(), "Europe/Berlin");
  // Not every active product is on the menu, and some need a choice first.
  const product = [...catalogue.orderable.values()].find((item) => item.parts.length === 0);
  if (!product) throw new Error("Die Demo-Speisekarte hat kein Produkt ohne Auswahl.");
  return { branch, product };
}
