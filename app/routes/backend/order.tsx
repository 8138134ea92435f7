import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isOnlinePayment } from "../../domain/checkout";
import { formatDateTime } from "../../domain/format";
import { formatMoney } from "../../domain/money";
import { itemEditRefusal } from "../../domain/order-item-edit";
import {
  REJECTION_MESSAGE_MAX,
  staffStateKey,
  staffStateLabel,
  type StaffAction,
} from "../../domain/staff-order";
import {
  Button,
  ConfirmAction,
  Notice,
  OrderStateBadge,
  TextArea,
  TextInput,
  type ButtonVariant,
} from "../../components/ui";
import { de } from "../../i18n/de-staff";
import { loadReceipt } from "../../features/orders/receipt.server";
import { referenceSettings } from "../../features/shared/reference-data.server";
import { owesRefund } from "../../features/orders/refund.server";
import { requireStaff } from "../../features/staff/staff-auth.server";
import {
  parseOrderAction,
  performOrderAction,
  type OrderIntent,
} from "../../features/orders/staff-order-actions.server";
import { staffScope } from "../../features/orders/staff-order-query.server";
import {
  findStaffOrder,
  offeredOrderActions,
  orderAuditTrail,
  staffState,
} from "../../features/orders/staff-orders.server";
import { statusPath } from "../../features/storefront/store-paths";
import { parseId } from "../../domain/values";
import { deDevices } from "../../i18n/de-devices";
import { branchPrinterIds } from "../../features/devices/order-reprint.server";
import { orderUploads } from "../../features/uploads/order-uploads.server";
import { OrderUploadList } from "../../components/backend/order-uploads";

const texts = de.staffOrders;
const detail = texts.detail;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `${detail.title(loaded.receipt.ticket.label, loaded.receipt.ticket.number)} - ${de.backOffice.title}`
      : de.backOffice.title,
  },
  { name: "robots", content: "noindex" },
];

function orderIdOf(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw data({ message: texts.errors.notFound }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const id = orderIdOf(params.orderId);
  const scope = staffScope(user, context);
  const order = await findStaffOrder(context.db, scope, id);
  if (!order) throw data({ message: texts.errors.notFound }, { status: 404 });
  const now = new Date();
  const [loaded, settings, trail, uploads] = await Promise.all([
    loadReceipt(context.db, id, now),
    referenceSettings(context.db),
    orderAuditTrail(context.db, id),
    orderUploads(context.db, id),
  ]);
  const printers = await branchPrinterIds(context.db, order.branchId);
  if (!loaded) throw data({ message: texts.errors.notFound }, { status: 404 });
  const zone = settings.businessTimeZone;
  const state = staffState(order);
  const done = new URL(request.url).searchParams.get("done");
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
    notice:
      done === "kopie"
        ? deDevices.reprint.done
        : done === "kein-drucker"
          ? deDevices.reprint.noPrinter
          : done && done in texts.notices
            ? texts.notices[done as keyof typeof texts.notices]
            : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, context);
  const id = orderIdOf(params.orderId);
  // Another branch's order is "not found", whatever was posted.
  if (!(await findStaffOrder(context.db, staffScope(user, context), id))) {
    return data({ error: texts.errors.notFound }, { status: 404 });
  }
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return data({ error: texts.errors.unknownAction }, { status: 400 });
  }
  const parsed = parseOrderAction(fields);
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const result = await performOrderAction(context, staffScope(user, context), id, parsed.action);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // Changed, but the refund after it failed: the page shows why, beside the retry button.
  if (result.warning) return data({ error: result.warning });
  if (parsed.action.intent === "print") return redirect(`/backend/orders/${id}/receipt`, 303);
  return redirect(`/backend/orders/${id}?done=${parsed.action.intent}`, 303);
}

const STATUS_BUTTONS: Exclude<StaffAction, "reject" | "counter-appointment" | "cancel">[] = [
  "confirm",
  "in-delivery",
  "completed",
];

function statusButtonLabel(action: (typeof STATUS_BUTTONS)[number], isDelivery: boolean) {
  switch (action) {
    case "confirm":
      return texts.actions.confirm;
    case "in-delivery":
      return isDelivery ? texts.actions.inDelivery : texts.actions.readyForPickup;
    case "completed":
      return texts.actions.completed;
  }
}

function IntentButton({
  intent,
  label,
  variant = "primary",
}: {
  intent: OrderIntent;
  label: string;
  variant?: ButtonVariant;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** Reject and cancel: asked once more, apart from the buttons that move an order on. */
function DestructiveActions({ actions }: { actions: readonly StaffAction[] }) {
  const canReject = actions.includes("reject");
  const canCancel = actions.includes("cancel");
  if (!canReject && !canCancel) return null;
  return (
    <div className="action-group action-group-danger" role="group" aria-label={texts.destructive}>
      {canReject ? (
        <ConfirmAction
          name="reject"
          label={texts.actions.reject}
          question={texts.confirm.reject.question}
          text={texts.confirm.reject.text}
          confirmLabel={texts.confirm.reject.yes}
        >
          <input type="hidden" name="intent" value="reject" />
          <TextArea
            id="reject-message"
            name="message"
            label={detail.rejectMessage}
            rows={3}
            maxLength={REJECTION_MESSAGE_MAX}
          />
        </ConfirmAction>
      ) : null}
      {canCancel ? (
        <ConfirmAction
          name="cancel"
          label={texts.actions.cancel}
          question={texts.confirm.cancel.question}
          text={texts.confirm.cancel.text}
          confirmLabel={texts.confirm.cancel.yes}
        >
          <input type="hidden" name="intent" value="cancel" />
        </ConfirmAction>
      ) : null}
    </div>
  );
}

export default function OrderDetail() {
  const order = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { receipt } = order;
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <p>
        <Link to="/backend/orders">{detail.back}</Link>
      </p>
      <div className="page-head">
        <h1 id="order-title">
          {detail.title(receipt.ticket.label, receipt.ticket.number)}{" "}
          <OrderStateBadge state={order.stateKey} label={order.state} />
        </h1>
      </div>
      {result && "error" in result ? (
        <Notice tone="error">{result.error}</Notice>
      ) : (
        <Notice>{order.notice}</Notice>
      )}
      {receipt.banners.map((banner) => (
        <Notice key={banner} tone="info" announce={false}>
          {banner}
        </Notice>
      ))}
      <p>
        <Link to="edit">{de.orderChanges.edit.link}</Link>
      </p>

      <section aria-labelledby="order-actions" className="order-actions">
        <h2 id="order-actions">{detail.actions}</h2>
        {order.refundOwed ? (
          <div className="action-group">
            <Notice tone="error" announce={false}>
              {de.refunds.owed(order.refundOwed)}
            </Notice>
            <IntentButton intent="refund" label={de.refunds.action} />
          </div>
        ) : null}
        <div className="action-groups">
          <div className="action-group">
            {STATUS_BUTTONS.filter((action) => order.actions.includes(action)).map((action) => (
              <IntentButton
                key={action}
                intent={action}
                label={statusButtonLabel(action, order.isDelivery)}
              />
            ))}
          </div>
          <DestructiveActions actions={order.actions} />
        </div>
        {order.actions.includes("counter-appointment") ? (
          <Form method="post" className="action-form">
            <input type="hidden" name="intent" value="counter-appointment" />
            <fieldset>
              <legend>{texts.actions.counterAppointment}</legend>
              <div className="action-form-fields">
                <TextInput id="counter-date" type="date" name="date" label={detail.date} required />
                <TextInput
                  id="counter-time"
                  type="time"
                  name="time"
                  step={300}
                  label={detail.time}
                  required
                />
                <Button type="submit" variant="secondary">
                  {detail.propose}
                </Button>
              </div>
            </fieldset>
          </Form>
        ) : null}
        <div className="action-group action-group-more">
          <IntentButton intent="print" label={detail.print} variant="secondary" />
          {order.hasPrinters ? (
            <Form method="post" action={`/backend/orders/${order.id}/kopie`}>
              <Button type="submit" variant="secondary">
                {deDevices.reprint.button}
              </Button>
            </Form>
          ) : null}
          {order.canSendEmail ? (
            <IntentButton intent="resend-email" label={detail.resendEmail} variant="secondary" />
          ) : null}
          {order.canSendSms ? (
            <IntentButton intent="resend-sms" label={detail.resendSms} variant="secondary" />
          ) : null}
          {order.canCheckPayment ? (
            <IntentButton
              intent="update-payment-status"
              label={detail.checkPayment}
              variant="secondary"
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="order-facts" className="order-facts">
        <h2 id="order-facts">{detail.order}</h2>
        <dl>
          {[
            // Which branch it was ordered at (issue 36, item 15): the receipt's header names it.
            { label: texts.board.branch, value: receipt.header.branchName },
            ...receipt.facts,
            ...receipt.customer,
            ...receipt.payment,
          ].map((field) => (
            <div key={`${field.label}-${field.value}`}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
          {receipt.deliveryAddress.length > 0 ? (
            <div>
              <dt>{detail.address}</dt>
              <dd>{receipt.deliveryAddress.join(", ")}</dd>
            </div>
          ) : null}
          {order.rejectionMessage ? (
            <div>
              <dt>{detail.rejectionMessage}</dt>
              <dd>{order.rejectionMessage}</dd>
            </div>
          ) : null}
        </dl>
        {receipt.comment ? (
          <p className="order-comment">
            <strong>{detail.comment}:</strong> {receipt.comment}
          </p>
        ) : null}
        {receipt.donation ? <p>{receipt.donation}</p> : null}
        <p>
          <a href={order.statusPath} target="_blank" rel="noreferrer">
            {detail.customerView}
          </a>
        </p>
      </section>

      <section aria-labelledby="order-items">
        <h2 id="order-items">{detail.items}</h2>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls on a phone */}
        <div className="ui-table-scroll" role="region" aria-label={detail.itemsTable} tabIndex={0}>
          <table className="ui-table order-table">
            <thead>
              <tr>
                <th scope="col">{detail.quantity}</th>
                <th scope="col">{detail.product}</th>
                <th scope="col" className="ui-numeric">
                  {detail.price}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.items.map((item, index) => (
                <tr key={`${index}-${item.name}`}>
                  <td>{item.quantity}</td>
                  <td>
                    {item.name}
                    {order.canEditItems ? (
                      <>
                        {" "}
                        <Link
                          to={`/backend/orders/${order.id}/items/${index}`}
                          aria-label={texts.itemEdit.linkLabel(item.name)}
                        >
                          {texts.itemEdit.link}
                        </Link>
                      </>
                    ) : null}
                    {item.details.length > 0 ? (
                      <ul className="item-details">
                        {item.details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td className="ui-numeric">{item.price}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {receipt.totals.map((total) => (
                <tr key={total.label}>
                  <th scope="row" colSpan={2}>
                    {total.label}
                  </th>
                  <td className="ui-numeric">{total.value}</td>
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
        {order.uploads.length > 0 ? (
          <>
            <h3>{detail.uploads}</h3>
            <OrderUploadList uploads={order.uploads} />
          </>
        ) : null}
        <h3>{detail.taxes}</h3>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls on a phone */}
        <div className="ui-table-scroll" role="region" aria-label={detail.taxesTable} tabIndex={0}>
          <table className="ui-table order-table">
            <thead>
              <tr>
                <th scope="col">{detail.taxRate}</th>
                <th scope="col" className="ui-numeric">
                  {detail.net}
                </th>
                <th scope="col" className="ui-numeric">
                  {detail.tax}
                </th>
                <th scope="col" className="ui-numeric">
                  {detail.gross}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.taxes.map((row) => (
                <tr key={row.rate}>
                  <td>{row.rate}</td>
                  <td className="ui-numeric">{row.net}</td>
                  <td className="ui-numeric">{row.tax}</td>
                  <td className="ui-numeric">{row.gross}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="order-trail">
        <h2 id="order-trail">{detail.trail}</h2>
        {order.trail.length === 0 ? (
          <p>{detail.noTrail}</p>
        ) : (
          <ol className="audit-trail">
            {order.trail.map((entry) => (
              <li key={entry.id}>
                {entry.at} · {entry.who} · {entry.what}
                {entry.outcome ? ` (${entry.outcome})` : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
