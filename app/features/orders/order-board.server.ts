import type { Db } from "#app/db/schema";
import { formatDate, formatTime } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { dueAt, isMissed, staffStateKey, staffStateLabel } from "#app/domain/staff-order";
import { de } from "#app/i18n/de-staff";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import type { OrderListParams } from "./staff-order-query.server";
import {
  listStaffOrders,
  staffState,
  type OrderListQuery,
  type StaffScope,
} from "./staff-orders.server";

const texts = de.staffOrders.board;

/** How an order is taken, in the words of the cart (the board's and the counter views' column). */
export function orderTypeLabel(order: { isDelivery: boolean; isDineIn: boolean }): string {
  const types = de.cartPanel.deliveryTypes;
  return order.isDelivery ? types.delivery : order.isDineIn ? types["dine-in"] : types.takeaway;
}

/**
 * The order board's lists ("Aktuell", "Verpasst", "Verlauf" with filters; decision 018), each row
 * as the board shows it. `showCustomerData`: off on a counter PC facing customers (its local
 * settings), which then hides their names and numbers.
 */
export async function loadOrderBoard(
  db: Db,
  scope: StaffScope,
  parsed: { params: OrderListParams; query: OrderListQuery },
  { now, showCustomerData }: { now: Date; showCustomerData: boolean },
) {
  const [settings, branches] = await Promise.all([referenceSettings(db), referenceBranches(db)]);
  const zone = settings.businessTimeZone;
  const list = await listStaffOrders(db, scope, parsed.query, { now, zone });
  const showBranch = scope.branchIds === null || scope.branchIds.length > 1;
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
        type: orderTypeLabel(row),
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

export type OrderBoard = Awaited<ReturnType<typeof loadOrderBoard>>;
