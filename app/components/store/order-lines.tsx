import { de } from "#app/i18n/de";

export interface OrderLineView {
  name: string;
  price: string;
  quantity: string;
  details: string[];
}

/** One line of a cart or an order: name, price, amount and the configured parts. */
export function OrderLineBody({ line }: { line: OrderLineView }) {
  return (
    <>
      <div className="cart-item-head">
        <span className="cart-item-name">{line.name}</span>
        <span className="cart-item-price">{line.price}</span>
      </div>
      <p className="cart-item-quantity">{line.quantity}</p>
      {line.details.length > 0 ? (
        <ul className="cart-item-details">
          {line.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * 'Kosten', 'Lieferkosten' (when delivering) and 'Gesamt', as the spec names the lines, and the
 * notes that explain a 'ca.' or 'ab' in them (decision 044).
 */
export function OrderTotals({
  costs,
  deliveryCosts,
  total,
  notes = [],
}: {
  costs: string;
  deliveryCosts: string | null;
  total: string;
  notes?: readonly string[];
}) {
  return (
    <>
      <dl className="cart-totals">
        <div>
          <dt>{de.cartPanel.costs}</dt>
          <dd>{costs}</dd>
        </div>
        {deliveryCosts !== null ? (
          <div>
            <dt>{de.cartPanel.deliveryCosts}</dt>
            <dd>{deliveryCosts}</dd>
          </div>
        ) : null}
        <div className="cart-total">
          <dt>{de.cartPanel.total}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {notes.map((note) => (
        <p key={note} className="cart-hint price-note">
          {note}
        </p>
      ))}
    </>
  );
}
