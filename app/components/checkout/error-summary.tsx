import { forwardRef } from "react";
import { fieldOf } from "#app/features/checkout/checkout-form";
import type { Problem } from "#app/server/outcome";
import { deCheckout as texts } from "#app/i18n/de-checkout";

/**
 * The server's answer at the top of the page, each message linked to its field; the page takes
 * the customer here (and the focus) when a post comes back refused.
 */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { errors: readonly Problem[]; paymentFailed: boolean }
>(function ErrorSummary({ errors, paymentFailed }, ref) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="checkout-errors">
      {paymentFailed ? <p className="form-error">{texts.paymentFailed}</p> : null}
      {errors.length > 0 ? (
        <div className="form-error">
          <p>{texts.errorsHeading}</p>
          <ul>
            {errors.map((error) => (
              <li key={`${error.field ?? ""}${error.message}`}>
                {error.field ? (
                  <a href={`#checkout-${fieldOf(error.field)}`}>{error.message}</a>
                ) : (
                  error.message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
});
