import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { de } from "../../i18n/de";
import type { DialogPart, ItemDialogView } from "../../features/storefront/item-dialog.server";
import { useHydrated } from "../use-hydrated";
import { UrlDialog } from "../url-dialog";
import { OptionChoices } from "./option-choices";
import { QuantityPicker } from "./quantity-picker";

const texts = de.itemDialog;

export interface ItemDialogProps {
  dialog: ItemDialogView;
  /** Where the form posts (the dialog's own address, with the edited item). */
  actionPath: string;
  /** The dialog without query: the picker's GET steps land here. */
  dialogPath: string;
  storePath: string;
  /** A refused save: the message, the fields it names, and what was typed. */
  failed?: {
    message: string;
    fieldErrors: Record<string, string>;
    values?: Record<string, string[]>;
  };
}

/** A step is "filled" for the wizard's forward button (the server checks again on save). */
function missingInStep(part: DialogPart, fieldset: HTMLFieldSetElement): string | null {
  if (part.isOptional) return null;
  const controls = [
    ...fieldset.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
  ];
  switch (part.type) {
    case "text":
    case "textarea":
      return controls.some((control) => control.value.trim() !== "") ? null : texts.required;
    case "select":
      return controls.some((c) => c instanceof HTMLInputElement && c.checked && c.value !== "")
        ? null
        : texts.chooseOne;
    case "multiselect":
      return controls.some((c) => c instanceof HTMLInputElement && c.checked)
        ? null
        : texts.chooseAtLeastOne;
    default: {
      const files = controls.some(
        (c) => c instanceof HTMLInputElement && c.type === "file" && (c.files?.length ?? 0) > 0,
      );
      const kept = controls.some(
        (c) => c instanceof HTMLInputElement && c.type === "checkbox" && c.checked,
      );
      return files || kept ? null : texts.uploadAtLeastOne;
    }
  }
}

/**
 * The item configuration: amount and unit, then the product's steps. The server renders it open
 * with every step in one form; with JavaScript a step-by-step product shows one step at a time and
 * moves on only when the step is filled ('Zurück' on the first step cancels).
 */
export function ItemDialog({ dialog, actionPath, dialogPath, storePath, failed }: ItemDialogProps) {
  const navigate = useNavigation();
  const go = useNavigate();
  const errors = failed?.fieldErrors ?? {};
  const isSubmitting =
    navigate.state === "submitting" && navigate.formMethod?.toLowerCase() === "post";
  const isHydrated = useHydrated();
  const firstFailedStep = dialog.parts.findIndex((part) => errors[part.field]);
  const [step, setStep] = useState(firstFailedStep >= 0 ? firstFailedStep : 0);
  const [stepError, setStepError] = useState<string | null>(null);
  const stepRefs = useRef<(HTMLFieldSetElement | null)[]>([]);
  // A refused save jumps to the first step the server named.
  const [shownFailure, setShownFailure] = useState(failed);
  if (failed !== shownFailure) {
    setShownFailure(failed);
    if (firstFailedStep >= 0) setStep(firstFailedStep);
  }

  const isWizard = isHydrated && dialog.isStepByStep;
  const lastStep = dialog.parts.length - 1;
  const showsFinal = !isWizard || step >= lastStep;
  const values = (field: string) => failed?.values?.[field] ?? dialog.values.parts[field] ?? [];
  const amount = failed?.values?.amount?.[0] ?? dialog.values.amount;
  const unit = failed?.values?.unit?.[0] ?? dialog.values.unit;

  const forward = () => {
    const part = dialog.parts[step];
    const fieldset = stepRefs.current[step];
    if (!part || !fieldset) return;
    const missing = missingInStep(part, fieldset);
    setStepError(missing);
    if (!missing) setStep(step + 1);
  };
  const backward = () => {
    setStepError(null);
    if (step === 0) go(storePath, { preventScrollReset: true, replace: true });
    else setStep(step - 1);
  };

  return (
    <UrlDialog labelledBy="artikel-titel" closeTo={storePath} className="item-dialog">
      <Form
        method="post"
        encType="multipart/form-data"
        action={actionPath}
        preventScrollReset
        className="item-form"
      >
        <h2 id="artikel-titel">{dialog.name}</h2>
        {dialog.description ? <p>{dialog.description}</p> : null}
        {dialog.allergens ? <p className="allergens">{dialog.allergens}</p> : null}
        <p className="price">{dialog.priceLabel}</p>
        {dialog.isPriceHidden ? <p className="cart-hint">{texts.priceOnRequest}</p> : null}
        <div role="alert" className="form-error-slot">
          {failed?.message ? <p className="form-error">{failed.message}</p> : null}
        </div>
        {dialog.isAvailable ? (
          <>
            {dialog.itemId ? (
              <>
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="itemId" value={dialog.itemId} />
                {/* Keeps the edited item when the quantity buttons reload the dialog (GET). */}
                <input type="hidden" name="artikel" value={dialog.itemId} />
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="productId" value={dialog.productId} />
              </>
            )}
            {dialog.parts.map((part, index) => (
              <PartFieldset
                key={part.id}
                part={part}
                values={values(part.field)}
                uploads={dialog.values.uploads[part.field] ?? []}
                error={errors[part.field] ?? (isWizard && index === step ? stepError : null)}
                hidden={isWizard && index !== step}
                stepLabel={dialog.isStepByStep ? texts.step(index + 1, dialog.parts.length) : null}
                fieldsetRef={(element) => {
                  stepRefs.current[index] = element;
                }}
              />
            ))}
            <div hidden={!showsFinal}>
              <QuantityPicker
                key={`${amount}|${unit}`}
                units={dialog.units}
                initialAmount={amount}
                initialUnit={unit}
                error={errors.amount ?? errors.unit}
                dialogPath={dialogPath}
              />
            </div>
          </>
        ) : (
          <p className="notice">{de.menu.unavailable}</p>
        )}
        <div className="dialog-actions">
          {isWizard ? (
            <button type="button" onClick={backward}>
              {step === 0 ? texts.cancel : texts.back}
            </button>
          ) : (
            <Link to={storePath} preventScrollReset replace>
              {texts.cancel}
            </Link>
          )}
          {isWizard && !showsFinal ? (
            <button type="button" className="button primary" onClick={forward}>
              {texts.next}
            </button>
          ) : null}
          {dialog.isAvailable && showsFinal ? (
            <button type="submit" className="button primary" disabled={isSubmitting}>
              {dialog.itemId ? texts.saveChanges : texts.save}
            </button>
          ) : null}
        </div>
      </Form>
    </UrlDialog>
  );
}

function PartFieldset({
  part,
  values,
  uploads,
  error,
  hidden,
  stepLabel,
  fieldsetRef,
}: {
  part: DialogPart;
  values: string[];
  uploads: { id: number; name: string }[];
  error: string | null | undefined;
  hidden: boolean;
  stepLabel: string | null;
  fieldsetRef: (element: HTMLFieldSetElement | null) => void;
}) {
  const errorId = `${part.field}-fehler`;
  const hintId = `${part.field}-hinweis`;
  const describedBy =
    [part.description || part.hint ? hintId : null, error ? errorId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const invalid = error ? true : undefined;
  const required = !part.isOptional;
  return (
    <fieldset
      className="item-step"
      hidden={hidden}
      ref={fieldsetRef}
      aria-describedby={describedBy}
    >
      <legend>
        {stepLabel ? <span className="step-label">{stepLabel}: </span> : null}
        {part.name}
        {part.isOptional ? <span className="optional"> ({texts.optional})</span> : null}
      </legend>
      {part.description || part.hint ? (
        <p id={hintId} className="field-hint">
          {[part.description, part.hint].filter(Boolean).join(" ")}
        </p>
      ) : null}
      {part.type === "text" ? (
        <>
          <label htmlFor={part.field} className="visually-hidden">
            {part.name}
          </label>
          <input
            id={part.field}
            name={part.field}
            defaultValue={values[0] ?? ""}
            maxLength={2000}
            required={required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        </>
      ) : null}
      {part.type === "textarea" ? (
        <>
          <label htmlFor={part.field} className="visually-hidden">
            {part.name}
          </label>
          <textarea
            id={part.field}
            name={part.field}
            rows={3}
            defaultValue={values[0] ?? ""}
            maxLength={2000}
            required={required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        </>
      ) : null}
      {part.type === "select" || part.type === "multiselect" ? (
        <OptionChoices
          part={{ ...part, type: part.type }}
          chosen={values}
          required={required}
          invalid={invalid}
          noChoice={texts.noChoice}
        />
      ) : null}
      {part.accept !== null ? (
        <>
          {uploads.length > 0 ? (
            <ul className="option-list">
              {uploads.map((upload) => (
                <li key={upload.id}>
                  <label>
                    <input type="checkbox" name={part.keepField} value={upload.id} defaultChecked />{" "}
                    {texts.keepUpload(upload.name)}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <label htmlFor={part.field} className="visually-hidden">
            {part.name}
          </label>
          <input
            id={part.field}
            name={part.field}
            type="file"
            accept={part.accept}
            multiple={part.multiple}
            required={required && uploads.length === 0}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        </>
      ) : null}
      <p id={errorId} className="field-error">
        {error ?? ""}
      </p>
    </fieldset>
  );
}
