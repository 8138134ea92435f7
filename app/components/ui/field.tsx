import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** What a control inside a Field receives: its id and the links to its help and error text. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FieldProps {
  id: string;
  label: string;
  help?: string;
  error?: string | null;
  className?: string;
}

/**
 * A label above the control, the help text under the label, the error under the control in
 * room kept free (nothing jumps when it appears). The control is linked to both.
 */
export function Field({
  id,
  label,
  help,
  error,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const helpId = `${id}-hilfe`;
  const errorId = `${id}-fehler`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={["ui-field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {help ? (
        <span id={helpId} className="ui-field-help">
          {help}
        </span>
      ) : null}
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      <p id={errorId} className="ui-field-error">
        {error}
      </p>
    </div>
  );
}

type Own = FieldProps & { fieldClassName?: string };

export function TextInput({
  id,
  label,
  help,
  error,
  fieldClassName,
  ...input
}: Own & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <Field id={id} label={label} help={help} error={error} className={fieldClassName}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}

export function TextArea({
  id,
  label,
  help,
  error,
  fieldClassName,
  ...textarea
}: Own & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return (
    <Field id={id} label={label} help={help} error={error} className={fieldClassName}>
      {(control) => <textarea {...textarea} {...control} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function Select({
  id,
  label,
  help,
  error,
  fieldClassName,
  options,
  ...select
}: Own & { options: readonly SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id"
  >) {
  return (
    <Field id={id} label={label} help={help} error={error} className={fieldClassName}>
      {(control) => (
        <select {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
