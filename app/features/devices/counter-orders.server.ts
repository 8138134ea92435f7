import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import {
  performOrderAction,
  type OrderActionResult,
} from "#app/features/orders/staff-order-actions.server";
import { describeChosenParts } from "#app/domain/chosen-parts";
import { formatTime } from "#app/domain/format";
import { dueAt, staffStateLabel } from "#app/domain/staff-order";
import { formatQuantity } from "#app/domain/units";
import { checkBranchApiKey } from "./branch-api-keys.server";
import { DEFAULT_LOCAL_SETTINGS, type LocalSettings } from "./local-settings.server";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import { orderTypeLabel } from "#app/features/orders/order-board.server";
import {
  listStaffOrders,
  offeredOrderActions,
  staffState,
} from "#app/features/orders/staff-orders.server";

/**
 * The read-only views of a branch's orders for counter devices without a login (spec section 7):
 * 'frontdesk' lists today's open orders for the counter, 'backoffice' the confirmed ones with
 * their items for the bakehouse. Both answer null for a wrong branch or key. Both show the items
 * when the device's "Artikel anzeigen" is ticked, and offer "Bestätigen" and "Abschließen" where
 * the order allows it (issue 36, item 13, decision 079).
 */
export type CounterView = "frontdesk" | "backoffice";

/** The order actions of a counter device (decision 079). */
export type CounterAction = "confirm" | "completed";

export async function loadCounterOrders(
  db: Db,
  input: {
    view: CounterView;
    branchId: number;
    apiKey: string;
    now: Date;
    /** What this device shows (its local settings); everything by default. */
    local?: LocalSettings;
  },
) {
  // The shop's switch (`enablePluginFrontdesk`): off, the views do not exist (404).
  const settings = await referenceSettings(db);
  if (!settings.enablePluginFrontdesk) return null;
  if (!(await checkBranchApiKey(db, input.branchId, input.apiKey))) return null;
  const { showCustomerData, showProductData } = input.local ?? DEFAULT_LOCAL_SETTINGS;
  const branches = await referenceBranches(db);
  const branch = branches.find((candidate) => candidate.id === input.branchId);
  if (!branch) return null;
  const zone = settings.businessTimeZone;
  const list = await listStaffOrders(
    db,
    { userId: 0, branchIds: [branch.id], ip: null },
    { view: "current", status: null, page: 1 },
    { now: input.now, zone },
  );
  const rows = input.view === "backoffice" ? list.rows.filter((row) => row.isConfirmed) : list.rows;
  const items =
    showProductData && rows.length > 0
      ? await db
          .selectFrom("orderItems")
          .select(["orderId", "position", "name", "amount", "unit", "parts"])
          .where(
            "orderId",
            "in",
            rows.map((row) => row.id),
          )
          .orderBy("orderId")
          .orderBy("position")
          .execute()
      : [];
  return {
    branchName: branch.name,
    local: { showCustomerData, showProductData },
    orders: rows.map((row) => {
      const due = dueAt({
        appointment: row.appointment ? new Date(row.appointment) : null,
        createdAt: new Date(row.createdAt),
      });
      return {
        id: row.id,
        ticketNumber: row.ticketNumber,
        /** Null when this device hides customer data. */
        name: showCustomerData ? row.name : null,
        type: orderTypeLabel(row),
        table: row.tableIdentifier,
        due: formatTime(due, zone),
        isAsSoonAsPossible: row.appointment === null,
        state: staffStateLabel(staffState(row)),
        /** What a counter device may do with it now: the board's confirm and complete. */
        actions: offeredOrderActions(row, input.now).filter(
          (action): action is CounterAction => action === "confirm" || action === "completed",
        ),
        items: items
          .filter((item) => item.orderId === row.id)
          .map((item) => ({
            quantity: formatQuantity(item.amount, item.unit),
            name: item.name,
            details: describeChosenParts(item.parts),
          })),
      };
    }),
  };
}

/**
 * "Bestätigen" or "Abschließen" on a counter device (decision 079): the key stands for the
 * branch's staff at that device, so the order must be the branch's; the change is the board's
 * own (same state machine, tickets, customer messages), audited without a person. Null for a
 * wrong branch or key, or the views switched off.
 */
export async function counterOrderAction(
  context: AppLoadContext,
  input: {
    branchId: number;
    apiKey: string;
    orderId: number;
    action: CounterAction;
    ip: string | null;
    now: Date;
  },
): Promise<OrderActionResult | null> {
  const settings = await referenceSettings(context.db);
  if (!settings.enablePluginFrontdesk) return null;
  if (!(await checkBranchApiKey(context.db, input.branchId, input.apiKey))) return null;
  const scope = { userId: null, branchIds: [input.branchId], ip: input.ip };
  return performOrderAction(context, scope, input.orderId, { intent: input.action }, input.now);
}
