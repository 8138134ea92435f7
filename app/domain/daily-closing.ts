import type { PaymentMethod } from "./checkout";
import type { Cents } from "./money";
import type { OrderType } from "./order-type";

/**
 * The daily closing's arithmetic ("Tagesabschluss", issue 39 part 3, decision 117): what one order
 * contributes to its day, the day's figures summed from those contributions, and the correction
 * a later change of an order of a closed day books on a later closing. Pure: the service reads the
 * orders and stores what this computes.
 */

/** An order's standing in the closing: counted as the statistics count (decision 055), or not. */
export type ClosingStatus = "counted" | "canceled" | "rejected" | "failed" | "quotation";

export const CLOSING_STATUSES: readonly ClosingStatus[] = [
  "counted",
  "canceled",
  "rejected",
  "failed",
  "quotation",
];

export const ORDER_TYPES: readonly OrderType[] = ["takeaway", "delivery", "dine-in"];

export const CLOSING_PAYMENT_METHODS: readonly PaymentMethod[] = [
  "cash",
  "atm-card",
  "voucher",
  "stripe",
  "paypal",
];

export interface TaxAmounts {
  net: Cents;
  tax: Cents;
  gross: Cents;
}

export interface RateAmounts extends TaxAmounts {
  /** The tax rate in per cent (7, 19, …). */
  rate: number;
}

/** What one order contributes to its day, as booked (frozen with the closing). */
export interface OrderContribution {
  ticket: number;
  status: ClosingStatus;
  type: OrderType;
  payment: PaymentMethod;
  refunded: boolean;
  /** The order's total, whatever its status (a cancelled order's is listed, not counted). */
  gross: Cents;
  /** The order's totals by tax rate, delivery included (`order_taxes`). */
  taxes: RateAmounts[];
  /** The donation the shop gives for this order (not revenue). */
  donation: Cents;
}

/** The flags of an order row that decide its status. */
export interface StatusFlags {
  isCanceled: boolean;
  isRejected: boolean;
  isFailed: boolean;
  isQuotation: boolean;
}

/** Counted exactly when the statistics count it: neither canceled, rejected, failed nor a quote. */
export function closingStatusOf(flags: StatusFlags): ClosingStatus {
  if (flags.isQuotation) return "quotation";
  if (flags.isFailed) return "failed";
  if (flags.isRejected) return "rejected";
  if (flags.isCanceled) return "canceled";
  return "counted";
}

export interface ListedOrder {
  orderId: number;
  ticket: number;
  status: ClosingStatus;
  payment: PaymentMethod;
  gross: Cents;
}

export type CorrectionReason =
  | "late"
  | "deleted"
  | "canceled"
  | "rejected"
  | "failed"
  | "quotation"
  | "counted"
  | "refunded"
  | "amount"
  | "changed";

/** A change of an order of a closed day, as a later closing books it. */
export interface CorrectionFigure {
  orderId: number;
  ticket: number;
  /** The order's own business day (closed before). */
  originalDay: string;
  reasons: CorrectionReason[];
  /** The change of revenue per tax rate (negative: taken back). */
  byTaxRate: RateAmounts[];
  gross: Cents;
  donation: Cents;
}

export interface TypeAmounts extends TaxAmounts {
  type: OrderType;
  orders: number;
}

export interface PaymentAmounts extends TaxAmounts {
  method: PaymentMethod;
  orders: number;
}

export interface DailyClosingFigures {
  version: 1;
  orders: Record<ClosingStatus, number> & { total: number };
  /** Counted orders of the day: revenue (gross, net, tax). */
  revenue: TaxAmounts;
  byTaxRate: RateAmounts[];
  byType: TypeAmounts[];
  byPayment: PaymentAmounts[];
  /** Cancelled and rejected orders of the day, listed apart (not revenue). */
  cancellations: ListedOrder[];
  /** Refunded orders of the day (online payments given back). */
  refunds: ListedOrder[];
  /** Donations the shop gives for counted orders: kept apart, not revenue. */
  donations: { orders: number; amount: Cents };
  /** Tips: kept apart; the shop records none yet (decision 117). */
  tips: { amount: Cents };
  /** Changes of orders of earlier, closed days, booked on this day. */
  corrections: CorrectionFigure[];
  correctionsByTaxRate: RateAmounts[];
  /** The day's revenue with the corrections, per tax rate and in all. */
  totalByTaxRate: RateAmounts[];
  total: TaxAmounts;
}

const zero = (): TaxAmounts => ({ net: 0, tax: 0, gross: 0 });

function add(into: TaxAmounts, amounts: TaxAmounts, sign = 1): void {
  into.net += sign * amounts.net;
  into.tax += sign * amounts.tax;
  into.gross += sign * amounts.gross;
}

function sumOf(list: readonly TaxAmounts[]): TaxAmounts {
  const total = zero();
  for (const amounts of list) add(total, amounts);
  return total;
}

/** Amounts per rate, summed, by rate ascending; rates whose amounts are all zero are left out. */
function byRate(parts: readonly { amounts: RateAmounts; sign: number }[]): RateAmounts[] {
  const rates = new Map<number, RateAmounts>();
  for (const { amounts, sign } of parts) {
    const entry = rates.get(amounts.rate) ?? { rate: amounts.rate, ...zero() };
    add(entry, amounts, sign);
    rates.set(amounts.rate, entry);
  }
  return [...rates.values()]
    .filter((entry) => entry.net !== 0 || entry.tax !== 0 || entry.gross !== 0)
    .sort((a, b) => a.rate - b.rate);
}

/** The revenue an order contributes: its taxes when counted, nothing otherwise. */
function revenueOf(contribution: OrderContribution | null): RateAmounts[] {
  return contribution?.status === "counted" ? contribution.taxes : [];
}

/** The correction that books the change from `before` to `after`, or null when nothing changed. */
export function correctionOf(
  orderId: number,
  originalDay: string,
  before: OrderContribution | null,
  after: OrderContribution | null,
): CorrectionFigure | null {
  if (sameContribution(before, after)) return null;
  const reasons: CorrectionReason[] = [];
  if (!before) reasons.push("late");
  else if (!after) reasons.push("deleted");
  else {
    if (before.status !== after.status) reasons.push(after.status);
    if (!before.refunded && after.refunded) reasons.push("refunded");
    if (before.gross !== after.gross || !sameTaxes(before.taxes, after.taxes)) {
      reasons.push("amount");
    }
    if (reasons.length === 0) reasons.push("changed");
  }
  const byTaxRate = byRate([
    ...revenueOf(after).map((amounts) => ({ amounts, sign: 1 })),
    ...revenueOf(before).map((amounts) => ({ amounts, sign: -1 })),
  ]);
  const donationOf = (c: OrderContribution | null) => (c?.status === "counted" ? c.donation : 0);
  return {
    orderId,
    ticket: (after ?? before)!.ticket,
    originalDay,
    reasons,
    byTaxRate,
    gross: sumOf(byTaxRate).gross,
    donation: donationOf(after) - donationOf(before),
  };
}

function sameTaxes(a: readonly RateAmounts[], b: readonly RateAmounts[]): boolean {
  const key = (list: readonly RateAmounts[]) =>
    JSON.stringify(
      [...list]
        .sort((x, y) => x.rate - y.rate)
        .map(({ rate, net, tax, gross }) => [rate, net, tax, gross]),
    );
  return key(a) === key(b);
}

export function sameContribution(
  a: OrderContribution | null,
  b: OrderContribution | null,
): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.ticket === b.ticket &&
    a.status === b.status &&
    a.type === b.type &&
    a.payment === b.payment &&
    a.refunded === b.refunded &&
    a.gross === b.gross &&
    a.donation === b.donation &&
    sameTaxes(a.taxes, b.taxes)
  );
}

/** The figures of a day from its orders' contributions and the corrections booked on it. */
export function figuresOf(
  orders: readonly { orderId: number; contribution: OrderContribution }[],
  corrections: readonly CorrectionFigure[],
): DailyClosingFigures {
  const counts = Object.fromEntries(CLOSING_STATUSES.map((status) => [status, 0])) as Record<
    ClosingStatus,
    number
  >;
  const byType = ORDER_TYPES.map((type): TypeAmounts => ({ type, orders: 0, ...zero() }));
  const byPayment = CLOSING_PAYMENT_METHODS.map((method): PaymentAmounts => ({
    method,
    orders: 0,
    ...zero(),
  }));
  const cancellations: ListedOrder[] = [];
  const refunds: ListedOrder[] = [];
  const donations = { orders: 0, amount: 0 };
  const revenueParts: { amounts: RateAmounts; sign: number }[] = [];
  for (const { orderId, contribution: c } of orders) {
    counts[c.status] += 1;
    const listed: ListedOrder = {
      orderId,
      ticket: c.ticket,
      status: c.status,
      payment: c.payment,
      gross: c.gross,
    };
    if (c.status === "canceled" || c.status === "rejected") cancellations.push(listed);
    if (c.refunded) refunds.push(listed);
    if (c.status !== "counted") continue;
    const amounts = sumOf(c.taxes);
    const type = byType.find((entry) => entry.type === c.type)!;
    type.orders += 1;
    add(type, amounts);
    let payment = byPayment.find((entry) => entry.method === c.payment);
    if (!payment) {
      payment = { method: c.payment, orders: 0, ...zero() };
      byPayment.push(payment);
    }
    payment.orders += 1;
    add(payment, amounts);
    if (c.donation > 0) {
      donations.orders += 1;
      donations.amount += c.donation;
    }
    for (const rate of c.taxes) revenueParts.push({ amounts: rate, sign: 1 });
  }
  const byTaxRate = byRate(revenueParts);
  const correctionsByTaxRate = byRate(
    corrections.flatMap((correction) =>
      correction.byTaxRate.map((amounts) => ({ amounts, sign: 1 })),
    ),
  );
  const totalByTaxRate = byRate(
    [...byTaxRate, ...correctionsByTaxRate].map((amounts) => ({ amounts, sign: 1 })),
  );
  return {
    version: 1,
    orders: { ...counts, total: orders.length },
    revenue: sumOf(byTaxRate),
    byTaxRate,
    byType,
    byPayment,
    cancellations,
    refunds,
    donations,
    tips: { amount: 0 },
    corrections: [...corrections],
    correctionsByTaxRate,
    totalByTaxRate,
    total: sumOf(totalByTaxRate),
  };
}
