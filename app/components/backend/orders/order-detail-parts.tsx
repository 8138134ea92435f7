import { Form, Link, useNavigation } from "@remix-run/react";
import type { OrderIntent } from "#app/features/orders/staff-order-actions.server";
import type { OrderDetail } from "#app/features/orders/order-detail.server";
import { REJECTION_MESSAGE_MAX, type StaffAction } from "#app/domain/staff-order";
import {
  Button,
  ConfirmAction,
  Notice,
  TextArea,
  TextInput,
  type ButtonVariant,
} from "#app/components/ui";
import { de } from "#app/i18n/de-staff";
import { deDevices } from "#app/i18n/de-devices";
import { OrderUploadList } from "#app/components/backend/order-uploads";

/**
 * The parts of an order's page in the back office (`routes/backend/order.tsx`): its actions, its
 * facts, its items with the totals by tax rate, and its audit trail.
 */
const texts = de.staffOrders;
const detail = texts.detail;

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

/** What staff may do with the order now: move it on, refund, reject or cancel, print, resend. */
export function OrderActions({ order }: { order: OrderDetail }) {
  return (
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
  );
}

/** The order's facts: branch, times, customer, payment, address, comment. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const { receipt } = order;
  return (
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
  );
}

/** The items (each with its "Ändern" link while the order allows it), uploads and taxes. */
export function OrderItems({ order }: { order: OrderDetail }) {
  const { receipt } = order;
  return (
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
  );
}

/** Who did what to the order, oldest first. */
export function OrderTrail({ order }: { order: OrderDetail }) {
  return (
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
  );
}
