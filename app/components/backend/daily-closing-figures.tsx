import type { DailyClosingFigures, ListedOrder, RateAmounts } from "#app/domain/daily-closing";
import { formatMoney } from "#app/domain/money";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";

/**
 * `2026-11-28` as `28.11.2026` without luxon: `formatDate` reads instants in the shop's zone
 * through luxon, and its use here put luxon (22 KB) into the chunk the storefront's item dialog
 * shares with this page.
 */
const dayText = (day: string) => day.split("-").reverse().join(".");

/**
 * The figures of a daily closing (decision 117), as tables that print on A4: orders by status,
 * revenue per tax rate, order type and payment method, cancellations and refunds, tips and
 * donations apart, and the corrections of earlier days with their references.
 */
export function DailyClosingFiguresView({
  figures,
  isClosed,
}: {
  figures: DailyClosingFigures;
  isClosed: boolean;
}) {
  return (
    <div className="daily-closing-figures">
      <section aria-labelledby="dc-orders">
        <h3 id="dc-orders">{de.ordersHeading}</h3>
        <div className="table-scroll">
          <table className="data-table daily-closing-table">
            <thead>
              <tr>
                <th scope="col">{de.status}</th>
                <th scope="col" className="num">
                  {de.count}
                </th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(de.statuses) as (keyof typeof de.statuses)[]).map((status) => (
                <tr key={status}>
                  <th scope="row">{de.statuses[status]}</th>
                  <td className="num">{figures.orders[status]}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{de.totalOrders}</th>
                <td className="num">{figures.orders.total}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section aria-labelledby="dc-tax">
        <h3 id="dc-tax">{de.taxHeading}</h3>
        <RateTable rates={figures.byTaxRate} sum={figures.revenue} />
      </section>

      <section aria-labelledby="dc-type">
        <h3 id="dc-type">{de.typeHeading}</h3>
        <AmountTable
          label={de.type}
          rows={figures.byType.map((entry) => ({
            key: entry.type,
            name: de.types[entry.type],
            orders: entry.orders,
            gross: entry.gross,
          }))}
        />
      </section>

      <section aria-labelledby="dc-payment">
        <h3 id="dc-payment">{de.paymentHeading}</h3>
        <AmountTable
          label={de.payment}
          rows={figures.byPayment.map((entry) => ({
            key: entry.method,
            name: de.payments[entry.method] ?? entry.method,
            orders: entry.orders,
            gross: entry.gross,
          }))}
        />
      </section>

      <section aria-labelledby="dc-cancellations">
        <h3 id="dc-cancellations">{de.cancellationsHeading}</h3>
        <OrderList orders={figures.cancellations} empty={de.noCancellations} />
      </section>

      <section aria-labelledby="dc-refunds">
        <h3 id="dc-refunds">{de.refundsHeading}</h3>
        <OrderList orders={figures.refunds} empty={de.noRefunds} />
      </section>

      <section aria-labelledby="dc-apart">
        <h3 id="dc-apart">{de.apartHeading}</h3>
        <dl className="daily-closing-apart">
          <div>
            <dt>{de.tips}</dt>
            <dd>
              {formatMoney(figures.tips.amount)} <span>({de.tipsNote})</span>
            </dd>
          </div>
          <div>
            <dt>{de.donations}</dt>
            <dd>
              {formatMoney(figures.donations.amount)}{" "}
              <span>({de.donationsOf(figures.donations.orders)})</span>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="dc-corrections">
        <h3 id="dc-corrections">{de.correctionsHeading}</h3>
        {figures.corrections.length === 0 ? (
          <p>{de.noCorrections}</p>
        ) : (
          <>
            {isClosed ? null : <p>{de.correctionsPending}</p>}
            <div className="table-scroll">
              <table className="data-table daily-closing-table">
                <thead>
                  <tr>
                    <th scope="col">{de.order}</th>
                    <th scope="col">{de.reason}</th>
                    <th scope="col" className="num">
                      {de.gross}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.corrections.map((correction) => (
                    <tr key={`${correction.orderId}-${correction.originalDay}`}>
                      <th scope="row">
                        {de.correctionRef(correction.ticket, dayText(correction.originalDay))}
                      </th>
                      <td>{correction.reasons.map((reason) => de.reasons[reason]).join(", ")}</td>
                      <td className="num">{formatMoney(correction.gross)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="dc-total">
        <h3 id="dc-total">{de.totalHeading}</h3>
        <RateTable rates={figures.totalByTaxRate} sum={figures.total} />
      </section>
    </div>
  );
}

function RateTable({
  rates,
  sum,
}: {
  rates: readonly RateAmounts[];
  sum: { net: number; tax: number; gross: number };
}) {
  if (rates.length === 0) return <p>{de.noRevenue}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table daily-closing-table">
        <thead>
          <tr>
            <th scope="col">{de.rate}</th>
            <th scope="col" className="num">
              {de.net}
            </th>
            <th scope="col" className="num">
              {de.tax}
            </th>
            <th scope="col" className="num">
              {de.gross}
            </th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.rate}>
              <th scope="row">{de.rateText(rate.rate)}</th>
              <td className="num">{formatMoney(rate.net)}</td>
              <td className="num">{formatMoney(rate.tax)}</td>
              <td className="num">{formatMoney(rate.gross)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{de.sum}</th>
            <td className="num">{formatMoney(sum.net)}</td>
            <td className="num">{formatMoney(sum.tax)}</td>
            <td className="num">{formatMoney(sum.gross)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function AmountTable({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; orders: number; gross: number }[];
}) {
  return (
    <div className="table-scroll">
      <table className="data-table daily-closing-table">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="num">
              {de.count}
            </th>
            <th scope="col" className="num">
              {de.gross}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className="num">{row.orders}</td>
              <td className="num">{formatMoney(row.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderList({ orders, empty }: { orders: readonly ListedOrder[]; empty: string }) {
  if (orders.length === 0) return <p>{empty}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table daily-closing-table">
        <thead>
          <tr>
            <th scope="col">{de.order}</th>
            <th scope="col">{de.status}</th>
            <th scope="col">{de.payment}</th>
            <th scope="col" className="num">
              {de.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <th scope="row">{de.ticket(order.ticket)}</th>
              <td>{de.statuses[order.status]}</td>
              <td>{de.payments[order.payment] ?? order.payment}</td>
              <td className="num">{formatMoney(order.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
