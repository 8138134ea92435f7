import type { Order, OrderItem } from "#app/db/schema";
import {
  linePriceLabel,
  priceNotes,
  totalPriceLabel,
  type LabelledLine,
} from "#app/domain/price-label";
import { formatDateTime, formatNumber } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import {
  orderStatusFlags,
  orderTimeline,
  paymentState,
  shouldKeepPolling,
  showsCounterAppointmentPrompt,
  showsReviewPrompt,
  statusHeading,
  ticketLabel,
  type OrderTimeline,
  type PaymentState,
} from "#app/domain/order-status";
import { acceptCounterAppointmentLabel, statusMessages } from "#app/domain/order-status-messages";
import { inZone } from "#app/domain/time";
import { formatQuantity } from "#app/domain/units";
import { describeChosenParts } from "#app/domain/chosen-parts";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { customerOrder, type OrderRecord } from "./order-status.server";

const texts = deOrderStatus;

export interface StatusItemView {
  name: string;
  quantity: string;
  details: string[];
  price: string;
}

export interface OrderStatusView {
  heading: string;
  isCanceled: boolean;
  ticket: { label: string; number: string };
  messages: string[];
  timeline: OrderTimeline;
  payment: { state: PaymentState; label: string } | null;
  /** The branch's proposal while it waits for the customer's answer. */
  counterAppointment: { proposal: string; accept: string; decline: string } | null;
  showsQuestionnaire: boolean;
  /** The questionnaire was answered (and reviews are on): the page thanks for it. */
  showsRatingThanks: boolean;
  /** Until the order is final the page refreshes every 10 s (meta refresh without JavaScript). */
  keepPolling: boolean;
  /** The order's value for the purchase event of a consenting visitor's analytics (decision 054). */
  purchase: { value: number; currency: string };
  details: {
    orderType: string;
    appointment: string | null;
    table: string | null;
    address: string[];
    comment: string | null;
    paymentMethod: string;
    items: StatusItemView[];
    costs: string;
    deliveryCosts: string | null;
    total: string;
    /** What a 'ca.' or 'ab' in the totals means (decision 044). */
    priceNotes: string[];
    taxes: { rate: string; net: string; tax: string; gross: string }[];
  };
  branch: {
    name: string;
    street: string;
    city: string;
    phone: string | null;
    email: string | null;
  };
}

/** An order line as the price label sees it (decision 044). */
function labelled(item: OrderItem): LabelledLine {
  return { model: item.calculationModel, isPriceHidden: item.isPriceHidden, unit: item.unit };
}

function orderTypeLabel(order: Order): string {
  const type = order.isDelivery ? "delivery" : order.isDineIn ? "dine-in" : "takeaway";
  return de.cartPanel.deliveryTypes[type];
}

function addressLines(order: Order): string[] {
  if (!order.isDelivery) return [];
  const extras = [
    order.stairway ? texts.details.stairway(order.stairway) : null,
    order.floor ? texts.details.floor(order.floor) : null,
    order.door ? texts.details.door(order.door) : null,
  ].filter((line): line is string => line !== null);
  return [
    order.company,
    [order.firstName, order.lastName].filter(Boolean).join(" ") || order.name,
    order.street,
    extras.join(", "),
    order.city,
    order.deliveryAreaName ? `${texts.details.deliveryArea}: ${order.deliveryAreaName}` : null,
  ].filter((line): line is string => typeof line === "string" && line.trim() !== "");
}

/**
 * The status page's data: labels and formatted amounts only, nothing the page must compute. The
 * messages depend on the moment too: whether the branch is open now and how far off the order is.
 */
export function orderStatusView(
  { order, items, taxes, branch, settings }: OrderRecord,
  moment: { now: Date; isBranchOpen: boolean },
) {
  const zone = settings.businessTimeZone;
  const situation = { now: moment.now, zone, isBranchOpen: moment.isBranchOpen };
  const currency = settings.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const customer = customerOrder(order);
  const lines = items.map(labelled);
  const acceptText = acceptCounterAppointmentLabel(customer, situation);
  const view: OrderStatusView = {
    heading: statusHeading(customer),
    isCanceled: orderTimeline(customer).isCanceled,
    ticket: { label: ticketLabel(settings.disableTickets), number: String(order.ticketNumber) },
    messages: statusMessages(customer, situation),
    timeline: orderTimeline(customer),
    payment: paymentState(customer),
    counterAppointment:
      showsCounterAppointmentPrompt(customer) && order.counterAppointment && acceptText
        ? {
            proposal: texts.counterAppointment.proposal(
              formatDateTime(order.counterAppointment, zone),
            ),
            accept: acceptText,
            decline: texts.declineCounterAppointment,
          }
        : null,
    showsQuestionnaire: showsReviewPrompt(customer, settings.enablePluginOrderReviews),
    showsRatingThanks: settings.enablePluginOrderReviews && order.rating !== null,
    keepPolling: shouldKeepPolling(customer),
    purchase: { value: order.totalGross / 100, currency },
    details: {
      orderType: orderTypeLabel(order),
      appointment: order.appointment ? formatDateTime(order.appointment, zone) : null,
      table: order.isDineIn ? order.tableIdentifier : null,
      address: addressLines(order),
      comment: order.comment?.trim() || null,
      paymentMethod: deCheckout.paymentMethods[order.paymentMethod],
      items: items.map((item) => ({
        name: item.name,
        quantity: formatQuantity(item.amount, item.unit),
        details: describeChosenParts(item.parts),
        price: linePriceLabel(item.gross, labelled(item), currency),
      })),
      costs: totalPriceLabel(order.gross, lines, currency),
      deliveryCosts: order.isDelivery
        ? order.deliveryGross === 0
          ? texts.details.free
          : money(order.deliveryGross)
        : null,
      total: totalPriceLabel(order.totalGross, lines, currency),
      priceNotes: priceNotes(lines, { isQuotation: order.isQuotation }),
      taxes: taxes.map((line) => ({
        rate: texts.details.percent(formatNumber(line.taxRate, 2)),
        net: money(line.net),
        tax: money(line.tax),
        gross: money(line.gross),
      })),
    },
    branch: {
      name: branch.name,
      street: branch.street,
      city: [branch.zipCode, branch.city].filter(Boolean).join(" "),
      phone: branch.phone,
      email: branch.email,
    },
  };
  return view;
}

/** An instant for JSON: ISO 8601 with the business zone's offset. */
const iso = (value: Date | null, zone: string) => (value ? inZone(value, zone).toISO() : null);

/**
 * The order as `GET /api/orders/public/{uid}/{hash}` returns it: the fields section 3 lists for
 * the order response plus comment, items and totals. Left out on purpose: e-mail, phone, payment
 * references, idempotency key, internal ids of tables, areas, uploads and donatees.
 */
export function publicOrder({ order, items, taxes, branch, settings }: OrderRecord) {
  const zone = settings.businessTimeZone;
  return {
    id: order.id,
    uid: order.uid,
    hash: order.hash,
    ticketNumber: order.ticketNumber,
    branch: {
      id: branch.id,
      identifier: branch.identifier,
      name: branch.name,
      street: branch.street,
      zipCode: branch.zipCode,
      city: branch.city,
      phone: branch.phone,
      email: branch.email,
    },
    tableIdentifier: order.tableIdentifier,
    paymentMethod: order.paymentMethod,
    appointmentDate: order.appointment ? inZone(order.appointment, zone).toISODate() : null,
    appointment: iso(order.appointment, zone),
    counterAppointment: iso(order.counterAppointment, zone),
    rejectionMessage: order.rejectionMessage,
    questionnaireRating: order.rating,
    paymentRedirectUrl: order.isPaid ? null : order.paymentRedirectUrl,
    isDelivery: order.isDelivery,
    isDineIn: order.isDineIn,
    isPreorder: order.isPreorder,
    isQuotation: order.isQuotation,
    ...orderStatusFlags(order),
    isRefunded: order.isRefunded,
    name: order.name,
    company: order.company,
    street: order.street,
    city: order.city,
    deliveryArea: order.deliveryAreaName,
    floor: order.floor,
    stairway: order.stairway,
    door: order.door,
    comment: order.comment,
    currency: settings.currency,
    items: items.map((item) => ({
      position: item.position,
      name: item.name,
      description: item.description,
      amount: item.amount,
      unit: item.unit,
      unitPrice: item.unitPrice,
      gross: item.gross,
      taxRate: item.taxRate,
      calculationModel: item.calculationModel,
      isPriceHidden: item.isPriceHidden,
      parts: item.parts.map((part) => ({
        name: part.name,
        type: part.type,
        value: part.value ?? null,
        options: (part.options ?? []).map((option) => option.name),
        fileCount: part.uploadIds?.length ?? 0,
      })),
    })),
    net: order.net,
    tax: order.tax,
    gross: order.gross,
    deliveryNet: order.deliveryNet,
    deliveryTax: order.deliveryTax,
    deliveryGross: order.deliveryGross,
    totalNet: order.totalNet,
    totalTax: order.totalTax,
    totalGross: order.totalGross,
    taxes: taxes.map((line) => ({
      taxRate: line.taxRate,
      net: line.net,
      tax: line.tax,
      gross: line.gross,
    })),
    createdAt: iso(order.createdAt, zone),
    updatedAt: iso(order.updatedAt, zone),
  };
}

export type PublicOrder = ReturnType<typeof publicOrder>;
