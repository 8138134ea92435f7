import type { Db } from "#app/db/schema";
import { isAdmin } from "#app/domain/staff-permissions";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { ResourceDefinition, RowAction } from "#app/features/backoffice/resource.server";

/**
 * The product list's row action (decision 036): "Heute ausverkauft" in every branch, or "Wieder
 * verfügbar" when it is, for administrators (the product list is theirs; a branch's staff use
 * the sold-out page of their branch). The products definition names it as its `rowActions`.
 */
const texts = deCatalogue.soldOut;

export const soldOutRowActions: NonNullable<ResourceDefinition["rowActions"]> = async (
  db: Db,
  rows,
  user,
  { returnTo },
) => {
  const actions = new Map<number, RowAction[]>();
  if (!isAdmin(user) || rows.length === 0) return actions;
  const ids = rows.map((row) => row.id);
  const soldOut = new Set(
    (
      await db
        .selectFrom("productSoldOut")
        .select("productId")
        .where("productId", "in", ids)
        .where("branchId", "is", null)
        .where("until", ">", new Date())
        .execute()
    ).map((row) => row.productId),
  );
  for (const row of rows) {
    const name = String(row.name ?? row.id);
    const isSoldOut = soldOut.has(row.id);
    actions.set(row.id, [
      {
        key: "sold-out",
        label: isSoldOut ? texts.rowActionClear : texts.rowAction,
        accessibleLabel: isSoldOut ? texts.rowActionClearLabel(name) : texts.rowActionLabel(name),
        action: `/backend/products/${row.id}/sold-out`,
        fields: { branchId: "", soldOut: isSoldOut ? "0" : "1", returnTo },
        variant: isSoldOut ? "primary" : "secondary",
      },
    ]);
  }
  return actions;
};
