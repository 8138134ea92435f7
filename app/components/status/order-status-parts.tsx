import { OutsideLink } from "#app/components/kiosk";
import { Form, useNavigation } from "@remix-run/react";
import type { OrderTimeline } from "#app/domain/order-status";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { OrderLineBody, OrderTotals } from "#app/components/store/order-lines";
import type { OrderStatusView } from "#app/features/orders/order-status-view.server";
import { Button } from "#app/components/ui/button";

const texts = deOrderStatus;

/** The four steps, or the cancelled line with the branch's reason. */
export function StatusTimeline({ timeline }: { timeline: OrderTimeline }) {
  return (
    <section className="status-timeline" aria-labelledby="status-verlauf">
      <h2 id="status-verlauf" className="visually-hidden">
        {texts.progress}
      </h2>
      {timeline.isCanceled ? (
        <div className="timeline-canceled">
          <p className="timeline-canceled-label">{timeline.label}</p>
          {timeline.rejectionMessage ? (
            <p>{texts.rejectionReason(timeline.rejectionMessage)}</p>
          ) : null}
        </div>
      ) : (
        <ol className="timeline">
          {timeline.steps.map((step, index) => (
            <li
              key={step.key}
              className={`timeline-step${step.isDone ? " is-done" : ""}${step.isCurrent ? " is-current" : ""}`}
              aria-current={step.isCurrent ? "step" : undefined}
            >
              <span className="timeline-marker" aria-hidden="true">
                {step.isDone ? "✓" : index + 1}
              </span>
              <span className="timeline-label">{step.label}</span>
              {step.isDone || step.isCurrent ? (
                <span className="visually-hidden">
                  {` (${step.isDone ? texts.stepDone : texts.stepCurrent})`}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Two plain POST forms; while one is on its way both buttons wait (JavaScript only). */
export function CounterAppointmentPrompt({
  prompt,
}: {
  prompt: NonNullable<OrderStatusView["counterAppointment"]>;
}) {
  const navigation = useNavigation();
  const isSending = navigation.state === "submitting";
  return (
    <section className="counter-appointment" aria-labelledby="terminvorschlag">
      <h2 id="terminvorschlag">{texts.counterAppointment.heading}</h2>
      <p>{prompt.proposal}</p>
      <div className="counter-appointment-actions">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="accept-counter-appointment" />
          <Button variant="store" type="submit" disabled={isSending}>
            {prompt.accept}
          </Button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="decline-counter-appointment" />
          <Button variant="store-secondary" type="submit" disabled={isSending}>
            {prompt.decline}
          </Button>
        </Form>
      </div>
    </section>
  );
}

export function OrderDetails({ details }: { details: OrderStatusView["details"] }) {
  const labels = texts.details;
  return (
    <section className="status-details" aria-labelledby="bestelldetails">
      <h2 id="bestelldetails">{labels.heading}</h2>
      <dl className="status-facts">
        <div>
          <dt>{labels.orderType}</dt>
          <dd>{details.orderType}</dd>
        </div>
        {details.appointment ? (
          <div>
            <dt>{labels.appointment}</dt>
            <dd>{details.appointment}</dd>
          </div>
        ) : null}
        {details.table ? (
          <div>
            <dt>{labels.table}</dt>
            <dd>{details.table}</dd>
          </div>
        ) : null}
        {details.address.length > 0 ? (
          <div>
            <dt>{labels.address}</dt>
            <dd>
              <address>
                {details.address.map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
        ) : null}
        {details.comment ? (
          <div>
            <dt>{labels.comment}</dt>
            <dd className="status-comment">{details.comment}</dd>
          </div>
        ) : null}
        <div>
          <dt>{labels.paymentMethod}</dt>
          <dd>{details.paymentMethod}</dd>
        </div>
      </dl>

      <h3>{labels.items}</h3>
      <ul className="cart-items status-items">
        {details.items.map((item, index) => (
          <li key={index} className="cart-item">
            <OrderLineBody line={item} />
          </li>
        ))}
      </ul>

      <OrderTotals
        costs={details.costs}
        deliveryCosts={details.deliveryCosts}
        total={details.total}
        notes={details.priceNotes}
      />

      {details.taxes.length > 0 ? (
        <table className="status-taxes">
          <caption>{labels.taxesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.taxRate}</th>
              <th scope="col">{labels.net}</th>
              <th scope="col">{labels.tax}</th>
              <th scope="col">{labels.gross}</th>
            </tr>
          </thead>
          <tbody>
            {details.taxes.map((line) => (
              <tr key={line.rate}>
                <th scope="row">{line.rate}</th>
                <td>{line.net}</td>
                <td>{line.tax}</td>
                <td>{line.gross}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export function BranchContact({ branch }: { branch: OrderStatusView["branch"] }) {
  const labels = texts.contact;
  return (
    <section className="status-contact" aria-labelledby="filialkontakt">
      <h2 id="filialkontakt">{labels.heading}</h2>
      <address>
        <strong>{branch.name}</strong>
        <span className="address-line">{branch.street}</span>
        <span className="address-line">{branch.city}</span>
        {branch.phone ? (
          <span className="address-line">
            {labels.phone}:{" "}
            <OutsideLink href={`tel:${branch.phone.replace(/\s+/g, "")}`}>
              {branch.phone}
            </OutsideLink>
          </span>
        ) : null}
        {branch.email ? (
          <span className="address-line">
            {labels.email}:{" "}
            <OutsideLink href={`mailto:${branch.email}`}>{branch.email}</OutsideLink>
          </span>
        ) : null}
      </address>
    </section>
  );
}
