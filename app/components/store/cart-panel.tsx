import type { ReactNode } from "react";
import { de } from "#app/i18n/de";
import { useHydrated } from "#app/components/use-hydrated";
import { VisitorSlot } from "#app/components/visitor-slot";
import { OrderTotals } from "./order-lines";
import type { CartView } from "#app/features/cart/cart.server";
import { productPath } from "#app/features/storefront/store-paths";
import { Button, buttonClass } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import { Notice } from "#app/components/ui/notice";

const texts = de.cartPanel;

/** Submits the select's form as soon as a choice is made; the button stays for no JavaScript. */
function submitOnChange(event: React.ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

/**
 * One of the cart's choices: a form with one select that submits itself on change; its button
 * is for pages without JavaScript. A new value from the server mounts the select afresh.
 */
function CartChoice({
  action,
  intent,
  id,
  label,
  name,
  value,
  applyHidden,
  required,
  children,
}: {
  action: string;
  intent: string;
  id: string;
  label: string;
  name: string;
  value: string | number;
  applyHidden: boolean;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action} data-enhance="" className="cart-choice">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id}>{label}</label>
      <SelectControl
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        onChange={submitOnChange}
        required={required}
      >
        {children}
      </SelectControl>
      <Button variant="plain" type="submit" hidden={applyHidden}>
        {texts.apply}
      </Button>
    </form>
  );
}

/**
 * What the cart panel shows of one visitor's cart (decision 049): worded on the server, the same
 * in the loader's data and in the page's JSON script.
 */
export interface CartPanelVisitor {
  cart: CartView;
  /** Items taken out as sold out today (decision 036), worded on the server. */
  soldOutNotice: string | null;
  /** The branch's delivery notice, while delivery is chosen. */
  deliveryNotice: string | null;
}

/** Where the panel's forms and links go; the same for every visitor of a branch. */
export interface CartPanelPaths {
  branchIdentifier: string;
  storePath: string;
  checkoutPath: string;
}

/**
 * The panel beside the menu: its frame is the same for everyone, the count, the notices and the
 * cart itself are the visitor's parts (slots `cart-head` and `cart-body`). Their forms and links
 * are plain (`data-enhance`): `onSubmit` and `onClick` here let the router take them over.
 */
export function CartPanel({
  head,
  body,
  children,
  onSubmit,
  onClick,
}: {
  head: ReactNode;
  body: ReactNode;
  children?: ReactNode;
  onSubmit?: React.FormEventHandler<HTMLElement>;
  onClick?: React.MouseEventHandler<HTMLElement>;
}) {
  return (
    // The handlers only take over what bubbles up from the plain forms and links inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <aside
      id="warenkorb"
      className="cart-panel"
      aria-labelledby="warenkorb-titel"
      onSubmit={onSubmit}
      onClick={onClick}
    >
      <h2 id="warenkorb-titel">{texts.heading}</h2>
      <VisitorSlot name="cart-head">{head}</VisitorSlot>
      {children}
      <VisitorSlot name="cart-body">{body}</VisitorSlot>
    </aside>
  );
}

/** The count and the notices: the first of the visitor's parts. */
export function CartPanelHead({ visitor }: { visitor: CartPanelVisitor }) {
  const { cart, soldOutNotice } = visitor;
  return (
    <>
      <p className="cart-count">{cart.countText}</p>
      <div role="status" className="cart-notices">
        {cart.removedByMenuChange.length > 0 ? (
          <Notice look="store">{texts.menuChanged(cart.removedByMenuChange.join(", "))}</Notice>
        ) : null}
        <Notice look="store">{soldOutNotice}</Notice>
      </div>
    </>
  );
}

/** The items, the choices, the totals and the way to the checkout: the second part. */
export function CartPanelBody({
  visitor,
  paths,
}: {
  visitor: CartPanelVisitor;
  paths: CartPanelPaths;
}) {
  const { cart, deliveryNotice } = visitor;
  const action = `${paths.storePath}?index`;
  // With JavaScript the selects submit themselves; the buttons are for pages without it.
  const applyHidden = useHydrated();
  return (
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
                        alt={de.uploads.previewAlt(upload.name)}
                        width={64}
                        height={64}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="cart-item-actions">
                <form method="post" action={action} data-enhance="" className="inline-form">
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
                  <Button variant="plain" type="submit">
                    {texts.changeQuantity}
                  </Button>
                </form>
                <a
                  href={productPath(paths.branchIdentifier, item.productId, item.id)}
                  data-enhance="stay"
                  aria-label={texts.editItem(item.name)}
                >
                  {texts.edit}
                </a>
                <form method="post" action={action} data-enhance="" className="inline-form">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="itemId" value={item.id} />
                  <Button variant="plain" type="submit" aria-label={texts.removeItem(item.name)}>
                    {texts.remove}
                  </Button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {cart.deliveryTypes.length > 0 ? (
        <CartChoice
          action={action}
          intent="set-delivery-type"
          id="art-der-lieferung"
          label={texts.deliveryType}
          name="deliveryType"
          value={cart.deliveryType}
          applyHidden={applyHidden}
        >
          {cart.deliveryTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </CartChoice>
      ) : null}

      {cart.deliveryType === "delivery" ? (
        <>
          <Notice look="store">{deliveryNotice}</Notice>
          <CartChoice
            action={action}
            intent="set-delivery-area"
            id="liefergebiet"
            label={texts.deliveryArea}
            name="deliveryAreaId"
            value={cart.deliveryAreaId ?? ""}
            applyHidden={applyHidden}
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
          </CartChoice>
        </>
      ) : null}

      <OrderTotals costs={cart.costs} deliveryCosts={cart.deliveryCosts} total={cart.total} />
      {cart.freeDeliveryHint ? <p className="cart-hint">{cart.freeDeliveryHint}</p> : null}
      {cart.minimumNotice.length > 0 ? (
        <Notice look="store" as="div" className="minimum-order">
          {cart.minimumNotice.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </Notice>
      ) : null}
      {cart.priceNotes.map((note) => (
        <p key={note} className="cart-hint">
          {note}
        </p>
      ))}
      <p className="cart-checkout">
        {cart.canCheckout ? (
          <a href={paths.checkoutPath} data-enhance="" className={buttonClass("store", "primary")}>
            {texts.checkout}
          </a>
        ) : (
          <Button variant="store" type="button" className="primary" disabled>
            {texts.checkout}
          </Button>
        )}
      </p>
    </details>
  );
}
