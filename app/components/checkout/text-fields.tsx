import type { CheckoutValues } from "#app/features/checkout/checkout-view.server";
import { deCheckout } from "#app/i18n/de-checkout";
import { useSelfService } from "#app/components/kiosk";
import { Field } from "#app/components/ui/field";
import type { FormState } from "./form-state";

/** One text field of the checkout: what it asks for and how the browser may help fill it in. */
export interface TextFieldSpec {
  name: keyof CheckoutValues;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength: number;
}

/** Text fields in the checkout's grid, each with its label, its message and what was typed. */
export function TextFields({
  fields,
  state,
}: {
  fields: readonly TextFieldSpec[];
  state: FormState;
}) {
  // A kiosk's browser keeps nothing a customer typed for the next one to pick (decision 053).
  const selfService = useSelfService();
  return (
    <div className="field-grid">
      {fields.map(({ name, label, required = false, type = "text", autoComplete, maxLength }) => {
        const error = state.errors.get(name);
        return (
          <Field
            key={name}
            id={`checkout-${name}`}
            look="store"
            label={
              <>
                {label}
                {required ? deCheckout.required : null}
              </>
            }
            error={error}
          >
            {(control) => (
              <input
                {...control}
                name={name}
                type={type}
                defaultValue={state.values[name] ?? ""}
                required={required}
                autoComplete={selfService ? "off" : autoComplete}
                maxLength={maxLength}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}
