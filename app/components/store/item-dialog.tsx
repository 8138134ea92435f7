import { PictureImg } from "#app/components/picture-img";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { de } from "#app/i18n/de";
import { dePrices } from "#app/i18n/de-prices";
import type {
  DialogDraft,
  DialogPart,
  DialogUpload,
  ItemDialogView,
} from "#app/features/storefront/item-dialog.server";
import { configuredPrice, priceNotes, type Configuration } from "#app/domain/price-label";
import { isUnit, parseQuantity } from "#app/domain/units";
import { UrlDialog } from "#app/components/ui/dialog";
import { StepControls } from "./step-controls";
import { QuantityPicker } from "./quantity-picker";
import { Button, ButtonLink } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field";
import { Notice } from "#app/components/ui/notice";

const texts = de.itemDialog;
/** What the dialog's action answered: a round trip's or a refused save's draft, or a refusal. */
export type DialogAnswer =
  | { draft: DialogDraft }
  | {
      message: string;
      fieldErrors: Record<string, string>;
      values?: Record<string, string[]>;
    };

export interface ItemDialogProps {
  dialog: ItemDialogView;
  /** Where the form posts (the dialog's own address, with the edited item). */
  actionPath: string;
  storePath: string;
  answer?: DialogAnswer;
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

/** The chosen options of every select and multiselect step, as the form holds them. */
function chosenOptionIds(dialog: ItemDialogView, read: (field: string) => string[]): string[] {
  return dialog.parts
    .filter((part) => part.type === "select" || part.type === "multiselect")
    .flatMap((part) => read(part.field))
    .filter((id) => id !== "");
}

/**
 * The item configuration: amount and unit, then the product's steps, and the running price of
 * what is chosen. A step-by-step product shows one step at a time and moves on only when the step
 * is filled ('Abbrechen' on the first step): without JavaScript every step, like the quantity
 * buttons, is a plain post that comes back with everything chosen so far (decision 044); with it
 * the steps and the price change in place.
 */
export function ItemDialog({ dialog, actionPath, storePath, answer }: ItemDialogProps) {
  // Every answer starts the form again from what the server knows (kept files included).
  const [shown, setShown] = useState({ answer, version: 0 });
  if (shown.answer !== answer) setShown({ answer, version: shown.version + 1 });
  return (
    <UrlDialog labelledBy="artikel-titel" closeTo={storePath} className="item-dialog">
      <DialogForm
        key={shown.version}
        dialog={dialog}
        actionPath={actionPath}
        storePath={storePath}
        answer={answer}
      />
    </UrlDialog>
  );
}

function DialogForm({ dialog, actionPath, storePath, answer }: ItemDialogProps) {
  const navigation = useNavigation();
  const draft = answer && "draft" in answer ? answer.draft : null;
  const refusal = answer && !("draft" in answer) ? answer : null;
  const message = draft?.message ?? refusal?.message ?? null;
  const errors = draft?.fieldErrors ?? refusal?.fieldErrors ?? {};
  const echoed = refusal?.values;
  const values = draft?.values ?? dialog.values;
  const isSubmitting =
    navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const firstFailedStep = dialog.parts.findIndex((part) => errors[part.field]);
  const [step, setStep] = useState(draft?.step ?? (firstFailedStep >= 0 ? firstFailedStep : 0));
  const [stepError, setStepError] = useState<string | null>(null);
  const stepRefs = useRef<(HTMLFieldSetElement | null)[]>([]);

  const isWizard = dialog.isStepByStep;
  const lastStep = dialog.parts.length - 1;
  const showsFinal = !isWizard || step >= lastStep;
  const partValues = (field: string) => echoed?.[field] ?? values.parts[field] ?? [];
  const amount = echoed?.amount?.[0] ?? values.amount;
  const unit = echoed?.unit?.[0] ?? values.unit;

  const [configuration, setConfiguration] = useState<Configuration>(() => {
    const own = dialog.units.find((candidate) => candidate.unit === unit) ?? dialog.units[0]!;
    return {
      amount: parseQuantity(amount, own.rules) ?? own.rules.minimum,
      unit: own.unit,
      optionIds: chosenOptionIds(dialog, partValues),
    };
  });
  const price = configuredPrice(dialog.pricing, configuration, dialog.currency);
  const notes = priceNotes([price.line], { isQuotation: dialog.isQuotation });

  const readOptions = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const optionIds = chosenOptionIds(dialog, (field) => data.getAll(field).map(String));
    setConfiguration((current) => ({ ...current, optionIds }));
  };

  const forward = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const part = dialog.parts[step];
    const fieldset = stepRefs.current[step];
    if (!part || !fieldset) return;
    const missing = missingInStep(part, fieldset);
    setStepError(missing);
    if (!missing) setStep(step + 1);
  };
  const backward = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setStepError(null);
    setStep(Math.max(step - 1, 0));
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={actionPath}
      preventScrollReset
      className="item-form"
      onChange={(event) => readOptions(event.currentTarget)}
    >
      {/* The form's default button: Enter in a field moves on a step or saves, never "−". */}
      <Button
        variant="plain"
        type="submit"
        name={isWizard && !showsFinal ? "runde" : undefined}
        value={isWizard && !showsFinal ? "weiter" : undefined}
        formNoValidate={isWizard && !showsFinal}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onClick={isWizard && !showsFinal ? forward : undefined}
      />
      <h2 id="artikel-titel">{dialog.name}</h2>
      {dialog.image ? (
        <PictureImg picture={dialog.image} decoding="async" className="item-dialog-image" />
      ) : null}
      {dialog.description ? <p>{dialog.description}</p> : null}
      {dialog.allergens ? <p className="allergens">{dialog.allergens}</p> : null}
      <div className="item-price">
        <p className="price running-price">
          {dialog.isPriceHidden ? null : (
            <span className="running-price-label">{dePrices.dialog.label}: </span>
          )}
          <output aria-live="polite" data-testid="laufender-preis">
            {price.label}
          </output>
        </p>
        {dialog.unitPrice && !dialog.isPriceHidden ? (
          <p className="unit-price">{dePrices.dialog.unitPrice(dialog.unitPrice)}</p>
        ) : null}
        {notes.map((note) => (
          <p key={note} className="cart-hint">
            {note}
          </p>
        ))}
        {dialog.leadTime ? <p className="lead-time">{dialog.leadTime}</p> : null}
      </div>
      <div role="alert" className="form-error-slot">
        {message ? <p className="form-error">{message}</p> : null}
      </div>
      {dialog.isAvailable ? (
        <>
          {dialog.itemId ? (
            <>
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="itemId" value={dialog.itemId} />
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={dialog.productId} />
            </>
          )}
          {isWizard ? <input type="hidden" name="schritt" value={step} /> : null}
          {dialog.parts.map((part, index) => (
            <PartFieldset
              key={part.id}
              part={part}
              values={partValues(part.field)}
              uploads={values.uploads[part.field] ?? []}
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
              units={dialog.units}
              initialAmount={amount}
              initialUnit={isUnit(unit) ? unit : dialog.units[0]!.unit}
              error={errors.amount ?? errors.unit}
              onQuantity={(value, chosenUnit) =>
                setConfiguration((current) =>
                  current.amount === value && current.unit === chosenUnit
                    ? current
                    : { ...current, amount: value, unit: chosenUnit },
                )
              }
            />
          </div>
        </>
      ) : (
        <Notice look="store">{dialog.unavailableNote}</Notice>
      )}
      <div className="dialog-actions">
        {isWizard && step > 0 ? (
          <Button
            variant="store"
            type="submit"
            name="runde"
            value="zurueck"
            formNoValidate
            onClick={backward}
          >
            {texts.back}
          </Button>
        ) : (
          <ButtonLink variant="store" to={storePath} preventScrollReset replace>
            {texts.cancel}
          </ButtonLink>
        )}
        {isWizard && !showsFinal ? (
          <Button
            variant="store"
            type="submit"
            name="runde"
            value="weiter"
            formNoValidate
            className="primary"
            onClick={forward}
          >
            {texts.next}
          </Button>
        ) : null}
        {dialog.isAvailable && showsFinal ? (
          <Button variant="store" type="submit" className="primary" disabled={isSubmitting}>
            {dialog.itemId ? texts.saveChanges : texts.save}
          </Button>
        ) : null}
      </div>
    </Form>
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
  uploads: DialogUpload[];
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
  // With JavaScript a chosen photo shows at once; without, the server's preview after posting.
  const [chosen, setChosen] = useState<{ name: string; url: string }[]>([]);
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
      <StepControls
        part={part}
        chosen={values}
        invalid={invalid}
        describedBy={describedBy}
        noChoice={texts.noChoice}
      />
      {part.accept !== null ? (
        <>
          {uploads.length > 0 ? (
            <ul className="option-list">
              {uploads.map((upload) => (
                <li key={upload.id}>
                  <label className="upload-thumb">
                    <input type="checkbox" name={part.keepField} value={upload.id} defaultChecked />
                    {upload.previewUrl ? (
                      <img
                        src={upload.previewUrl}
                        alt={de.uploads.previewAlt(upload.name)}
                        width={64}
                        height={64}
                      />
                    ) : null}
                    <span>{texts.keepUpload(upload.name)}</span>
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
            required={!part.isOptional && uploads.length === 0}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => {
              void localPreviews(event.currentTarget.files).then(setChosen);
            }}
          />
          {chosen.length > 0 ? (
            <ul className="option-list" data-testid="gewaehlte-dateien">
              {chosen.map((file, index) => (
                <li key={`${index}-${file.name}`} className="upload-thumb">
                  <img
                    src={file.url}
                    alt={de.uploads.previewAlt(file.name)}
                    width={64}
                    height={64}
                  />
                  <span>{file.name}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      <FieldError id={errorId} look="store">
        {error ?? ""}
      </FieldError>
    </fieldset>
  );
}

const PREVIEWABLE = new Set(["image/jpeg", "image/png", "image/gif"]);
const LOCAL_PREVIEW_SIZE = 128;

/**
 * Small previews of the chosen photos, drawn in the browser before anything is sent. A file that
 * does not decode (a page named like a photo) gets none; the server refuses it on posting.
 */
async function localPreviews(files: FileList | null): Promise<{ name: string; url: string }[]> {
  const previews: { name: string; url: string }[] = [];
  for (const file of Array.from(files ?? [])) {
    if (!PREVIEWABLE.has(file.type) || typeof createImageBitmap !== "function") continue;
    try {
      const bitmap = await createImageBitmap(file);
      const scale = LOCAL_PREVIEW_SIZE / Math.max(bitmap.width, bitmap.height, 1);
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      previews.push({ name: file.name, url: canvas.toDataURL("image/jpeg", 0.8) });
    } catch {
      // Not a picture the browser can read: no preview.
    }
  }
  return previews;
}
