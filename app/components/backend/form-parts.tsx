import {
  getCollectionProps,
  getInputProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { Notice as UiNotice } from "#app/components/ui";

/**
 * The back office's form pieces on top of conform: a label above each input, the message below
 * it in room kept free (so buttons do not jump), the form's own message announced on top.
 */
export function TextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  type?: "text" | "email" | "password";
  hint?: string;
  autoComplete?: string;
}) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hinweis`;
  const props = getInputProps(field, { type, value: type !== "password" });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        aria-describedby={
          [hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") ||
          undefined
        }
      />
      <p id={field.errorId} className="field-error">
        {error}
      </p>
    </div>
  );
}

export function CheckboxGroup({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<unknown[] | undefined>;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const error = field.errors?.[0];
  const labels = new Map(options.map((option) => [option.value, option.label]));
  return (
    <fieldset className="checkbox-group" aria-describedby={error ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {getCollectionProps(field as FieldMetadata<string[]>, {
        type: "checkbox",
        options: options.map((option) => option.value),
      }).map(({ key, ...props }) => (
        <div key={key} className="ui-choice">
          <input {...props} aria-describedby={undefined} aria-invalid={undefined} />
          <label htmlFor={props.id}>{labels.get(props.value)}</label>
        </div>
      ))}
      <p id={field.errorId} className="field-error">
        {error}
      </p>
    </fieldset>
  );
}

/** The form's own message (not tied to one field), read out when it appears. */
export function FormMessage({ form }: { form: Pick<FormMetadata, "errorId" | "errors"> }) {
  const message = form.errors?.[0];
  return (
    <p id={form.errorId} className={message ? "form-error" : "field-error"} role="alert">
      {message}
    </p>
  );
}

/** A confirmation after a redirect ('Der Benutzer wurde angelegt.'). */
export function Notice({ text }: { text: string | null }) {
  return <UiNotice>{text}</UiNotice>;
}
