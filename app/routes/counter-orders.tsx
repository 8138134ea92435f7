import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import {
  Form,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { Button, Notice } from "#app/components/ui";
import { useLiveOrders } from "#app/components/backend/use-live-orders";
import { de } from "#app/i18n/de-staff";
import { deCounterDevices } from "#app/i18n/de-counter-devices";
import {
  counterOrderAction,
  loadCounterOrders,
  type CounterView,
} from "#app/features/devices/counter-orders.server";
import uiStyles from "#app/styles/ui.css?url";
import counterStyles from "#app/styles/counter-orders.css?url";
import {
  localSettingsCookie,
  localSettingsFromForm,
  readLocalSettings,
} from "#app/features/devices/local-settings.server";
import { readSmallForm } from "#app/features/shared/small-request.server";

/**
 * `/orders/frontdesk/{branchId}/{apiKey}` and `/orders/backoffice/{branchId}/{apiKey}`: a counter
 * device's list of the branch's orders, without a login, in a plain staff frame (no cookie
 * banner, no shop navigation, footer or app install). With JavaScript it follows the board's live
 * events; without, it reloads itself every 10 seconds. "Bestätigen" and "Abschließen" are plain
 * forms (issue 36, item 13, decision 079). Never indexed or cached.
 */
const texts = de.counterOrders;
const more = deCounterDevices;

export const handle = { backOffice: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: counterStyles },
];

export const meta: Route.MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? texts.title(loaded.view, loaded.branchName) : texts.notFound },
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": the key in the address never leaves the site, but a form's
// POST keeps its Origin (with "no-referrer" a browser without JavaScript sends `Origin: null`,
// refused as cross-site: the device's settings and actions failed without JavaScript).
export const headers = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
});

async function load({ params, context, request }: Route.LoaderArgs) {
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

/**
 * An order's "Bestätigen"/"Abschließen" (decision 079), or the device's local settings (spec
 * section 3, kept in a cookie of this browser only).
 */
export async function action(args: Route.ActionArgs) {
  await load(args);
  const form = await readSmallForm(args.request);
  const intent = form?.get("intent");
  if (intent !== null && intent !== undefined) {
    const orderId = /^\d{1,10}$/.test(String(form?.get("order") ?? ""))
      ? Number(form?.get("order"))
      : 0;
    if ((intent !== "confirm" && intent !== "completed") || !orderId) {
      return data({ error: more.invalidAction }, { status: 400 });
    }
    const done = await counterOrderAction(args.context, {
      branchId: Number(args.params.branchId),
      apiKey: args.params.apiKey ?? "",
      orderId,
      action: intent,
      ip: args.context.clientAddress || null,
      now: new Date(),
    });
    if (!done) throw data({ message: texts.notFound }, { status: 404 });
    if (!done.ok) return data({ error: done.message }, { status: done.status });
    return redirect(new URL(args.request.url).pathname, { status: 303 });
  }
  const settings = form ? localSettingsFromForm(Object.fromEntries(form)) : null;
  if (!settings) throw data({ message: de.localSettings.title }, { status: 400 });
  const secure = args.context.config.publicOrigin.startsWith("https:");
  return redirect(new URL(args.request.url).pathname, {
    status: 303,
    headers: { "Set-Cookie": localSettingsCookie(settings, secure) },
  });
}

/** With JavaScript: every order event of the branch reloads the list (the board's stream). */
function LiveCounter() {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const isNavigating = useRef(false);
  useEffect(() => {
    isNavigating.current = navigation.state !== "idle";
  }, [navigation.state]);
  const onEvents = useCallback(() => {
    // A reload would cancel a tap on its way; the page after it is loaded fresh anyway.
    if (!isNavigating.current) revalidator.revalidate();
  }, [revalidator]);
  const state = useLiveOrders(`${pathname}/events`, { onEvents });
  return (
    <p role="status" className={`counter-live live-${state}`}>
      {de.liveOrders.state[state]}
    </p>
  );
}

export default function CounterOrders() {
  const { view, branchName, orders, local } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { pathname } = useLocation();
  return (
    <div className="counter-orders">
      {/* Without JavaScript the view reloads itself (with it, the live events do). */}
      <noscript>
        <meta httpEquiv="refresh" content="10" />
      </noscript>
      <header className="counter-head">
        <h1>{texts.title(view, branchName)}</h1>
        <noscript>
          <p className="counter-live">
            {more.refreshing} <a href={pathname}>{more.refresh}</a>
          </p>
        </noscript>
        <LiveCounter />
      </header>
      <Notice tone="error">{failed && "error" in failed ? failed.error : null}</Notice>
      {orders.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ol className="counter-list">
          {orders.map((order) => (
            <li key={order.id} className="counter-order">
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
                <ul className="counter-items" aria-label={more.items}>
                  {order.items.map((item, index) => (
                    <li key={`${order.id}-${index}`}>
                      {item.quantity} {item.name}
                      {item.details.length > 0 ? ` (${item.details.join(", ")})` : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              {order.actions.length > 0 ? (
                <Form method="post" className="counter-actions">
                  <input type="hidden" name="order" value={order.id} />
                  {order.actions.map((action) => (
                    <Button
                      key={action}
                      type="submit"
                      name="intent"
                      value={action}
                      aria-label={more.actionLabel(action, String(order.ticketNumber))}
                      variant={action === "confirm" ? "primary" : "secondary"}
                    >
                      {more.actions[action]}
                    </Button>
                  ))}
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="local-settings">
        <fieldset className="counter-settings">
          <legend>{de.localSettings.title}</legend>
          <label className="counter-checkbox">
            <input
              type="checkbox"
              name="showCustomerData"
              defaultChecked={local.showCustomerData}
            />
            <span>{de.localSettings.showCustomerData}</span>
          </label>
          <label className="counter-checkbox">
            <input type="checkbox" name="showProductData" defaultChecked={local.showProductData} />
            <span>{de.localSettings.showProductData}</span>
          </label>
        </fieldset>
        <Button type="submit" variant="secondary">
          {de.localSettings.save}
        </Button>
      </Form>
    </div>
  );
}
