import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { ReceiptView } from "#app/components/backend/receipt";
import { de } from "#app/i18n/de-staff";
import { loadReceipt } from "#app/features/orders/receipt.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { parseId } from "#app/domain/values";
import { orderUploads } from "#app/features/uploads/order-uploads.server";
import { OrderUploadList } from "#app/components/backend/order-uploads";

/**
 * The printable receipt of an order; `/backend/orders/{id}/escpos` answers the same receipt as
 * ESC/POS bytes, until printers are set up as devices.
 */
export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? de.receipt.pageTitle(`${loaded.receipt.ticket.label} ${loaded.receipt.ticket.number}`)
      : de.receipt.title,
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  const order = await findStaffOrder(context.db, staffScope(user, context), id);
  const loaded = order ? await loadReceipt(context.db, order.id) : null;
  if (!loaded) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  return { id: order!.id, receipt: loaded.receipt, uploads: await orderUploads(context.db, id) };
}

export default function OrderReceipt() {
  const { id, receipt, uploads } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="receipt-back">
        <Link to={`/backend/orders/${id}`}>{de.staffOrders.detail.back}</Link>
      </p>
      <ReceiptView receipt={receipt} />
      {uploads.length > 0 ? (
        <section className="receipt-uploads" aria-labelledby="beleg-dateien">
          <h2 id="beleg-dateien">{de.staffOrders.detail.uploads}</h2>
          <OrderUploadList uploads={uploads} />
        </section>
      ) : null}
    </>
  );
}
