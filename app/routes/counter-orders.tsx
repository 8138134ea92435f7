import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { de } from "../i18n/de-staff";
import { loadCounterOrders, type CounterView } from "../features/devices/counter-orders.server";
import {
  localSettingsCookie,
  localSettingsFromForm,
  readLocalSettings,
} from "../features/devices/local-settings.server";
import { readSmallForm } from "../features/shared/small-request.server";

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

async function load({ params, context, request }: LoaderFunctionArgs) {
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
    local: readLocalSettings(request),
  });
  // Wrong branch, wrong key and the views switched off look the same.
  if (!loaded) throw data({ message: texts.notFound }, { status: 404 });
  return { view, ...loaded };
}

export const loader = load;

/** The device's local settings (spec section 3): kept in a cookie of this browser only. */
export async function action(args: ActionFunctionArgs) {
  await load(args);
  const form = await readSmallForm(args.request);
  const settings = form ? localSettingsFromForm(Object.fromEntries(form)) : null;
  if (!settings) throw data({ message: de.localSettings.title }, { status: 400 });
  const secure = args.context.config.publicOrigin.startsWith("https:");
  return redirect(new URL(args.request.url).pathname, {
    status: 303,
    headers: { "Set-Cookie": localSettingsCookie(settings, secure) },
  });
}

export default function CounterOrders() {
  const { view, branchName, orders, local } = useLoaderData<typeof loader>();
  return (
    <div className="counter-orders">
      <h1>{texts.title(view, branchName)}</h1>
      {orders.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ol className="counter-list">
          {orders.map((order) => (
            <li key={order.id}>
              <p className="counter-ticket">
                <strong>{order.ticketNumber}</strong> {order.name ?? null}
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
      <Form method="post" className="local-settings">
        <fieldset className="checkbox-group">
          <legend>{de.localSettings.title}</legend>
          <div className="checkbox">
            <input
              id="show-customer-data"
              type="checkbox"
              name="showCustomerData"
              defaultChecked={local.showCustomerData}
            />
            <label htmlFor="show-customer-data">{de.localSettings.showCustomerData}</label>
          </div>
          <div className="checkbox">
            <input
              id="show-product-data"
              type="checkbox"
              name="showProductData"
              defaultChecked={local.showProductData}
            />
            <label htmlFor="show-product-data">{de.localSettings.showProductData}</label>
          </div>
        </fieldset>
        <button type="submit" className="button secondary">
          {de.localSettings.save}
        </button>
      </Form>
    </div>
  );
}
