import { randomBytes } from "node:crypto";
import { describeChosenParts } from "../../domain/chosen-parts";
import { formatMoney } from "../../domain/money";
import { formatQuantity } from "../../domain/units";
import { appointmentDays, appointmentTimes } from "../../domain/slots";
import { inZone } from "../../domain/time";
import { de } from "../../i18n/de";
import type { CheckoutContext } from "./checkout.server";
import { DONATION_CENTS } from "./place-order.server";
import { storePath } from "../storefront/store-paths";

/** The form fields a reload (the appointment's GET step) or a refused post fills in again. */
export const CHECKOUT_FIELDS = [
  "name",
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

/** The cart's lines and totals as the checkout and the e-mails show them. */
export function orderSummary(context: CheckoutContext) {
  const { totals } = context;
  const money = (cents: number) => formatMoney(cents, context.store.settings.currency);
  const prefix = context.isApproximate ? `${de.calculationModels.approximate} ` : "";
  return {
    lines: context.lines.map((line) => ({
      id: line.row.id,
      name: line.product.name,
      quantity: formatQuantity(line.row.amount, line.row.unit),
      details: describeChosenParts(line.parts),
      price: line.product.isPriceHidden ? de.menu.priceOnRequest : money(line.gross),
    })),
    costs: prefix + money(totals.gross),
    deliveryCosts:
      context.orderType === "delivery" && context.area
        ? totals.deliveryGross === 0
          ? de.cartPanel.free
          : money(totals.deliveryGross)
        : null,
    total: prefix + money(totals.totalGross),
  };
}

/** Everything the checkout page renders, as plain data. */
export function checkoutView(context: CheckoutContext, query: URLSearchParams) {
  const { store } = context;
  const money = (cents: number) => formatMoney(cents, store.settings.currency);
  const days = appointmentDays(context.plan(), store.zone).map((date) => ({
    date,
    label: inZone(date, store.zone).setLocale("de").toFormat("cccc, dd.MM.yyyy"),
  }));
  const requestedDay = query.get("tag");
  const chosenAppointment = query.get("appointment");
  const dayOfAppointment = chosenAppointment
    ? (inZone(chosenAppointment, store.zone).toISODate() ?? null)
    : null;
  const day =
    days.find((candidate) => candidate.date === requestedDay)?.date ??
    days.find((candidate) => candidate.date === dayOfAppointment)?.date ??
    days[0]?.date ??
    null;
  const submitLabel =
    context.kind === "quotation"
      ? de.checkout.submitQuotation
      : context.kind === "preorder"
        ? de.checkout.submitPreorder
        : de.checkout.submitOrder;
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
    areas: store.branch.deliveryAreas.map((area) => ({ id: area.id, name: area.name })),
    areaId: context.area?.id ?? null,
    notices: context.notices,
    alternatives: context.isOpen
      ? []
      : [
          ...(context.orderType !== "takeaway" && context.orderTypes.includes("takeaway")
            ? [de.checkout.alternativeTakeaway]
            : []),
          ...(context.orderType !== "dine-in" && context.orderTypes.includes("dine-in")
            ? [de.checkout.alternativeDineIn]
            : []),
          ...(store.branch.isPreorderEnabled ? [de.checkout.alternativePreorder] : []),
        ],
    required: context.required,
    tables: context.tables,
    ...orderSummary(context),
    goneItems: context.goneItems,
    minimumMessages: context.minimumMessages,
    days,
    day,
    times: day ? appointmentTimes(context.plan(), day, store.zone) : [],
    donations: store.settings.enablePluginDonations
      ? {
          hint: de.checkout.donationHint(money(DONATION_CENTS)),
          donatees: context.donatees.map((donatee) => ({
            id: donatee.id,
            name: donatee.name,
            description: donatee.description,
          })),
        }
      : null,
    paymentMethods: context.paymentMethods.map((value) => ({
      value,
      label: de.checkout.paymentMethods[value],
    })),
    defaultPayment: context.defaultPayment,
    canSubmit: context.kind !== null && context.lines.length > 0,
    submitLabel,
  };
}

export type CheckoutView = ReturnType<typeof checkoutView>;
