import { de } from "#app/i18n/de";

/** What the cart bar says, worded on the server: '3 Produkte', '12,40 €', the link's name. */
export interface CartBarView {
  count: string;
  total: string;
  label: string;
}

/**
 * The bar at the foot of a phone's screen while the cart holds something: '3 Produkte ·
 * 12,40 € · Warenkorb', a link to the cart panel (`#warenkorb`). On a wide screen the panel
 * stands beside the menu and the bar is hidden (app.css).
 */
export function CartBar({
  bar,
  heading,
  open,
}: {
  bar: CartBarView;
  heading: string;
  open: string;
}) {
  return (
    <nav className="cart-bar" aria-label={heading}>
      {/* Named by its visible words, which an aria-label did not hold (WCAG 2.5.3, issue 36). */}
      <a href="#warenkorb" className="cart-bar-link">
        <span>{bar.count}</span>
        <span aria-hidden="true"> · </span>
        <span>{bar.total}</span>
        <span aria-hidden="true"> · </span>
        <span className="cart-bar-open">
          {open}
          <span className="visually-hidden">{de.cartPanel.barOpenHidden}</span>
        </span>
      </a>
    </nav>
  );
}

/**
 * Where the eye is after a change: a status line at the top of the screen ('Produkt zum
 * Warenkorb hinzugefügt.'). It fades out after a few seconds by CSS alone, so it also goes away
 * without JavaScript; `showKey` starts it anew for each change (the same notice twice).
 */
export function CartToast({ messages, showKey }: { messages: string[]; showKey: string }) {
  return (
    <div className="cart-toast-region" role="status">
      {messages.length > 0 ? (
        <div className="cart-toast" key={showKey}>
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The bar as the visitor's part of the page (slot `cart-bar`, decision 049), with the room it
 * needs below the page's last line on a phone; nothing while the cart is empty.
 */
export function CartBarPart({ bar }: { bar: CartBarView | null }) {
  if (!bar) return null;
  return (
    <>
      <div className="cart-bar-space" aria-hidden="true" />
      <CartBar bar={bar} heading={de.cartPanel.heading} open={de.cartPanel.barOpen} />
    </>
  );
}
