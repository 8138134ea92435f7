import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice, OrderStateBadge } from "#app/components/ui";
import {
  OrderActions,
  OrderFacts,
  OrderItems,
  OrderTrail,
} from "#app/components/backend/orders/order-detail-parts";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-staff";
import { loadOrderDetail } from "#app/features/orders/order-detail.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";

const texts = de.staffOrders;
const detail = texts.detail;

export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `${detail.title(loaded.receipt.ticket.label, loaded.receipt.ticket.number)} - ${de.backOffice.title}`
      : de.backOffice.title,
  },
  { name: "robots", content: "noindex" },
];

function orderIdOf(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw data({ message: texts.errors.notFound }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const id = orderIdOf(params.orderId);
  const order = await loadOrderDetail(context.db, staffScope(user, context), id, {
    now: new Date(),
    done: new URL(request.url).searchParams.get("done"),
  });
  if (!order) throw data({ message: texts.errors.notFound }, { status: 404 });
  return order;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = orderIdOf(params.orderId);
  // Another branch's order is "not found", whatever was posted.
  if (!(await findStaffOrder(context.db, staffScope(user, context), id))) {
    return data({ error: texts.errors.notFound }, { status: 404 });
  }
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return data({ error: texts.errors.unknownAction }, { status: 400 });
  }
  const parsed = parseOrderAction(fields);
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const result = await performOrderAction(context, staffScope(user, context), id, parsed.action);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // Changed, but the refund after it failed: the page shows why, beside the retry button.
  if (result.warning) return data({ error: result.warning });
  if (parsed.action.intent === "print") return redirect(`/backend/orders/${id}/receipt`, 303);
  return redirect(`/backend/orders/${id}?done=${parsed.action.intent}`, 303);
}

export default function OrderDetail() {
  const order = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { receipt } = order;
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <p>
        <Link to="/backend/orders">{detail.back}</Link>
      </p>
      <div className="page-head">
        <h1 id="order-title">
          {detail.title(receipt.ticket.label, receipt.ticket.number)}{" "}
          <OrderStateBadge state={order.stateKey} label={order.state} />
        </h1>
      </div>
      {result && "error" in result ? (
        <Notice tone="error">{result.error}</Notice>
      ) : (
        <Notice>{order.notice}</Notice>
      )}
      {receipt.banners.map((banner) => (
        <Notice key={banner} tone="info" announce={false}>
          {banner}
        </Notice>
      ))}
      <p>
        <Link to="edit">{de.orderChanges.edit.link}</Link>
      </p>

      <OrderActions order={order} />

      <OrderFacts order={order} />

      <OrderItems order={order} />

      <OrderTrail order={order} />
    </article>
  );
}
