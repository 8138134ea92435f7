import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Route } from "#app/server/route-types";
import { formatDateTime, formatMoney } from "#app/domain/format";
import { Button, buttonClass, Notice, Table, TextInput } from "#app/components/ui";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { uploadsWithPreviews } from "#app/features/uploads/previews.server";
import {
  eraseCustomerData,
  findCustomerOrders,
  readCustomerQuery,
} from "#app/features/orders/customer-data.server";
import { dePrivacy as texts } from "#app/i18n/de-privacy";

/**
 * A customer's personal data (issue 41 part 7, decision 112), administrators only: the orders
 * found by e-mail or phone, the download of everything stored (Art. 15, its own GET route) and the
 * erasure (Art. 17) after a confirmation: `?q=…&bestaetigen=loeschen` shows the POST form, so it
 * works without JavaScript. The search and the confirmation change nothing.
 */
export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

const CONFIRM = "loeschen";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const search = new URL(request.url).searchParams;
  const raw = search.get("q");
  if (raw === null || raw === "") return { q: "", error: null, orders: null, confirm: false };
  const settings = await referenceSettings(context.db);
  const query = await readCustomerQuery(context.db, raw);
  if (!query.ok) {
    return data(
      { q: raw.slice(0, 254), error: query.errors[0]!.message, orders: null, confirm: false },
      { status: 400 },
    );
  }
  const zone = settings.businessTimeZone;
  const orders = await findCustomerOrders(context.db, query.value);
  return {
    q: raw,
    error: null,
    confirm: search.get("bestaetigen") === CONFIRM && orders.length > 0,
    orders: orders.map((order) => ({
      id: order.id,
      ticketNumber: order.ticketNumber,
      createdAt: formatDateTime(order.createdAt, zone),
      branch: order.branchName,
      name: order.name,
      total: formatMoney(order.totalGross, settings.currency),
      state: order.isCanceled
        ? "storniert"
        : order.isRejected
          ? "abgelehnt"
          : order.isCompleted
            ? "abgeschlossen"
            : "offen",
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const form = await readSmallForm(request);
  if (!form) return data({ error: texts.errors.badRequest }, { status: 400 });
  const query = await readCustomerQuery(context.db, form.get("q"));
  if (!query.ok) return data({ error: query.errors[0]!.message }, { status: 400 });
  if (form.get("intent") !== "erase" || form.get("confirm") !== "ja") {
    return data({ error: texts.errors.confirm }, { status: 400 });
  }
  const result = await eraseCustomerData(
    context.db,
    uploadsWithPreviews(context.config),
    query.value,
    { userId: user.id, ip: context.clientAddress || null },
    new Date(),
  );
  return { erased: result.orders };
}

export default function CustomerData() {
  const { q, error, orders, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const encoded = encodeURIComponent(q);
  return (
    <section aria-labelledby="kundendaten-titel">
      <h1 id="kundendaten-titel">{texts.title}</h1>
      <p>{texts.intro}</p>
      {result && "erased" in result ? <Notice>{texts.erased(result.erased)}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{result.error}</Notice> : null}
      <Form method="get" className="ui-filter-bar">
        <TextInput
          id="kundendaten-suche"
          name="q"
          type="search"
          label={texts.labels.query}
          defaultValue={q}
          error={error}
          maxLength={254}
          required
        />
        <Button type="submit" variant="secondary">
          {texts.labels.search}
        </Button>
      </Form>
      {orders === null ? null : orders.length === 0 ? (
        <p role="status">{texts.none}</p>
      ) : (
        <>
          <p role="status">{texts.found(orders.length)}</p>
          <Table label={texts.title}>
            <thead>
              <tr>
                <th scope="col">{texts.labels.order}</th>
                <th scope="col">{texts.labels.createdAt}</th>
                <th scope="col">{texts.labels.branch}</th>
                <th scope="col">{texts.labels.name}</th>
                <th scope="col">{texts.labels.total}</th>
                <th scope="col">{texts.labels.state}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/backend/orders/${order.id}`}>Nr. {order.ticketNumber}</Link>
                  </td>
                  <td>{order.createdAt}</td>
                  <td>{order.branch}</td>
                  <td>{order.name}</td>
                  <td>{order.total}</td>
                  <td>{order.state}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p>
            <a
              href={`/backend/customer-data/export.json?q=${encoded}`}
              className={buttonClass("secondary")}
              download
            >
              {texts.export}
            </a>
          </p>
          {confirm ? (
            <section
              id="bestaetigung-loeschen"
              className="ui-confirm-panel"
              aria-labelledby="bestaetigen-loeschen-titel"
            >
              <h2 id="bestaetigen-loeschen-titel" className="ui-confirm-question">
                {texts.confirmTitle(orders.length)}
              </h2>
              <p>{texts.confirmText}</p>
              <Form method="post" action={`?q=${encoded}`} className="ui-confirm-form">
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="q" value={q} />
                <input type="hidden" name="confirm" value="ja" />
                <div className="ui-confirm-buttons">
                  <Button type="submit" variant="danger">
                    {texts.confirm}
                  </Button>
                  <Link to={`?q=${encoded}`} className={buttonClass("secondary")} replace>
                    {texts.cancel}
                  </Link>
                </div>
              </Form>
            </section>
          ) : (
            <Form method="get" action="#bestaetigung-loeschen">
              <input type="hidden" name="q" value={q} />
              <input type="hidden" name="bestaetigen" value={CONFIRM} />
              <Button type="submit" variant="danger">
                {texts.erase}
              </Button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
