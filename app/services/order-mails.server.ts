import type { AppLoadContext } from "@remix-run/node";
import { formatDateTime } from "../domain/format";
import { formatMoney } from "../domain/money";
import { de } from "../i18n/de";
import type { CheckoutContext, OrderDraft } from "./checkout.server";
import { orderSummary } from "./checkout-view.server";
import type { NewEmail } from "./outbox.server";
import { statusPath } from "./store-paths";
import { DONATION_CENTS, type OrderReference } from "./place-order.server";

const texts = de.mails;

/** 'Ticket 12', or 'Bestellnummer 12' where the shop switched tickets off (spec section 2). */
export function orderNumberLabel(ticketNumber: number | string, disableTickets: boolean): string {
  return `${disableTickets ? de.orderStatus.orderNumber : de.orderStatus.ticket} ${ticketNumber}`;
}

/** The order in lines of plain text, shared by both mails. */
function orderLines(checkout: CheckoutContext, draft: OrderDraft): string[] {
  const { store } = checkout;
  const zone = store.zone;
  const money = (cents: number) => formatMoney(cents, store.settings.currency);
  const view = orderSummary(checkout);
  const lines = view.lines.flatMap((line) => [
    `- ${line.quantity} ${line.name}: ${line.price}`,
    ...line.details.map((detail) => `    ${detail}`),
  ]);
  return [
    `${texts.orderType}: ${de.cartPanel.deliveryTypes[checkout.orderType]}`,
    `${texts.appointment}: ${draft.appointment ? `${formatDateTime(draft.appointment, zone)} Uhr` : texts.asSoonAsPossible}`,
    ...(draft.table ? [`${texts.table}: ${draft.table.name}`] : []),
    ...(draft.street
      ? [
          `${texts.address}: ${[draft.street, draft.city, checkout.area?.name].filter(Boolean).join(", ")}`,
        ]
      : []),
    "",
    ...lines,
    ...(view.deliveryCosts ? [`${texts.deliveryCosts}: ${view.deliveryCosts}`] : []),
    `${texts.total}: ${view.total}`,
    `${texts.payment}: ${de.checkout.paymentMethods[draft.paymentMethod]}`,
    ...(draft.donatee ? [texts.donation(money(DONATION_CENTS), draft.donatee.name)] : []),
    ...(draft.comment ? ["", `${texts.comment}: ${draft.comment}`] : []),
  ];
}

/**
 * The customer's confirmation (when they gave an address) and the branch's new-order mail. The
 * order service stores them in the outbox with the order itself: both leave only if the order
 * was stored.
 */
export function orderMails(input: {
  order: OrderReference;
  checkout: CheckoutContext;
  draft: OrderDraft;
  context: AppLoadContext;
}): NewEmail[] {
  const mails: NewEmail[] = [];
  const { order, checkout, draft } = input;
  const { settings, branch } = checkout.store;
  const number = orderNumberLabel(order.ticketNumber, settings.disableTickets);
  const link = `${input.context.config.publicOrigin}${statusPath(order)}`;
  const details = orderLines(checkout, draft);
  if (draft.email) {
    const thanks =
      checkout.kind === "quotation"
        ? texts.thanksQuotation
        : checkout.kind === "preorder"
          ? texts.thanksPreorder
          : texts.thanks;
    mails.push({
      to: draft.email,
      subject: texts.customerSubject(settings.shopName, number),
      text: [
        texts.greeting(draft.name),
        "",
        thanks,
        "",
        number,
        ...details,
        "",
        texts.statusLink,
        link,
        "",
        texts.signature(settings.shopName),
      ].join("\n"),
    });
  }
  if (branch.email) {
    mails.push({
      to: branch.email,
      subject: texts.branchSubject(number, draft.name),
      text: [
        texts.newOrder,
        "",
        number,
        `${texts.contact}: ${[draft.name, draft.company, draft.phone, draft.email].filter(Boolean).join(", ")}`,
        ...details,
        "",
        link,
      ].join("\n"),
    });
  }
  return mails;
}
