import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/** What a control inside a Field receives: its id and the links to its help and error text. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** The back office's field (`ui-field …`) or the storefront's (`field`, `field-hint`, `field-error`). */
export type FieldLook = "office" | "store";

const FIELD_CLASSES: Record<FieldLook, { field: string; help: string; error: string }> = {
  office: { field: "ui-field", help: "ui-field-help", error: "ui-field-error" },
  store: { field: "field", help: "field-hint", error: "field-error" },
};

interface FieldProps {
  id: string;
  label: ReactNode;
  help?: string;
  error?: string | null;
  className?: string;
  look?: FieldLook;
}

/** The room under a control for its error (kept free, so nothing jumps when it appears). */
export function FieldError({
  id,
  look = "office",
  className,
  children,
  ...rest
}: {
  id?: string;
  look?: FieldLook;
  className?: string;
  role?: "status" | "alert";
  "aria-live"?: "polite" | "assertive";
  children?: ReactNode;
}) {
  return (
    <p
      id={id}
      className={[FIELD_CLASSES[look].error, className].filter(Boolean).join(" ")}
      {...rest}
    >
      {children}
    </p>
  );
}

/** A bare select (the one `<select>` of the shop); Select below adds its label and texts. */
export const SelectControl = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectControl(props, ref) {
    return <select ref={ref} {...props} />;
  },
);

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
  look = "office",
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const classes = FIELD_CLASSES[look];
  const helpId = `${id}-hilfe`;
  const errorId = `${id}-fehler`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={[classes.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {help ? (
        <span id={helpId} className={classes.help}>
          {help}
        </span>
      ) : null}
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      <FieldError id={errorId} look={look}>
        {error}
      </FieldError>
    </div>
  );
}

type Own = FieldProps & { fieldClassName?: string };

/** A labelled control's props, split into its Field's and the control's own. */
function split<T extends Own>({ id, label, help, error, fieldClassName, look, ...control }: T) {
  return [{ id, label, help, error, className: fieldClassName, look }, control] as const;
}

export function TextInput(props: Own & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const [field, input] = split(props);
  return <Field {...field}>{(control) => <input {...input} {...control} />}</Field>;
}

export function TextArea(props: Own & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const [field, textarea] = split(props);
  return <Field {...field}>{(control) => <textarea {...textarea} {...control} />}</Field>;
}

export interface SelectOption {
  value: string;
  label: string;
}

export function Select({
  options,
  ...props
}: Own & { options: readonly SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id"
  >) {
  const [field, select] = split(props);
  return (
    <Field {...field}>
      {(control) => (
        <SelectControl {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      )}
    </Field>
  );
}
