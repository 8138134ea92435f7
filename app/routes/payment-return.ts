import { redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import type { PaymentProviderName } from "#app/integrations/payments/provider";
import { findOrderByAddress } from "#app/features/orders/order-status.server";
import { settlePayment } from "#app/features/checkout/payment.server";
import { NO_STAFF, refundOrderPayment } from "#app/features/orders/refund.server";
import { statusPath } from "#app/features/storefront/store-paths";
import type { Order } from "#app/db/schema";
import { isOnlinePayment } from "#app/domain/checkout";

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/**
 * Where the provider sends the customer back (`/zahlung/{uid}/{hash}/erfolg|abbruch`). The URL
 * proves nothing: the provider is asked. Paid goes to the status page; anything else to the
 * checkout's error page with the cart as it was. A GET: it asks the provider only for an order
 * that waits for that provider's payment, and changes no other order.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await findOrderByAddress(context.db, {
    uid: params.uid ?? "",
    hash: params.hash ?? "",
  });
  if (!order || !["erfolg", "abbruch"].includes(params.outcome ?? "")) throw notFound();
  const branch = await context.db
    .selectFrom("branches")
    .select("identifier")
    .where("id", "=", order.branchId)
    .executeTakeFirstOrThrow();
  const failedPath = `/store/${branch.identifier}/checkout/error`;
  // The address is the status page's, printed on the receipt: anyone may open it, for any order.
  // Only an order still waiting for its online payment is the provider's to settle here; any
  // other order (cash, paid, cancelled, rejected, completed) is left as it is (issue 35).
  if (order.isFailed && isOnlinePayment(order.paymentMethod)) return redirect(failedPath, 303);
  const provider = isAwaitingOnlinePayment(order)
    ? context.payments[order.paymentMethod as PaymentProviderName]
    : undefined;
  if (!provider || !order.paymentReference) return redirect(statusPath(order), 303);
  const status =
    params.outcome === "abbruch"
      ? await provider.cancelCheckout(order.paymentReference)
      : await provider.fetchStatus(order.paymentReference);
  // Still pending after the customer came back from the success page counts as not paid yet:
  // the status page shows "awaiting payment" and the webhook settles it later.
  if (status === "paid" || (status === "pending" && params.outcome === "erfolg")) {
    if (status === "paid") {
      const settled = await settlePayment(context.db, order.id, "paid");
      // Paid for an order that was rejected or cancelled meanwhile (decision 022).
      if (settled.applied) {
        await refundOrderPayment(context, order.id, NO_STAFF, "paid-after-close");
      }
    }
    return redirect(statusPath(order), 303);
  }
  await settlePayment(context.db, order.id, "failed");
  return redirect(failedPath, 303);
}

/**
 * Paid online, with a checkout started at the provider, and neither paid, failed nor closed by
 * staff: the only orders a return from the provider may settle.
 */
function isAwaitingOnlinePayment(order: Order): boolean {
  return (
    isOnlinePayment(order.paymentMethod) &&
    order.paymentReference !== null &&
    order.paymentReference !== "" &&
    !order.isPaid &&
    !order.isFailed &&
    !order.isCanceled &&
    !order.isRejected &&
    !order.isCompleted
  );
}
