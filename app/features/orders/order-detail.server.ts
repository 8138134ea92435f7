import type { Db } from "#app/db/schema";
import { isOnlinePayment } from "#app/domain/checkout";
import { formatDateTime } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { itemEditRefusal } from "#app/domain/order-item-edit";
import { staffStateKey, staffStateLabel } from "#app/domain/staff-order";
import { deDevices } from "#app/i18n/de-devices";
import { de } from "#app/i18n/de-staff";
import { branchPrinterIds } from "#app/features/devices/order-reprint.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { statusPath } from "#app/features/storefront/store-paths";
import { orderUploads } from "#app/features/uploads/order-uploads.server";
import { loadReceipt } from "./receipt.server";
import { owesRefund } from "./refund.server";
import {
  findStaffOrder,
  offeredOrderActions,
  orderAuditTrail,
  staffState,
  type StaffScope,
} from "./staff-orders.server";

const texts = de.staffOrders;
const detail = texts.detail;

/** The notice after an action, named by the page's `?done=` (null for none or an unknown one). */
function doneNotice(done: string | null): string | null {
  if (done === "kopie") return deDevices.reprint.done;
  if (done === "kein-drucker") return deDevices.reprint.noPrinter;
  return done && done in texts.notices ? texts.notices[done as keyof typeof texts.notices] : null;
}

/**
 * An order's page in the back office: its receipt, state and the actions it allows now, the
 * refund still owed, its uploads and audit trail. Null when this person may not see the order.
 */
export async function loadOrderDetail(
  db: Db,
  scope: StaffScope,
  id: number,
  { now, done }: { now: Date; done: string | null },
) {
  const order = await findStaffOrder(db, scope, id);
  if (!order) return null;
  const [loaded, settings, trail, uploads, printers] = await Promise.all([
    loadReceipt(db, id, now),
    referenceSettings(db),
    orderAuditTrail(db, id),
    orderUploads(db, id),
    branchPrinterIds(db, order.branchId),
  ]);
  if (!loaded) return null;
  const zone = settings.businessTimeZone;
  const state = staffState(order);
  return {
    id: order.id,
    receipt: loaded.receipt,
    state: staffStateLabel(state),
    stateKey: staffStateKey(state),
    actions: offeredOrderActions(order, now),
    canEditItems: itemEditRefusal(state) === null,
    isDelivery: order.isDelivery,
    canCheckPayment: isOnlinePayment(order.paymentMethod) && Boolean(order.paymentReference),
    /** The amount still to give back (decision 022), or null. */
    refundOwed: owesRefund(order) ? formatMoney(order.totalGross, settings.currency) : null,
    canSendSms: settings.enablePluginSms && Boolean(order.phone),
    canSendEmail: Boolean(order.email),
    rejectionMessage: order.rejectionMessage,
    statusPath: statusPath(order),
    uploads,
    trail: trail.map((entry) => ({
      id: String(entry.id),
      at: formatDateTime(entry.at, zone),
      who: entry.name ?? detail.unknownUser,
      what: detail.auditAction(entry.action.replace(/^order\./, "")),
      outcome:
        entry.data && typeof entry.data === "object" && "refused" in entry.data
          ? detail.refused
          : entry.data && typeof entry.data === "object" && "repeated" in entry.data
            ? detail.repeated
            : "",
    })),
    hasPrinters: printers.length > 0,
    notice: doneNotice(done),
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>;
