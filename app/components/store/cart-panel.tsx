import { Form, Link } from "@remix-run/react";
import { deUploads } from "../../i18n/de-uploads";
import type { ReactNode } from "react";
import { de } from "../../i18n/de";
import { useHydrated } from "../use-hydrated";
import { OrderTotals } from "./order-lines";
import type { CartView } from "../../features/cart/cart.server";

const texts = de.cartPanel;

/** Submits the select's form as soon as a choice is made; the button stays for no JavaScript. */
function submitOnChange(event: React.ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

export function CartPanel({
  cart,
  storePath,
  checkoutPath,
  editPath,
  notice,
  soldOutNotice = null,
  deliveryNotice,
  children,
}: {
  cart: CartView;
  storePath: string;
  checkoutPath: string;
  editPath: (productId: number, itemId: number) => string;
  notice: string | null;
  /** Items taken out as sold out today (decision 036), worded on the server. */
  soldOutNotice?: string | null;
  deliveryNotice: string | null;
  children?: ReactNode;
}) {
  const action = `${storePath}?index`;
  // With JavaScript the selects submit themselves; the buttons are for pages without it.
  const applyHidden = useHydrated();
  return (
    <aside id="warenkorb" className="cart-panel" aria-labelledby="warenkorb-titel">
      <h2 id="warenkorb-titel">{texts.heading}</h2>
      <p className="cart-count">{cart.countText}</p>
      <div role="status" className="cart-notices">
        {notice ? <p className="cart-notice">{notice}</p> : null}
        {cart.removedByMenuChange.length > 0 ? (
          <p className="notice">{texts.menuChanged(cart.removedByMenuChange.join(", "))}</p>
        ) : null}
        {soldOutNotice ? <p className="notice">{soldOutNotice}</p> : null}
      </div>
      {children}
      <details className="cart-details" open>
        <summary>{texts.toggle}</summary>
        {cart.items.length > 0 ? (
          <ul className="cart-items">
            {cart.items.map((item) => (
              <li key={item.id} className="cart-item">
                <div className="cart-item-head">
                  <span className="cart-item-name">{item.name}</span>
                  <span className="cart-item-price">{item.priceLabel}</span>
                </div>
                <p className="cart-item-quantity">{item.quantityLabel}</p>
                {item.details.length > 0 ? (
                  <ul className="cart-item-details">
                    {item.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                ) : null}
                {item.uploads.length > 0 ? (
                  <ul className="cart-item-uploads">
                    {item.uploads.map((upload) => (
                      <li key={upload.id} className="upload-thumb">
                        <img
                          src={upload.previewUrl}
                          alt={deUploads.previewAlt(upload.name)}
                          width={64}
                          height={64}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="cart-item-actions">
                  <Form method="post" action={action} preventScrollReset className="inline-form">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <label htmlFor={`menge-${item.id}`} className="visually-hidden">
                      {texts.quantity(item.name)}
                    </label>
                    <input
                      id={`menge-${item.id}`}
                      name="amount"
                      inputMode="decimal"
                      defaultValue={item.amountInput}
                      size={5}
                      key={item.amountInput}
                    />
                    <span>{item.unitShort}</span>
                    <button type="submit">{texts.changeQuantity}</button>
                  </Form>
                  <Link
                    to={editPath(item.productId, item.id)}
                    preventScrollReset
                    aria-label={texts.editItem(item.name)}
                  >
                    {texts.edit}
                  </Link>
                  <Form method="post" action={action} preventScrollReset className="inline-form">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <button type="submit" aria-label={texts.removeItem(item.name)}>
                      {texts.remove}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : null}

        {cart.deliveryTypes.length > 0 ? (
          <Form method="post" action={action} preventScrollReset className="cart-choice">
            <input type="hidden" name="intent" value="set-delivery-type" />
            <label htmlFor="art-der-lieferung">{texts.deliveryType}</label>
            <select
              id="art-der-lieferung"
              name="deliveryType"
              defaultValue={cart.deliveryType}
              key={cart.deliveryType}
              onChange={submitOnChange}
            >
              {cart.deliveryTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
            <button type="submit" hidden={applyHidden}>
              {texts.apply}
            </button>
          </Form>
        ) : null}

        {cart.deliveryType === "delivery" ? (
          <>
            {deliveryNotice ? <p className="notice">{deliveryNotice}</p> : null}
            <Form method="post" action={action} preventScrollReset className="cart-choice">
              <input type="hidden" name="intent" value="set-delivery-area" />
              <label htmlFor="liefergebiet">{texts.deliveryArea}</label>
              <select
                id="liefergebiet"
                name="deliveryAreaId"
                defaultValue={cart.deliveryAreaId ?? ""}
                key={cart.deliveryAreaId ?? "keins"}
                onChange={submitOnChange}
                required
              >
                <option value="" disabled>
                  {texts.chooseArea}
                </option>
                {cart.areas.map((area) => (
                  <option key={area.id} value={area.id}>
                    {area.name}
                  </option>
                ))}
              </select>
              <button type="submit" hidden={applyHidden}>
                {texts.apply}
              </button>
            </Form>
          </>
        ) : null}

        <OrderTotals costs={cart.costs} deliveryCosts={cart.deliveryCosts} total={cart.total} />
        {cart.freeDeliveryHint ? <p className="cart-hint">{cart.freeDeliveryHint}</p> : null}
        {cart.minimumNotice.length > 0 ? (
          <div className="notice minimum-order">
            {cart.minimumNotice.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        ) : null}
        {cart.priceNotes.map((note) => (
          <p key={note} className="cart-hint">
            {note}
          </p>
        ))}
        <p className="cart-checkout">
          {cart.canCheckout ? (
            <Link to={checkoutPath} className="button primary">
              {texts.checkout}
            </Link>
          ) : (
            <button type="button" className="button primary" disabled>
              {texts.checkout}
            </button>
          )}
        </p>
      </details>
    </aside>
  );
}
