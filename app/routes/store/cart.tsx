import { useActionData } from "@remix-run/react";
import { cartAction, type CartActionError } from "./cart-action.server";

/** The cart panel's forms post here (`/store/{branch}?index`): one action, an intent each. */
export const action = cartAction;
export { cartPageHeaders as headers } from "#app/features/cart/cart-answer-headers";

/** What a refused cart change says, shown inside the cart panel. */
export default function CartMessages() {
  const failed = useActionData<CartActionError>();
  if (!failed) return null;
  return (
    <p className="form-error" role="alert">
      {failed.message}
    </p>
  );
}
