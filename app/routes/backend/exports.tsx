import type { Route } from "#app/server/route-types";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass, FilterBar, Notice, Select } from "#app/components/ui";
import { resourceLinks } from "#app/components/backend/resource-styles";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import { formatNumber } from "#app/domain/format";
import { paymentAccountOf, revenueAccountOf } from "#app/domain/datev";
import {
  mayExport,
  money,
  taxExportFor,
  type TaxExportView,
} from "#app/features/tax-export/tax-export.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deTaxExport as de } from "#app/i18n/de-tax-export";
import { firstMessage } from "#app/server/outcome";
import taxExportStyles from "#app/styles/tax-export.css?url";

export const links: Route.LinksFunction = () => [
  ...resourceLinks(),
  { rel: "stylesheet", href: taxExportStyles },
];

export const meta: Route.MetaFunction = () => staffPageMeta(de.title);

/**
 * `/backend/exports?monat=YYYY-MM&filiale=` (issue 39 part 3, decision 116): a month's revenue
 * per tax rate and per payment method, what is kept apart, and the two files for the tax adviser
 * (`exports-file.ts`). Administrators (all branches or one) and managers (their branches).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayExport(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const outcome = await taxExportFor(context.db, user, search);
  if (!outcome.ok) {
    // The page of the defaults with the reason, so the choice can be corrected.
    const fallback = await taxExportFor(context.db, user, new URLSearchParams());
    if (!fallback.ok) throw new Response(firstMessage(fallback), { status: fallback.status });
    return data(
      { problem: firstMessage(outcome), isAdmin: user.isAdmin, ...pageOf(fallback.value) },
      { status: outcome.status },
    );
  }
  return { problem: null, isAdmin: user.isAdmin, ...pageOf(outcome.value) };
}

function pageOf(view: TaxExportView) {
  const { totals, settings } = view;
  const row = (amounts: { net: number; tax: number; gross: number }) => ({
    net: money(amounts.net),
    tax: money(amounts.tax),
    gross: money(amounts.gross),
  });
  const query = new URLSearchParams({
    monat: view.filters.month,
    filiale: view.filters.branchId === null ? "" : String(view.filters.branchId),
  }).toString();
  return {
    month: view.filters.month,
    branch: view.filters.branchId === null ? "" : String(view.filters.branchId),
    branches: view.filters.branches,
    heading: de.titleFor(view.monthText, view.branchText),
    orders: totals.total.orders,
    configured: settings.configured,
    query,
    byRate: totals.byRate.map((line) => ({
      key: line.key,
      rate: de.rateText(formatNumber(line.rate)),
      orders: line.orders,
      account: revenueAccountOf(settings.accounts, line.rate).account,
      ...row(line),
    })),
    byPayment: totals.byPayment.map((line) => ({
      key: line.key,
      method: de.paymentMethods[line.method] ?? line.method,
      orders: line.orders,
      account: paymentAccountOf(settings.accounts, line.method),
      ...row(line),
    })),
    total: row(totals.total),
    apart: [
      {
        key: "canceled",
        label: de.canceled,
        orders: view.figures.canceled.orders,
        amount: money(view.figures.canceled.gross),
      },
      {
        key: "refunded",
        label: de.refunded,
        orders: totals.refunded.orders,
        amount: money(totals.refunded.gross),
      },
      {
        key: "donations",
        label: de.donations,
        orders: view.figures.donations.orders,
        amount: money(view.figures.donations.amount),
      },
    ],
  };
}

type Page = ReturnType<typeof pageOf>;

function AmountsTable({
  caption,
  first,
  rows,
  total,
}: {
  caption: string;
  first: string;
  rows: {
    key: string;
    label: string;
    orders: number;
    account: string;
    net: string;
    tax: string;
    gross: string;
  }[];
  total: Page["total"];
}) {
  return (
    <div className="table-scroll">
      <table className="data-table tax-export-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{de.orders}</th>
            <th scope="col">{de.account}</th>
            <th scope="col">{de.net}</th>
            <th scope="col">{de.tax}</th>
            <th scope="col">{de.gross}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.label}</th>
              <td>{line.orders}</td>
              <td>{line.account}</td>
              <td className="tax-export-amount">{line.net}</td>
              <td className="tax-export-amount">{line.tax}</td>
              <td className="tax-export-amount">{line.gross}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{de.total}</th>
            <td />
            <td />
            <td className="tax-export-amount">{total.net}</td>
            <td className="tax-export-amount">{total.tax}</td>
            <td className="tax-export-amount">{total.gross}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function TaxExport() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <div className="backoffice-heading">
        <h1>{de.title}</h1>
      </div>
      <FilterBar label={de.filterLabel} resetHref={location.pathname}>
        <div className="ui-field">
          <label htmlFor="monat">{de.month}</label>
          <input
            id="monat"
            name="monat"
            type="month"
            defaultValue={page.month}
            pattern="\d{4}-\d{2}"
            placeholder="JJJJ-MM"
            required
          />
        </div>
        <Select
          id="filiale"
          name="filiale"
          label={de.branch}
          defaultValue={page.branch}
          options={
            page.isAdmin ? [{ value: "", label: de.allBranches }, ...page.branches] : page.branches
          }
        />
      </FilterBar>
      <Notice tone="error">{page.problem}</Notice>
      <h2>{page.heading}</h2>
      {page.orders === 0 ? <p>{de.empty}</p> : <p>{de.summary(page.orders)}</p>}
      {page.byRate.length > 0 ? (
        <>
          <AmountsTable
            caption={de.byRateHeading}
            first={de.rate}
            rows={page.byRate.map((line) => ({ ...line, label: line.rate }))}
            total={page.total}
          />
          <AmountsTable
            caption={de.byPaymentHeading}
            first={de.paymentMethod}
            rows={page.byPayment.map((line) => ({ ...line, label: line.method }))}
            total={page.total}
          />
        </>
      ) : null}
      <h3>{de.apartHeading}</h3>
      <ul className="tax-export-apart">
        {page.apart.map((line) => (
          <li key={line.key}>
            {line.label}: {line.orders} {de.orders}, {line.amount}
          </li>
        ))}
        <li>{de.tips}</li>
      </ul>
      <h3>{de.downloadsHeading}</h3>
      {page.configured ? null : (
        <Notice tone="info" announce={false}>
          {de.notConfigured}
        </Notice>
      )}
      <div className="tax-export-actions">
        {page.configured ? (
          <a
            href={`/backend/exports/datev.csv?${page.query}`}
            className={buttonClass("primary")}
            download
          >
            {de.downloadDatev}
          </a>
        ) : null}
        <a
          href={`/backend/exports/bestellpositionen.csv?${page.query}`}
          className={buttonClass("secondary")}
          download
        >
          {de.downloadLines}
        </a>
        {page.isAdmin ? (
          <Link to="/backend/exports/settings" className={buttonClass("quiet")}>
            {de.settingsLink}
          </Link>
        ) : null}
      </div>
      <p className="tax-export-hint">{de.datevHint}</p>
    </section>
  );
}
