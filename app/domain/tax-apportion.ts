import type { Cents } from "./money";
import { rateKey, splitGross, type TaxAmounts, type TaxRate } from "./tax";

/**
 * An order's lines with net and tax each (issue 39 part 3, decision 116). A receipt splits the
 * gross of each tax rate once (`taxesByRate`), so splitting each line by itself could be a cent
 * off the order's figures. Here the tax of each rate group, as stored with the order, is shared
 * out over the group's lines in proportion to their gross (largest remainder): the lines of a
 * rate add up to the group's net, tax and gross exactly. Where the lines' gross does not add up
 * to the group's (an inconsistent old order), each line is split by itself.
 */
export interface GrossLine {
  gross: Cents;
  taxRate: TaxRate;
}

export interface RateGroup extends TaxAmounts {
  rate: TaxRate;
}

export function apportionTax(
  lines: readonly GrossLine[],
  groups: readonly RateGroup[],
): TaxAmounts[] {
  const result: TaxAmounts[] = lines.map((line) => splitGross(line.gross, line.taxRate));
  const byRate = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = rateKey(line.taxRate);
    byRate.set(key, [...(byRate.get(key) ?? []), index]);
  });
  for (const group of groups) {
    const indexes = byRate.get(rateKey(group.rate)) ?? [];
    const gross = indexes.reduce((sum, index) => sum + lines[index]!.gross, 0);
    if (indexes.length === 0 || gross !== group.gross || gross === 0) continue;
    const shares = indexes.map((index) => {
      const exact = (group.tax * lines[index]!.gross) / gross;
      return { index, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
    });
    let left = group.tax - shares.reduce((sum, share) => sum + share.floor, 0);
    const order = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
    const extra = new Set<number>();
    for (const share of order) {
      if (left <= 0) break;
      extra.add(share.index);
      left -= 1;
    }
    for (const share of shares) {
      const tax = share.floor + (extra.has(share.index) ? 1 : 0);
      const lineGross = lines[share.index]!.gross;
      result[share.index] = { net: lineGross - tax, tax, gross: lineGross };
    }
  }
  return result;
}

/** The rate a delivery charge was split at: the order's rate whose split gives its tax. */
export function deliveryRateOf(
  delivery: TaxAmounts,
  rates: readonly TaxRate[],
  fallback: TaxRate,
): TaxRate {
  const found = rates.find((rate) => splitGross(delivery.gross, rate).tax === delivery.tax);
  if (found !== undefined) return found;
  return delivery.net > 0 ? Math.round((delivery.tax * 1000) / delivery.net) / 10 : fallback;
}
