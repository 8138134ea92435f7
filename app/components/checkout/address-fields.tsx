import { deCheckout as texts } from "#app/i18n/de-checkout";
import type { FormState } from "./form-state";
import { TextFields, type TextFieldSpec } from "./text-fields";

/** A delivery address as the shop asks for it (spec section 5), in the order a letter has it. */
export function addressFields(isRequired: boolean): TextFieldSpec[] {
  return [
    {
      name: "street",
      label: texts.street,
      required: isRequired,
      autoComplete: "street-address",
      maxLength: 200,
    },
    {
      name: "city",
      label: texts.city,
      required: isRequired,
      autoComplete: "address-level2",
      maxLength: 120,
    },
    { name: "floor", label: texts.floor, maxLength: 20 },
    { name: "stairway", label: texts.stairway, maxLength: 20 },
    { name: "door", label: texts.door, maxLength: 20 },
  ];
}

/** The address block: the one place a customer's delivery address is asked for. */
export function AddressFields({ state, isRequired }: { state: FormState; isRequired: boolean }) {
  return <TextFields fields={addressFields(isRequired)} state={state} />;
}

/** The checkout's 'Lieferadresse' for a delivery. */
export function AddressSection({ state, isRequired }: { state: FormState; isRequired: boolean }) {
  return (
    <section className="checkout-section" aria-labelledby="adresse-titel">
      <h2 id="adresse-titel">{texts.address}</h2>
      <AddressFields state={state} isRequired={isRequired} />
    </section>
  );
}
