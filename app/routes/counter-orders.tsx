import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { de } from "../i18n/de-staff";
import { loadCounterOrders, type CounterView } from "../features/devices/counter-orders.server";

/**
 * `/orders/frontdesk/{branchId}/{apiKey}` and `/orders/backoffice/{branchId}/{apiKey}`: a counter
 * device's read-only list of the branch's orders, without a login. It reloads itself every
 * 10 seconds (no JavaScript needed) and is never indexed or cached.
 */
const texts = de.counterOrders;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? texts.title(loaded.view, loaded.branchName) : texts.notFound },
  { name: "robots", content: "noindex" },
  { httpEquiv: "refresh", content: "10" },
];

export const headers = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, context }: LoaderFunctionArgs) {
  const view = params.view as CounterView;
  if (view !== "frontdesk" && view !== "backoffice") {
    throw data({ message: texts.notFound }, { status: 404 });
  }
  const branchId = /^\d{1,10}$/.test(params.branchId ?? "") ? Number(params.branchId) : 0;
  const loaded = await loadCounterOrders(context.db, {
    view,
    branchId,
    apiKey: params.apiKey ?? "",
    now: new Date(),
  });
  // Wrong branch and wrong key look the same.
  if (!loaded) throw data({ message: texts.notFound }, { status: 404 });
  return { view, ...loaded };
}

export default function CounterOrders() {
  const { view, branchName, orders } = useLoaderData<typeof loader>();
  return (
    <main className="counter-orders" id="inhalt">
      <h1>{texts.title(view, branchName)}</h1>
      {orders.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ol className="counter-list">
          {orders.map((order) => (
            <li key={order.id}>
              <p className="counter-ticket">
                <strong>{order.ticketNumber}</strong> {order.name}
              </p>
              <p>
                {order.type}
                {order.table ? ` · ${de.staffOrders.board.table(order.table)}` : null} ·{" "}
                {order.isAsSoonAsPossible ? texts.asap(order.due) : texts.at(order.due)} ·{" "}
                {order.state}
              </p>
              {order.items.length > 0 ? (
                <ul>
                  {order.items.map((item, index) => (
                    <li key={`${order.id}-${index}`}>
                      {item.quantity} {item.name}
                      {item.details.length > 0 ? ` (${item.details.join(", ")})` : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
