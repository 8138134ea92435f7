import { Form, useLocation, useSubmit } from "@remix-run/react";
import type { CheckoutView } from "#app/features/checkout/checkout-view.server";
import { de } from "#app/i18n/de";
import { deCheckout as texts } from "#app/i18n/de-checkout";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import { useHydrated } from "#app/components/use-hydrated";

type OrderTypeView = Pick<
  CheckoutView,
  "storePath" | "orderType" | "orderTypes" | "areaId" | "areas" | "notices" | "alternatives"
>;

/**
 * 'Art der Bestellung' and a delivery's area: the cart's own choices, changed through the cart's
 * action (which comes back here). With JavaScript a choice applies at once.
 */
export function OrderTypeSection({ view, areaError }: { view: OrderTypeView; areaError: boolean }) {
  const isHydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const cartAction = `${view.storePath}?index`;
  const redirectTo = `${location.pathname}`;
  const applyButton = (
    <Button type="submit" variant="store-secondary" hidden={isHydrated}>
      {de.cartPanel.apply}
    </Button>
  );
  return (
    <section className="checkout-section" aria-labelledby="bestellart-titel">
      <h2 id="bestellart-titel">{texts.orderType}</h2>
      {view.orderTypes.length > 1 ? (
        <Form method="post" action={cartAction} className="cart-choice">
          <input type="hidden" name="intent" value="set-delivery-type" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label htmlFor="checkout-orderType">{de.cartPanel.deliveryType}</label>
          <SelectControl
            id="checkout-orderType"
            name="deliveryType"
            defaultValue={view.orderType}
            key={view.orderType}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            {view.orderTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </SelectControl>
          {applyButton}
        </Form>
      ) : (
        <p>{view.orderTypes[0]?.label}</p>
      )}
      {view.orderType === "delivery" ? (
        <Form method="post" action={cartAction} className="cart-choice">
          <input type="hidden" name="intent" value="set-delivery-area" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label htmlFor="checkout-deliveryArea">{texts.deliveryArea}</label>
          <SelectControl
            id="checkout-deliveryArea"
            name="deliveryAreaId"
            defaultValue={view.areaId ?? ""}
            key={view.areaId ?? "keins"}
            required
            aria-invalid={areaError ? true : undefined}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            <option value="" disabled>
              {de.cartPanel.chooseArea}
            </option>
            {view.areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.label}
              </option>
            ))}
          </SelectControl>
          {applyButton}
        </Form>
      ) : null}
      {view.notices.map((notice) => (
        <p key={notice} className="notice">
          {notice}
        </p>
      ))}
      {view.alternatives.length > 0 ? (
        <div className="checkout-alternatives">
          <p>{texts.alternatives}</p>
          <ul>
            {view.alternatives.map((alternative) => (
              <li key={alternative}>{alternative}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
