import type { CheckoutView } from "#app/features/checkout/checkout-view.server";
import { deCheckout as texts } from "#app/i18n/de-checkout";
import { OrderLineBody, OrderTotals } from "#app/components/store/order-lines";
import { FieldError } from "#app/components/ui/field";
import type { FormState } from "./form-state";

/** A note to the order, free text. */
export function CommentSection({ state }: { state: FormState }) {
  return (
    <section className="checkout-section" aria-labelledby="anmerkung-titel">
      <h2 id="anmerkung-titel" className="visually-hidden">
        {texts.comment}
      </h2>
      <div className="field">
        <label htmlFor="checkout-comment">{texts.comment}</label>
        <textarea
          id="checkout-comment"
          name="comment"
          rows={3}
          maxLength={2000}
          defaultValue={state.values.comment ?? ""}
        />
        <FieldError look="store">{state.errors.get("comment")}</FieldError>
      </div>
    </section>
  );
}

type SummaryView = Pick<
  CheckoutView,
  "lines" | "costs" | "deliveryCosts" | "total" | "priceNotes" | "minimumMessages"
>;

/** 'Zusammenfassung': the cart's lines and totals as they will be ordered. */
export function SummarySection({ view }: { view: SummaryView }) {
  return (
    <section className="checkout-section" aria-labelledby="zusammenfassung-titel">
      <h2 id="zusammenfassung-titel">{texts.summary}</h2>
      <ul className="cart-items">
        {view.lines.map((line) => (
          <li key={line.id} className="cart-item">
            <OrderLineBody line={line} />
          </li>
        ))}
      </ul>
      <OrderTotals
        costs={view.costs}
        deliveryCosts={view.deliveryCosts}
        total={view.total}
        notes={view.priceNotes}
      />
      {view.minimumMessages.map((message) => (
        <p key={message} className="notice">
          {message}
        </p>
      ))}
    </section>
  );
}
