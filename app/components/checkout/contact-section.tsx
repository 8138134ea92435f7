import { deCheckout as texts } from "#app/i18n/de-checkout";
import { deKiosk } from "#app/i18n/de-kiosk";
import { useSelfService } from "#app/components/kiosk";
import { FieldError, SelectControl } from "#app/components/ui/field";
import type { FormState } from "./form-state";
import { TextFields, type TextFieldSpec } from "./text-fields";

/** A walk-in customer at the kiosk: a first name to call at most (issue 36, item 14). */
const KIOSK_CONTACT: TextFieldSpec[] = [
  { name: "firstName", label: deKiosk.firstName, autoComplete: "off", maxLength: 60 },
];

function contactFields(required: { email: boolean; phone: boolean }): TextFieldSpec[] {
  return [
    { name: "firstName", label: texts.firstName, autoComplete: "given-name", maxLength: 60 },
    {
      name: "lastName",
      label: texts.lastName,
      required: true,
      autoComplete: "family-name",
      maxLength: 60,
    },
    { name: "company", label: texts.company, autoComplete: "organization", maxLength: 120 },
    {
      name: "email",
      label: texts.email,
      type: "email",
      required: required.email,
      autoComplete: "email",
      maxLength: 254,
    },
    {
      name: "phone",
      label: texts.phone,
      type: "tel",
      required: required.phone,
      autoComplete: "tel",
      maxLength: 40,
    },
  ];
}

/** 'Kontaktdaten': who the order is for, or on a kiosk the name the ticket is called by. */
export function ContactSection({
  state,
  required,
}: {
  state: FormState;
  required: { email: boolean; phone: boolean };
}) {
  const selfService = useSelfService();
  return (
    <section className="checkout-section" aria-labelledby="kontakt-titel">
      <h2 id="kontakt-titel">{texts.contact}</h2>
      {selfService ? (
        <>
          <p className="field-hint" id="kiosk-contact-hint">
            {deKiosk.contactHint}
          </p>
          <TextFields fields={KIOSK_CONTACT} state={state} />
        </>
      ) : (
        <TextFields fields={contactFields(required)} state={state} />
      )}
    </section>
  );
}

/** The table of a dine-in order, where the branch asks for one. */
export function TableSection({
  state,
  tables,
}: {
  state: FormState;
  tables: readonly { id: number; name: string }[];
}) {
  return (
    <section className="checkout-section" aria-labelledby="tisch-titel">
      <h2 id="tisch-titel" className="visually-hidden">
        {texts.table}
      </h2>
      <div className="field">
        <label htmlFor="checkout-tableId">{texts.table}</label>
        <SelectControl
          id="checkout-tableId"
          name="tableId"
          defaultValue={state.values.tableId ?? ""}
          required
          aria-invalid={state.errors.has("tableId") ? true : undefined}
        >
          <option value="">{texts.chooseTable}</option>
          {tables.map((table) => (
            <option key={table.id} value={table.id}>
              {table.name}
            </option>
          ))}
        </SelectControl>
        <FieldError look="store">{state.errors.get("tableId")}</FieldError>
      </div>
    </section>
  );
}
