import type { CheckoutValues } from "#app/features/checkout/checkout-view.server";

/** What the checkout form shows again: the values typed, the server's messages by field. */
export interface FormState {
  values: CheckoutValues;
  errors: ReadonlyMap<string, string>;
}
