import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useOrderChime } from "../../components/backend/order-chime";
import { useLiveOrders } from "../../components/backend/use-live-orders";
import {
  Button,
  ButtonLink,
  DataTable,
  FilterBar,
  OrderStateBadge,
  Pagination,
  Select,
  Tabs,
  TextInput,
  type Column,
} from "../../components/ui";
import { PAYMENT_METHODS } from "../../domain/checkout";
import { formatDate, formatTime } from "../../domain/format";
import { formatMoney } from "../../domain/money";
import {
  dueAt,
  isMissed,
  SORT_KEYS,
  STATUS_FILTERS,
  staffStateKey,
  staffStateLabel,
} from "../../domain/staff-order";
import { de } from "../../i18n/de-staff";
import { deCatalogue } from "../../i18n/de-catalogue";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { parseOrderListQuery, staffScope } from "../../features/orders/staff-order-query.server";
import {
  listStaffOrders,
  staffState,
  type OrderListView,
} from "../../features/orders/staff-orders.server";
import { referenceBranches, referenceSettings } from "../../features/shared/reference-data.server";
import { readLocalSettings } from "../../features/devices/local-settings.server";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

const texts = de.staffOrders.board;

export const meta: MetaFunction = () => staffPageMeta(texts.title);

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
    sort: {
      key: parsed.query.sort ?? (parsed.query.view === "history" ? "created" : "due"),
      dir: parsed.query.direction ?? (parsed.query.view === "history" ? "desc" : "asc"),
    } as const,
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
        stateKey: staffStateKey(timed),
        isNew: !row.isConfirmed && !row.isRejected && !row.isCanceled && !row.isFailed,
      };
    }),
    /** Without JavaScript the open lists reload themselves (the history does not move). */
    refreshSeconds: parsed.query.view === "history" ? null : 10,
  };
}

type BoardData = Awaited<ReturnType<typeof loader>>;

/**
 * "Heute ausverkauft" for the board's branch (decision 036): a page of its own, so the live board
 * does not carry a menu's products into every refresh.
 */
function soldOutHref(board: BoardData) {
  const branch =
    board.params.branch ?? (board.branches.length === 1 ? board.branches[0]?.id : null);
  return branch ? `/backend/sold-out?branch=${branch}` : "/backend/sold-out";
}

function viewHref(view: OrderListView) {
  return view === "current" ? "/backend/orders" : `/backend/orders?view=${view}`;
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
      <Button variant="secondary" aria-pressed={chime.enabled} onClick={chime.toggle}>
        {de.liveOrders.chime}
      </Button>
    </div>
  );
}

function HistoryFilters({ board }: { board: BoardData }) {
  const { params } = board;
  const any = (label: string) => [{ value: "", label }];
  return (
    <FilterBar label={texts.filters} resetHref="/backend/orders?view=history">
      <input type="hidden" name="view" value="history" />
      {board.branches.length > 1 ? (
        <Select
          id="filter-branch"
          name="branch"
          label={texts.branch}
          defaultValue={params.branch ?? ""}
          options={[
            ...any(texts.allBranches),
            ...board.branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
          ]}
        />
      ) : null}
      <TextInput
        id="filter-from"
        type="date"
        name="from"
        label={texts.from}
        defaultValue={params.from ?? ""}
      />
      <TextInput
        id="filter-to"
        type="date"
        name="to"
        label={texts.to}
        defaultValue={params.to ?? ""}
      />
      <Select
        id="filter-status"
        name="status"
        label={texts.status}
        defaultValue={params.status ?? ""}
        options={[
          ...any(texts.anyStatus),
          ...STATUS_FILTERS.map((status) => ({
            value: status,
            label: texts.statusFilters[status],
          })),
        ]}
      />
      <Select
        id="filter-payment"
        name="payment"
        label={texts.paymentMethod}
        defaultValue={params.payment ?? ""}
        options={[
          ...any(texts.anyPayment),
          ...PAYMENT_METHODS.map((method) => ({
            value: method,
            label: de.checkout.paymentMethods[method],
          })),
        ]}
      />
      <TextInput
        id="filter-q"
        type="search"
        name="q"
        label={texts.search}
        maxLength={100}
        defaultValue={params.q ?? ""}
        placeholder={texts.searchHint}
      />
      <Select
        id="filter-sort"
        name="sort"
        label={texts.sort}
        defaultValue={params.sort ?? "created"}
        options={SORT_KEYS.map((key) => ({ value: key, label: texts.sortKeys[key] }))}
      />
      <Select
        id="filter-dir"
        name="dir"
        label={texts.direction}
        defaultValue={params.dir ?? "desc"}
        options={[
          { value: "desc", label: texts.descending },
          { value: "asc", label: texts.ascending },
        ]}
      />
    </FilterBar>
  );
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
