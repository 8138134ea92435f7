import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useOrderChime } from "../../components/backend/order-chime";
import { useLiveOrders } from "../../components/backend/use-live-orders";
import { PAYMENT_METHODS } from "../../domain/checkout";
import { formatDate, formatTime } from "../../domain/format";
import { formatMoney } from "../../domain/money";
import {
  dueAt,
  isMissed,
  SORT_KEYS,
  STATUS_FILTERS,
  staffStateLabel,
} from "../../domain/staff-order";
import { de } from "../../i18n/de-staff";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { parseOrderListQuery, staffScope } from "../../features/orders/staff-order-query.server";
import {
  listStaffOrders,
  staffState,
  type OrderListView,
} from "../../features/orders/staff-orders.server";
import { referenceBranches, referenceSettings } from "../../features/shared/reference-data.server";
import { readLocalSettings } from "../../features/devices/local-settings.server";

const texts = de.staffOrders.board;

export const meta: MetaFunction = () => [
  { title: `${texts.title} - ${de.backOffice.title}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const url = new URL(request.url);
  const parsed = parseOrderListQuery(url, "current");
  if (!parsed) throw data({ message: texts.badFilter }, { status: 400 });
  const scope = staffScope(user, context);
  const [settings, branches] = await Promise.all([
    referenceSettings(context.db),
    referenceBranches(context.db),
  ]);
  const now = new Date();
  const zone = settings.businessTimeZone;
  const list = await listStaffOrders(context.db, scope, parsed.query, { now, zone });
  const showBranch = scope.branchIds === null || scope.branchIds.length > 1;
  // A counter PC facing customers may hide their names and numbers (its local settings).
  const { showCustomerData } = readLocalSettings(request);
  return {
    view: parsed.query.view,
    params: parsed.params,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    showBranch,
    branches: branches
      .filter((branch) => scope.branchIds === null || scope.branchIds.includes(branch.id))
      .map((branch) => ({ id: branch.id, name: branch.name })),
    rows: list.rows.map((row) => {
      const timed = {
        ...staffState(row),
        appointment: row.appointment ? new Date(row.appointment) : null,
        createdAt: new Date(row.createdAt),
      };
      const due = dueAt(timed);
      return {
        id: row.id,
        ticket: String(row.ticketNumber),
        branchName: row.branchName,
        name: showCustomerData ? row.name : de.localSettings.hidden,
        phone: showCustomerData ? row.phone : null,
        type: row.isDelivery
          ? de.cartPanel.deliveryTypes.delivery
          : row.isDineIn
            ? de.cartPanel.deliveryTypes["dine-in"]
            : de.cartPanel.deliveryTypes.takeaway,
        table: row.tableIdentifier,
        due: row.appointment
          ? `${formatDate(due, zone)} ${formatTime(due, zone)}`
          : `${texts.asSoonAsPossible} (${formatTime(due, zone)})`,
        isOverdue: isMissed(timed, now),
        total: formatMoney(row.totalGross, settings.currency),
        payment: de.checkout.paymentMethods[row.paymentMethod],
        state: staffStateLabel(timed),
        isNew: !row.isConfirmed && !row.isRejected && !row.isCanceled && !row.isFailed,
      };
    }),
    /** Without JavaScript the open lists reload themselves (the history does not move). */
    refreshSeconds: parsed.query.view === "history" ? null : 10,
  };
}

type BoardData = Awaited<ReturnType<typeof loader>>;

function viewHref(view: OrderListView) {
  return view === "current" ? "/backend/orders" : `/backend/orders?view=${view}`;
}

function pageHref(params: BoardData["params"], page: number) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, page })) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  return `/backend/orders?${search}`;
}

/** Live updates with JavaScript: every order event reloads the list; a new order can chime. */
function LiveBoard() {
  const revalidator = useRevalidator();
  const chime = useOrderChime();
  const navigation = useNavigation();
  const isNavigating = useRef(false);
  useEffect(() => {
    isNavigating.current = navigation.state !== "idle";
  }, [navigation.state]);
  const onEvents = useCallback(
    (events: readonly { kind: string }[]) => {
      // A revalidation would cancel a click on an order that is on its way; the next page is
      // loaded fresh anyway.
      if (!isNavigating.current) revalidator.revalidate();
      if (events.some((event) => event.kind === "created")) chime.play();
    },
    [revalidator, chime],
  );
  const state = useLiveOrders("/backend/orders/events", { onEvents });
  return (
    <div className="board-live">
      <p role="status" className={`live-state live-${state}`}>
        {de.liveOrders.state[state]}
      </p>
      <button
        type="button"
        className="button secondary"
        aria-pressed={chime.enabled}
        onClick={chime.toggle}
      >
        {de.liveOrders.chime}
      </button>
    </div>
  );
}

export default function OrdersBoard() {
  const board = useLoaderData<typeof loader>();
  const { params } = board;
  return (
    <section className="order-board" aria-labelledby="board-title">
      {board.refreshSeconds ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(board.refreshSeconds)} />
        </noscript>
      ) : null}
      <div className="board-head">
        <h1 id="board-title">{texts.title}</h1>
        <Link to="/backend/orders/new" className="button">
          {texts.phoneOrder}
        </Link>
        <Link to="/backend/display">{de.localSettings.title}</Link>
      </div>
      <nav aria-label={texts.viewsLabel} className="board-tabs">
        <ul>
          {(["current", "missed", "history"] as const).map((view) => (
            <li key={view}>
              <Link to={viewHref(view)} aria-current={board.view === view ? "page" : undefined}>
                {texts.views[view]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {board.view !== "history" ? <LiveBoard /> : null}
      {board.view === "history" ? (
        <Form method="get" className="board-filters" aria-label={texts.filters}>
          <input type="hidden" name="view" value="history" />
          {board.branches.length > 1 ? (
            <div className="field">
              <label htmlFor="filter-branch">{texts.branch}</label>
              <select id="filter-branch" name="branch" defaultValue={params.branch ?? ""}>
                <option value="">{texts.allBranches}</option>
                {board.branches.map((branch) => (
                  <option key={branch.id} value={branch.id}>
                    {branch.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="filter-from">{texts.from}</label>
            <input id="filter-from" type="date" name="from" defaultValue={params.from ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="filter-to">{texts.to}</label>
            <input id="filter-to" type="date" name="to" defaultValue={params.to ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="filter-status">{texts.status}</label>
            <select id="filter-status" name="status" defaultValue={params.status ?? ""}>
              <option value="">{texts.anyStatus}</option>
              {STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {texts.statusFilters[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-payment">{texts.paymentMethod}</label>
            <select id="filter-payment" name="payment" defaultValue={params.payment ?? ""}>
              <option value="">{texts.anyPayment}</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {de.checkout.paymentMethods[method]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-q">{texts.search}</label>
            <input
              id="filter-q"
              type="search"
              name="q"
              maxLength={100}
              defaultValue={params.q ?? ""}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-sort">{texts.sort}</label>
            <select id="filter-sort" name="sort" defaultValue={params.sort ?? "created"}>
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {texts.sortKeys[key]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-dir">{texts.direction}</label>
            <select id="filter-dir" name="dir" defaultValue={params.dir ?? "desc"}>
              <option value="desc">{texts.descending}</option>
              <option value="asc">{texts.ascending}</option>
            </select>
          </div>
          <div className="board-filter-actions">
            <button type="submit" className="button">
              {texts.apply}
            </button>
            <Link to="/backend/orders?view=history">{texts.reset}</Link>
          </div>
        </Form>
      ) : null}
      <p className="board-count">{texts.count(board.total)}</p>
      {board.rows.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <div className="table-scroll">
          <table className="order-table">
            <thead>
              <tr>
                <th scope="col">{texts.columns.ticket}</th>
                {board.showBranch ? <th scope="col">{texts.columns.branch}</th> : null}
                <th scope="col">{texts.columns.customer}</th>
                <th scope="col">{texts.columns.type}</th>
                <th scope="col">{texts.columns.due}</th>
                <th scope="col">{texts.columns.total}</th>
                <th scope="col">{texts.columns.payment}</th>
                <th scope="col">{texts.columns.state}</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row) => (
                <tr key={row.id} className={row.isNew ? "order-new" : undefined}>
                  <td>
                    <Link to={`/backend/orders/${row.id}`} aria-label={texts.open(row.ticket)}>
                      {row.ticket}
                    </Link>
                  </td>
                  {board.showBranch ? <td>{row.branchName}</td> : null}
                  <td>
                    {row.name}
                    {row.phone ? <span className="muted"> · {row.phone}</span> : null}
                  </td>
                  <td>
                    {row.type}
                    {row.table ? ` · ${texts.table(row.table)}` : null}
                  </td>
                  <td>
                    {row.due}
                    {row.isOverdue ? <strong className="overdue"> {texts.overdue}</strong> : null}
                  </td>
                  <td className="amount">{row.total}</td>
                  <td>{row.payment}</td>
                  <td>{row.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {board.pageCount > 1 ? (
        <nav aria-label={texts.pagination} className="pager">
          {board.page > 1 ? (
            <Link to={pageHref(params, board.page - 1)} rel="prev">
              {texts.previous}
            </Link>
          ) : null}
          <span>{texts.page(board.page, board.pageCount)}</span>
          {board.page < board.pageCount ? (
            <Link to={pageHref(params, board.page + 1)} rel="next">
              {texts.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
