import { de } from "#app/i18n/de-staff";
import type { Cents } from "./money";
import { closedState, type StaffOrderState } from "./staff-order";
import { rateKey, taxesByRate, type TaxedAmount, type TaxRate } from "./tax";

/**
 * The rules for staff changing one item of a placed order (decision 020). The item is priced by
 * the cart's own functions (`itemPrice`, `priceCart`'s `cartTotals`); this module only decides
 * whether the order may change and what its delivery charge was taxed at.
 */
const texts = de.staffOrders;

/** Why no item of this order may be changed at all, or null: closed orders stay as they are. */
export function itemEditRefusal(order: StaffOrderState): string | null {
  const closed = closedState(order);
  return closed ? texts.errors.closed(texts.closedStates[closed]) : null;
}

/**
 * Why this change of the order's total is refused, or null. An online payment's amount is fixed
 * once the provider has been asked for it (paid or still under way), so only changes that keep
 * the total (an inscription, an option of the same price) are allowed there.
 */
export function totalChangeRefusal(
  order: StaffOrderState,
  totalBefore: Cents,
  totalAfter: Cents,
): string | null {
  if (order.isOnlinePayment && totalBefore !== totalAfter) {
    return texts.itemEdit.errors.onlinePayment;
  }
  return null;
}

export interface StoredTaxRow {
  taxRate: TaxRate;
  gross: Cents;
}

/**
 * The rate a stored delivery charge was taxed at, read back from the order's totals by rate
 * (goods and delivery together): the one rate whose gross exceeds the goods' gross by exactly the
 * charge. Needed when the delivery area is gone and the charge stays as it was. Null when the
 * stored rows do not show it.
 */
export function storedDeliveryRate(
  taxes: readonly StoredTaxRow[],
  goods: readonly TaxedAmount[],
  deliveryGross: Cents,
): TaxRate | null {
  if (deliveryGross === 0) return null;
  const goodsByRate = taxesByRate(goods);
  const rates = taxes.filter(
    (row) => row.gross - (goodsByRate[rateKey(row.taxRate)]?.gross ?? 0) === deliveryGross,
  );
  return rates.length === 1 ? rates[0]!.taxRate : null;
}

/**
 * A value with its object keys sorted, so two configurations compare equal whatever order their
 * keys were stored in (jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>)
            .filter(([, entry]) => entry !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}
