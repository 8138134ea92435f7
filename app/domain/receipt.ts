import type { ChosenPart } from "./chosen-parts";
import { de } from "#app/i18n/de-staff";
import { describeChosenParts } from "./chosen-parts";
import { isOnlinePayment, type PaymentMethod } from "./checkout";
import { formatDate, formatDateTime, formatNumber } from "./format";
import { formatMoney, type Cents } from "./money";
import type { OrderContact } from "./order-contact";
import { ticketLabel } from "./order-status";
import { formatQuantity, type CalculationModel, type Unit } from "./units";
import { linePriceLabel, priceNotes, totalPriceLabel, type LabelledLine } from "./price-label";

/**
 * The order receipt as one model that every output lays out: the printable page, the ESC/POS
 * bytes for the counter printers, and the order e-mail. Everything in it is already German text
 * and de-DE amounts and dates in the business's time zone, so a renderer only arranges lines
 * (decision 013).
 */

const texts = de.receipt;

/** The stored order, as much of it as a receipt shows: who ordered, and the rest below. */
export interface ReceiptOrder extends OrderContact {
  ticketNumber: number;
  isDelivery: boolean;
  isDineIn: boolean;
  isPreorder: boolean;
  isQuotation: boolean;
  isRejected: boolean;
  isCanceled: boolean;
  isFailed: boolean;
  isPaid: boolean;
  isRefunded: boolean;
  isConfirmed: boolean;
  /** Handed over (or delivered): optional for the callers that build a receipt by hand. */
  isCompleted?: boolean;
  /** When the customer's contact data was removed (decision 112); absent on hand-built receipts. */
  anonymisedAt?: Date | string | null;
  tableIdentifier: string | null;
  appointment: Date | string | null;
  counterAppointment: Date | string | null;
  comment: string | null;
  paymentMethod: PaymentMethod;
  donationAmount: Cents;
  gross: Cents;
  deliveryGross: Cents;
  totalGross: Cents;
  createdAt: Date | string;
}

export interface ReceiptOrderItem {
  name: string;
  amount: number;
  unit: Unit;
  gross: Cents;
  calculationModel: CalculationModel;
  isPriceHidden: boolean;
  parts: readonly ChosenPart[];
}

export interface ReceiptTax {
  taxRate: number;
  net: Cents;
  tax: Cents;
  gross: Cents;
}

export interface ReceiptSource {
  order: ReceiptOrder;
  /** In their position order. */
  items: readonly ReceiptOrderItem[];
  /** Items and delivery together, one row per rate (the order's `order_taxes`). */
  taxes: readonly ReceiptTax[];
  branch: {
    name: string;
    street: string;
    zipCode: string;
    city: string;
    phone: string | null;
  };
  settings: {
    shopName: string;
    currency: string;
    disableTickets: boolean;
    businessTimeZone: string;
    website: string | null;
  };
  donatee: { name: string } | null;
}

/** One "label: value" line. */
export interface ReceiptField {
  label: string;
  value: string;
}

export interface ReceiptItem {
  /** `2 Stk.`, `0,5 kg`. */
  quantity: string;
  name: string;
  /** The configured parts, one line each: `Größe: Ø 26 cm`. */
  details: string[];
  /** `5,00 €`, `ca. 4,50 €` or `Preis auf Anfrage`. */
  price: string;
}

export interface ReceiptTotal extends ReceiptField {
  isGrandTotal: boolean;
}

export interface ReceiptTaxRow {
  rate: string;
  net: string;
  tax: string;
  gross: string;
}

export interface Receipt {
  header: {
    shopName: string;
    branchName: string;
    /** Street, then postcode and city; blank parts left out. */
    address: string[];
    phone: string | null;
  };
  /** Printed big: `Ticket` / `Bestellnummer` and the number. */
  ticket: { label: string; number: string };
  /** A word that must not be missed on the pass: cancelled, pre-order, quotation request. */
  banners: string[];
  /** Order type, table, appointment, the branch's pending proposal, when it was ordered. */
  facts: ReceiptField[];
  customer: ReceiptField[];
  /** Empty unless it is a delivery. */
  deliveryAddress: string[];
  items: ReceiptItem[];
  comment: string | null;
  donation: string | null;
  payment: ReceiptField[];
  /** Subtotal, delivery costs (deliveries only), total (the grand total flagged). */
  totals: ReceiptTotal[];
  taxes: ReceiptTaxRow[];
  /** Why the total may still change (weighed goods, prices on request). */
  notes: string[];
  footer: string[];
}

const blank = (value: string | null | undefined): value is null | undefined | "" =>
  value === null || value === undefined || value.trim() === "";

/** Street, floor details, city, delivery area: the driver's lines. */
function deliveryAddress(order: ReceiptOrder): string[] {
  if (!order.isDelivery) return [];
  const details = de.orderStatus.details;
  const extras = [
    blank(order.stairway) ? null : details.stairway(order.stairway.trim()),
    blank(order.floor) ? null : details.floor(order.floor.trim()),
    blank(order.door) ? null : details.door(order.door.trim()),
  ].filter((line): line is string => line !== null);
  return [
    order.street,
    extras.join(", "),
    order.city,
    blank(order.deliveryAreaName) ? null : `${details.deliveryArea}: ${order.deliveryAreaName}`,
  ]
    .filter((line): line is string => !blank(line))
    .map((line) => line.trim());
}

function customerFields(order: ReceiptOrder): ReceiptField[] {
  const fullName = [order.firstName, order.lastName].filter((part) => !blank(part)).join(" ");
  const fields: [string, string | null][] = [
    [texts.name, blank(fullName) ? order.name : fullName],
    [texts.company, order.company],
    [texts.phone, order.phone],
    [texts.email, order.email],
  ];
  return fields
    .filter((field): field is [string, string] => !blank(field[1]))
    .map(([label, value]) => ({ label, value: value.trim() }));
}

function orderType(order: ReceiptOrder): string {
  const type = order.isDelivery ? "delivery" : order.isDineIn ? "dine-in" : "takeaway";
  return de.cartPanel.deliveryTypes[type];
}

/**
 * Online payments follow the provider; cash, card and voucher are paid at the counter, so a
 * completed order of theirs is paid even if nobody ticked it.
 */
function paymentStateLabel(order: ReceiptOrder): string {
  if (isOnlinePayment(order.paymentMethod)) {
    const labels = de.orderStatus.payment;
    if (order.isRefunded) return labels.refunded;
    if (order.isPaid) return labels.paid;
    if (order.isFailed) return labels.failed;
    return labels.awaiting;
  }
  // A completed order paid at the counter (or at the door) was paid (issue 36, item 15).
  return order.isPaid || order.isCompleted ? texts.paid : texts.unpaid;
}

/**
 * The receipt of one order. `now` is the moment of printing; it appears in the footer so that a
 * reprint can be told from the first print.
 */
export function buildReceipt(source: ReceiptSource, now: Date | string): Receipt {
  const { order, items, settings, branch } = source;
  const zone = settings.businessTimeZone;
  const money = (cents: number) => formatMoney(cents, settings.currency);
  // Labelled as the customer saw them (decision 044).
  const lines: LabelledLine[] = items.map((item) => ({
    model: item.calculationModel,
    isPriceHidden: item.isPriceHidden,
    unit: item.unit,
  }));
  const total = (cents: number) => totalPriceLabel(cents, lines, settings.currency);

  const banners: (string | null)[] = [
    order.isCanceled || order.isRejected ? texts.canceled : null,
    order.isQuotation ? texts.quotation : order.isPreorder ? texts.preorder : null,
    order.anonymisedAt ? texts.anonymised(formatDate(order.anonymisedAt, zone)) : null,
  ];

  const pendingProposal =
    order.counterAppointment && !order.isConfirmed && !order.isCanceled && !order.isRejected
      ? order.counterAppointment
      : null;
  const facts: ReceiptField[] = [
    { label: texts.orderType, value: orderType(order) },
    ...(order.isDineIn && !blank(order.tableIdentifier)
      ? [{ label: texts.table, value: order.tableIdentifier.trim() }]
      : []),
    {
      label: texts.appointment,
      value: order.appointment ? formatDateTime(order.appointment, zone) : texts.asSoonAsPossible,
    },
    ...(pendingProposal
      ? [{ label: texts.counterAppointment, value: formatDateTime(pendingProposal, zone) }]
      : []),
    { label: texts.orderedAt, value: formatDateTime(order.createdAt, zone) },
  ];

  const totals: ReceiptTotal[] = [
    { label: texts.subtotal, value: total(order.gross), isGrandTotal: false },
    ...(order.isDelivery
      ? [
          {
            label: texts.deliveryCosts,
            value: order.deliveryGross === 0 ? texts.free : money(order.deliveryGross),
            isGrandTotal: false,
          },
        ]
      : []),
    { label: texts.total, value: total(order.totalGross), isGrandTotal: true },
  ];

  const notes = priceNotes(lines, { isQuotation: order.isQuotation });

  const donation =
    source.donatee && order.donationAmount > 0
      ? texts.donation(money(order.donationAmount), source.donatee.name)
      : null;

  return {
    header: {
      shopName: settings.shopName,
      branchName: branch.name,
      address: [
        branch.street,
        [branch.zipCode, branch.city].filter((part) => !blank(part)).join(" "),
      ]
        .filter((line) => !blank(line))
        .map((line) => line.trim()),
      phone: blank(branch.phone) ? null : branch.phone.trim(),
    },
    ticket: { label: ticketLabel(settings.disableTickets), number: String(order.ticketNumber) },
    banners: banners.filter((banner): banner is string => banner !== null),
    facts,
    customer: customerFields(order),
    deliveryAddress: deliveryAddress(order),
    items: items.map((item, index) => ({
      quantity: formatQuantity(item.amount, item.unit),
      name: item.name,
      details: describeChosenParts(item.parts),
      price: linePriceLabel(item.gross, lines[index]!, settings.currency),
    })),
    comment: blank(order.comment) ? null : order.comment.trim(),
    donation,
    payment: [
      { label: texts.paymentMethod, value: de.checkout.paymentMethods[order.paymentMethod] },
      { label: texts.paymentState, value: paymentStateLabel(order) },
    ],
    totals,
    taxes: source.taxes.map((row) => ({
      rate: texts.percent(formatNumber(row.taxRate, 2)),
      net: money(row.net),
      tax: money(row.tax),
      gross: money(row.gross),
    })),
    notes,
    footer: [
      texts.thanks,
      ...(blank(settings.website) ? [] : [settings.website.trim()]),
      texts.notFiscal,
      texts.printedAt(formatDateTime(now, zone)),
    ],
  };
}
