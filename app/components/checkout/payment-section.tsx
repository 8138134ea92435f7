import { Link } from "@remix-run/react";
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import type { CheckoutView } from "#app/features/checkout/checkout-view.server";
import { deCheckout as texts } from "#app/i18n/de-checkout";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field";
import { useHydrated } from "#app/components/use-hydrated";
import type { FormState } from "./form-state";
import { LegalTextLink, type LegalText } from "./legal";

// Loads when it opens (JavaScript per page stays small, issue 17).
const DonationPicker = lazy(() =>
  import("./pickers").then((module) => ({ default: module.DonationPicker })),
);

/** A donation to one of the shop's recipients (spec section 9), searchable with JavaScript. */
export function DonationSection({
  donations,
  state,
}: {
  donations: NonNullable<CheckoutView["donations"]>;
  state: FormState;
}) {
  const isHydrated = useHydrated();
  const [isPicking, setPicking] = useState(false);
  const closePicker = useCallback(() => setPicking(false), []);
  const donationList = useRef<HTMLUListElement>(null);
  const { values, errors } = state;
  return (
    <fieldset className="checkout-section">
      <legend>{texts.donation}</legend>
      <p className="field-hint">{donations.hint}</p>
      {isHydrated && donations.donatees.length > 0 ? (
        <Button variant="store-secondary" className="picker-open" onClick={() => setPicking(true)}>
          {texts.pickers.searchDonatee}
        </Button>
      ) : null}
      <ul className="option-list" ref={donationList}>
        <li>
          <label>
            <input type="radio" name="donateeId" value="" defaultChecked={!values.donateeId} />{" "}
            {texts.noDonation}
          </label>
        </li>
        {donations.donatees.map((donatee) => (
          <li key={donatee.id}>
            <label>
              <input
                type="radio"
                name="donateeId"
                value={donatee.id}
                defaultChecked={values.donateeId === String(donatee.id)}
              />{" "}
              <span>
                <strong>{donatee.name}</strong>
                {donatee.description ? ` – ${donatee.description}` : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError look="store">{errors.get("donateeId")}</FieldError>
      {isPicking ? (
        <Suspense fallback={null}>
          <DonationPicker
            donatees={donations.donatees}
            onClose={closePicker}
            onChoose={(id) => {
              const radio = donationList.current?.querySelector<HTMLInputElement>(
                `input[name="donateeId"][value="${CSS.escape(id)}"]`,
              );
              if (radio) radio.checked = true;
              setPicking(false);
              radio?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}

/** 'Zahlungsart': the methods this branch (or this kiosk) takes. */
export function PaymentSection({
  methods,
  chosen,
  state,
}: {
  methods: CheckoutView["paymentMethods"];
  chosen: string;
  state: FormState;
}) {
  return (
    <fieldset className="checkout-section" id="checkout-paymentMethod">
      <legend>{texts.paymentMethod}</legend>
      <ul className="option-list">
        {methods.map((method) => (
          <li key={method.value}>
            <label>
              <input
                type="radio"
                name="paymentMethod"
                value={method.value}
                defaultChecked={chosen === method.value}
                required
              />{" "}
              {method.label}
            </label>
          </li>
        ))}
      </ul>
      <FieldError look="store">{state.errors.get("paymentMethod")}</FieldError>
    </fieldset>
  );
}

const CONSENTS = [
  { name: "acceptTerms", key: "agb", label: texts.acceptTerms, read: texts.readTerms },
  {
    name: "acceptPrivacy",
    key: "datenschutz",
    label: texts.acceptPrivacy,
    read: texts.readPrivacy,
  },
] as const;

/** The terms and the privacy notice, each agreed to with its text one step away. */
export function ConsentsSection({
  state,
  kioskTexts,
}: {
  state: FormState;
  kioskTexts: readonly (LegalText & { key: string })[];
}) {
  return (
    <fieldset className="checkout-section">
      <legend>{texts.consents}</legend>
      {CONSENTS.map((consent) => (
        <div className="consent" key={consent.name}>
          <input
            id={`checkout-${consent.name}`}
            type="checkbox"
            name={consent.name}
            defaultChecked={state.values[consent.name] === "on"}
            required
            aria-invalid={state.errors.has(consent.name) ? true : undefined}
          />
          <label htmlFor={`checkout-${consent.name}`}>{consent.label}</label>{" "}
          <LegalTextLink textKey={consent.key} label={consent.read} kioskTexts={kioskTexts} />
          <FieldError look="store">{state.errors.get(consent.name)}</FieldError>
        </div>
      ))}
    </fieldset>
  );
}

/** The payment notice (§ 312j BGB, decision 046), back to the menu, and the order button. */
export function CheckoutActions({
  view,
  isSubmitting,
}: {
  view: Pick<CheckoutView, "paymentNotice" | "storePath" | "canSubmit" | "submitLabel">;
  isSubmitting: boolean;
}) {
  return (
    <>
      {view.paymentNotice ? (
        <p className="checkout-payment-notice" id="checkout-payment-notice">
          {view.paymentNotice}
        </p>
      ) : null}
      <div className="dialog-actions checkout-actions">
        <Link to={view.storePath}>{texts.back}</Link>
        <Button
          type="submit"
          variant="store"
          className="primary"
          disabled={!view.canSubmit || isSubmitting}
          aria-describedby={view.paymentNotice ? "checkout-payment-notice" : undefined}
        >
          {isSubmitting ? texts.submitting : view.submitLabel}
        </Button>
      </div>
    </>
  );
}
