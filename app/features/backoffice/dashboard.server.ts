import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { formatDate, formatTime } from "#app/domain/format";
import { dueAt, staffStateKey, type StaffStateKey } from "#app/domain/staff-order";
import { de } from "#app/i18n/de-staff";
import { referenceBranches } from "#app/features/shared/reference-data.server";
import {
  listStaffOrders,
  staffState,
  type StaffScope,
} from "#app/features/orders/staff-orders.server";

/** The order in which the dashboard lists states: what needs doing first. */
const STATE_ORDER: readonly StaffStateKey[] = [
  "new",
  "counterProposed",
  "awaitingPayment",
  "confirmed",
  "readyForPickup",
  "inDelivery",
  "completed",
  "delivered",
  "rejected",
  "canceled",
  "failed",
];

const WAITING_SHOWN = 8;

/**
 * The shift lead's first page: today's orders per branch and state, and the orders that wait for
 * a confirmation (oldest due first).
 */
/** What decides an order's state on the board (`staffStateKey`), counted per branch. */
const STATE_COLUMNS = [
  "branchId",
  "isDelivery",
  "isConfirmed",
  "isInDelivery",
  "isDelivered",
  "isCompleted",
  "isRejected",
  "isCanceled",
  "isFailed",
  "isPaid",
  "paymentMethod",
  "counterAppointment",
  "rejectionMessage",
] as const;

export async function loadDashboard(
  db: Db,
  scope: StaffScope,
  { now, zone }: { now: Date; zone: string },
) {
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const branches = (await referenceBranches(db)).filter(
    (branch) => scope.branchIds === null || scope.branchIds.includes(branch.id),
  );
  const ids = branches.map((branch) => branch.id);
  const groups =
    ids.length === 0
      ? []
      : await db
          .selectFrom("orders")
          .select(STATE_COLUMNS)
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("businessDate", "=", today)
          .where("branchId", "in", ids)
          .groupBy(STATE_COLUMNS)
          .execute();

  const counts = new Map<number, Map<StaffStateKey, number>>();
  for (const group of groups) {
    const key = staffStateKey(staffState(group));
    const branch = counts.get(group.branchId) ?? new Map<StaffStateKey, number>();
    branch.set(key, (branch.get(key) ?? 0) + Number(group.count));
    counts.set(group.branchId, branch);
  }
  const perBranch = branches.map((branch) => {
    const states = counts.get(branch.id) ?? new Map<StaffStateKey, number>();
    return {
      id: branch.id,
      name: branch.name,
      total: [...states.values()].reduce((sum, count) => sum + count, 0),
      states: STATE_ORDER.filter((state) => states.has(state)).map((state) => ({
        state,
        label: de.staffOrders.states[state],
        count: states.get(state)!,
      })),
    };
  });

  const waiting = await listStaffOrders(
    db,
    scope,
    { view: "history", status: "new", sort: "due", direction: "asc" },
    { now, zone },
  );
  return {
    today: perBranch,
    waitingTotal: waiting.total,
    waiting: waiting.rows.slice(0, WAITING_SHOWN).map((row) => {
      const due = dueAt({
        appointment: row.appointment ? new Date(row.appointment) : null,
        createdAt: new Date(row.createdAt),
      });
      return {
        id: row.id,
        ticket: String(row.ticketNumber),
        name: row.name,
        branchName: row.branchName,
        due: `${formatDate(due, zone)} ${formatTime(due, zone)}`,
        state: staffStateKey(staffState(row)),
      };
    }),
  };
}
