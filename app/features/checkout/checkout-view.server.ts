import { randomBytes } from "node:crypto";
import { describeChosenParts } from "#app/domain/chosen-parts";
import { formatMoney } from "#app/domain/money";
import { formatQuantity } from "#app/domain/units";
import { linePriceLabel, priceNotes, totalPriceLabel } from "#app/domain/price-label";
import { labelledLine } from "#app/features/cart/cart-pricing.server";
import { appointmentDays, appointmentTimes } from "#app/domain/slots";
import { inZone } from "#app/domain/time";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import type { CheckoutContext } from "./checkout.server";
import { DONATION_CENTS } from "./place-order.server";
import { storePath } from "#app/features/storefront/store-paths";
import { fitsOn, isSlotFull, nextFreeDay } from "#app/domain/capacities";
import { deCapacities } from "#app/i18n/de-capacities";

/** The form fields a reload (the appointment's GET step) or a refused post fills in again. */
export const CHECKOUT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "company",
  "email",
  "phone",
  "street",
  "city",
  "floor",
  "stairway",
  "door",
  "tableId",
  "appointment",
  "comment",
  "donateeId",
  "paymentMethod",
  "acceptTerms",
  "acceptPrivacy",
] as const;

export type CheckoutValues = Partial<Record<(typeof CHECKOUT_FIELDS)[number], string>>;

export function valuesFrom(source: URLSearchParams | FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const field of CHECKOUT_FIELDS) {
    const value = source.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 2000);
  }
  return values;
}

/** A fresh one-time key per rendered form: a resubmission of that form finds its order. */
export function newOrderKey(): string {
  return randomBytes(18).toString("base64url");
}

/** The cart's lines and totals as the checkout and the e-mails show them (labels: decision 044). */
export function orderSummary(context: CheckoutContext) {
  const { totals } = context;
  const currency = context.store.settings.currency;
  const labelled = context.lines.map((line) => labelledLine(line.product, line.row.unit));
  return {
    lines: context.lines.map((line, index) => ({
      id: line.row.id,
      name: line.product.name,
      quantity: formatQuantity(line.row.amount, line.row.unit),
      details: describeChosenParts(line.parts),
      price: linePriceLabel(line.gross, labelled[index]!, currency),
    })),
    costs: totalPriceLabel(totals.gross, labelled, currency),
    deliveryCosts:
      context.orderType === "delivery" && context.area
        ? totals.deliveryGross === 0
          ? de.cartPanel.free
          : formatMoney(totals.deliveryGross, currency)
        : null,
    total: totalPriceLabel(totals.totalGross, labelled, currency),
    priceNotes: priceNotes(labelled, { isQuotation: context.kind === "quotation" }),
  };
}

/** The business day of a posted or linked appointment; null for what is not a time. */
function dayOf(appointment: string, zone: string): string | null {
  try {
    return inZone(appointment, zone).toISODate();
  } catch {
    return null;
  }
}

/** 'Freitag, 27.11.2026' per date: the same for every page (half a year of them per page). */
const dayLabels = new Map<string, string>();

function dayLabel(date: string, zone: string): string {
  const key = `${zone}|${date}`;
  let label = dayLabels.get(key);
  if (label === undefined) {
    label = inZone(date, zone).setLocale("de").toFormat("cccc, dd.MM.yyyy");
    if (dayLabels.size >= 2_000) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

/** The day's times, less the slots that are full (decision 113). */
function openTimes(context: CheckoutContext, day: string) {
  const times = appointmentTimes(context.plan(), day, context.store.zone);
  const book = context.capacity;
  if (!book) return times;
  return times.filter((time) => !isSlotFull(book, time.at, context.store.zone));
}

/**
 * The cart's products that the day cannot take any more ("Für diesen Tag ausgebucht"), each with
 * the next day that still can (decision 113).
 */
function bookedOutLines(
  context: CheckoutContext,
  day: string,
  days: readonly { date: string; label: string }[],
) {
  const book = context.capacity;
  if (!book) return [];
  const amounts = new Map<number, { name: string; amount: number }>();
  for (const line of context.lines) {
    const known = amounts.get(line.product.id);
    amounts.set(line.product.id, {
      name: line.product.name,
      amount: (known?.amount ?? 0) + Number(line.row.amount),
    });
  }
  const path = `${storePath(context.store.branch.identifier)}/checkout`;
  return [...amounts].flatMap(([productId, { name, amount }]) => {
    if (fitsOn(book, productId, amount, day)) return [];
    const free = nextFreeDay(
      book,
      productId,
      amount,
      days.map((candidate) => candidate.date),
      day,
    );
    const label = days.find((candidate) => candidate.date === free)?.label ?? "";
    return [
      {
        productId,
        text: deCapacities.bookedOutLine(name),
        next: free
          ? {
              text: deCapacities.nextFreeDay(label),
              href: `${path}?${new URLSearchParams({ tag: free }).toString()}`,
            }
          : null,
        noFreeDay: free ? null : deCapacities.noFreeDay,
      },
    ];
  });
}

/** Everything the checkout page renders, as plain data. */
export function checkoutView(context: CheckoutContext, query: URLSearchParams) {
  const { store } = context;
  const money = (cents: number) => formatMoney(cents, store.settings.currency);
  const days = appointmentDays(context.plan(), store.zone).map((date) => ({
    date,
    label: dayLabel(date, store.zone),
  }));
  const requestedDay = query.get("tag");
  const chosenAppointment = query.get("appointment");
  const dayOfAppointment = chosenAppointment ? dayOf(chosenAppointment, store.zone) : null;
  const day =
    days.find((candidate) => candidate.date === requestedDay)?.date ??
    days.find((candidate) => candidate.date === dayOfAppointment)?.date ??
    days[0]?.date ??
    null;
  // The spec's texts unless the shop words its buttons for § 312j BGB (decision 046).
  const { settings } = store;
  const submitLabel =
    context.kind === "quotation"
      ? deCheckout.submitQuotation
      : context.kind === "preorder"
        ? settings.checkoutPreorderButton?.trim() || deCheckout.submitPreorder
        : settings.checkoutOrderButton?.trim() || deCheckout.submitOrder;
  const summary = orderSummary(context);
  const paymentNotice =
    context.kind === "quotation" || context.kind === null
      ? null
      : settings.checkoutPaymentNotice?.trim() ||
        deCheckout.paymentNotice(submitLabel, summary.total);
  return {
    branchName: store.branch.name,
    storePath: storePath(store.branch.identifier),
    checkoutPath: `${storePath(store.branch.identifier)}/checkout`,
    orderKey: newOrderKey(),
    orderType: context.orderType,
    orderTypes: context.orderTypes.map((value) => ({
      value,
      label: de.cartPanel.deliveryTypes[value],
    })),
    areas: store.branch.deliveryAreas.map((area) => ({
      id: area.id,
      name: area.name,
      label: de.delivery.areaOption(
        area.name,
        area.isFree ? de.delivery.areaFree : money(area.price),
        area.minimumOrderValue ? money(area.minimumOrderValue) : null,
      ),
    })),
    areaId: context.area?.id ?? null,
    notices: context.notices,
    alternatives: context.isOpen
      ? []
      : [
          ...(context.orderType !== "takeaway" && context.orderTypes.includes("takeaway")
            ? [deCheckout.alternativeTakeaway]
            : []),
          ...(context.orderType !== "dine-in" && context.orderTypes.includes("dine-in")
            ? [deCheckout.alternativeDineIn]
            : []),
          ...(store.branch.isPreorderEnabled ? [deCheckout.alternativePreorder] : []),
        ],
    required: context.required,
    tables: context.tables,
    ...summary,
    goneItems: context.goneItems,
    minimumMessages: context.minimumMessages,
    days,
    day,
    times: day ? openTimes(context, day) : [],
    bookedOut: day ? bookedOutLines(context, day, days) : [],
    donations: store.settings.enablePluginDonations
      ? {
          hint: deCheckout.donationHint(money(DONATION_CENTS)),
          donatees: context.donatees.map((donatee) => ({
            id: donatee.id,
            name: donatee.name,
            description: donatee.description,
          })),
        }
      : null,
    paymentMethods: context.paymentMethods.map((value) => ({
      value,
      label: deCheckout.paymentMethods[value],
    })),
    defaultPayment: context.defaultPayment,
    canSubmit: context.kind !== null && context.lines.length > 0,
    submitLabel,
    paymentNotice,
  };
}

export type CheckoutView = ReturnType<typeof checkoutView>;
