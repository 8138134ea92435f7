import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { HistoryFilters, LiveBoard } from "#app/components/backend/orders/board-parts";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";
import {
  ButtonLink,
  DataTable,
  OrderStateBadge,
  Pagination,
  Tabs,
  type Column,
} from "#app/components/ui";
import { readLocalSettings } from "#app/features/devices/local-settings.server";
import { loadOrderBoard, type OrderBoard } from "#app/features/orders/order-board.server";
import { parseOrderListQuery, staffScope } from "#app/features/orders/staff-order-query.server";
import type { OrderListView } from "#app/features/orders/staff-orders.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { de } from "#app/i18n/de-staff";

const texts = de.staffOrders.board;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const url = new URL(request.url);
  const parsed = parseOrderListQuery(url, "current");
  if (!parsed) throw data({ message: texts.badFilter }, { status: 400 });
  return loadOrderBoard(context.db, staffScope(user, context), parsed, {
    now: new Date(),
    // A counter PC facing customers may hide their names and numbers (its local settings).
    showCustomerData: readLocalSettings(request).showCustomerData,
  });
}

/**
 * "Heute ausverkauft" for the board's branch (decision 036): a page of its own, so the live board
 * does not carry a menu's products into every refresh.
 */
function soldOutHref(board: OrderBoard) {
  const branch =
    board.params.branch ?? (board.branches.length === 1 ? board.branches[0]?.id : null);
  return branch ? `/backend/sold-out?branch=${branch}` : "/backend/sold-out";
}

function viewHref(view: OrderListView) {
  return view === "current" ? "/backend/orders" : `/backend/orders?view=${view}`;
}

export default function OrdersBoard() {
  const board = useLoaderData<typeof loader>();
  const columns: Column[] = [
    { key: "ticket", label: texts.columns.ticket, sort: "ticket" },
    ...(board.showBranch ? [{ key: "branch", label: texts.columns.branch }] : []),
    { key: "customer", label: texts.columns.customer, sort: "name" },
    { key: "type", label: texts.columns.type },
    { key: "due", label: texts.columns.due, sort: "due" },
    { key: "total", label: texts.columns.total, sort: "total", numeric: true },
    { key: "payment", label: texts.columns.payment },
    { key: "state", label: texts.columns.state },
  ];
  return (
    <section className="order-board" aria-labelledby="board-title">
      {board.refreshSeconds ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(board.refreshSeconds)} />
        </noscript>
      ) : null}
      <div className="page-head">
        <h1 id="board-title">{texts.title}</h1>
        <ButtonLink to="/backend/orders/new">{texts.phoneOrder}</ButtonLink>
        <ButtonLink to={soldOutHref(board)} variant="secondary">
          {deCatalogue.soldOut.boardLink}
        </ButtonLink>
        <ButtonLink to="/backend/display" variant="quiet">
          {de.localSettings.title}
        </ButtonLink>
      </div>
      <Tabs
        label={texts.viewsLabel}
        items={(["current", "missed", "history"] as const).map((view) => ({
          href: viewHref(view),
          label: texts.views[view],
          current: board.view === view,
        }))}
      />
      {board.view !== "history" ? <LiveBoard /> : null}
      {board.view === "history" ? <HistoryFilters board={board} /> : null}
      <p className="board-count">{texts.count(board.total)}</p>
      {board.rows.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <DataTable label={texts.tableLabel} columns={columns} sort={board.sort} pageParam="page">
          {board.rows.map((row) => (
            <tr key={row.id} className={row.isNew ? "order-new" : undefined}>
              <td>
                <Link
                  to={`/backend/orders/${row.id}`}
                  aria-label={texts.open(row.ticket)}
                  className="order-ticket"
                >
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
              <td className="ui-numeric">{row.total}</td>
              <td>{row.payment}</td>
              <td>
                <OrderStateBadge state={row.stateKey} label={row.state} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={board.page} pageCount={board.pageCount} param="page" />
    </section>
  );
}
