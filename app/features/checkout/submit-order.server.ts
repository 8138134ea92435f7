/**
 * The checkout's order, from the checked form to where the customer goes next: the order placed,
 * a phone order's audit entry, an online payment started.
 */
import type { AppLoadContext } from "@remix-run/node";
import { isOnlinePayment, type PaymentMethod } from "#app/domain/checkout";
import { checkoutMessages } from "#app/features/orders/order-mails.server";
import { auditOrder, type StaffScope } from "#app/features/orders/staff-orders.server";
import { statusPath } from "#app/features/storefront/store-paths";
import { refusedWith, succeeded, type Outcome } from "#app/server/outcome";
import type { CheckoutContext, CheckoutInput } from "./checkout.server";
import { startPayment } from "./payment.server";
import { placeOrder } from "./place-order.server";

export interface CheckoutDestination {
  /** The address the customer (or the staff member taking a phone order) is sent to. */
  location: string;
  /** Placed on a kiosk: the order whose page the device shows until it resets (issue 35). */
  kioskOrderUid: string | null;
}

/**
 * Places the order and says where to go: the order's page in the back office for a phone order
 * paid at the counter (decision 019), the provider's checkout for an online payment (or the
 * checkout's error page when it could not start), else the order's status page.
 */
export async function submitCheckoutOrder(
  context: AppLoadContext,
  input: {
    checkout: CheckoutContext;
    form: CheckoutInput;
    /** Staff of this branch placing it for a customer by phone; asked once the order stands. */
    phoneOrderTaker: () => Promise<StaffScope | null>;
    selfService: boolean;
    now: Date;
  },
): Promise<Outcome<CheckoutDestination>> {
  const { checkout, now } = input;
  const placed = await placeOrder(context.db, {
    context: checkout,
    form: input.form,
    now,
    messages: (order, draft) => checkoutMessages(checkout, draft, order, context.config, now),
  });
  if (!placed.ok) return refusedWith(400, placed.errors);
  const { order } = placed;
  const online = isOnlinePayment(order.paymentMethod as PaymentMethod);
  const staff = await input.phoneOrderTaker();
  if (staff) {
    if (placed.isNew) await auditOrder(context.db, staff, order.id, "create", { phone: true });
    if (!online) return go(`/backend/orders/${order.id}?done=create`);
  }
  if (online) {
    if (order.isPaid) return go(statusPath(order));
    const target = await startPayment(context, { order, checkout });
    return go(target ?? `/store/${checkout.store.branch.identifier}/checkout/error`);
  }
  // The kiosk shows this order's page until it resets, and no other (issue 35).
  return go(statusPath(order), input.selfService ? order.uid : null);
}

const go = (location: string, kioskOrderUid: string | null = null) =>
  succeeded<CheckoutDestination>({ location, kioskOrderUid });
