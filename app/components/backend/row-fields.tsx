import { SelectControl } from "#app/components/ui/field";
import type { HoursErrors } from "./opening-hours-editor";

/**
 * The fields of a list's rows in the editors that work without JavaScript (a product's units,
 * parts and options, an image template's layers): a field is named as conform nests it
 * (`parts[1].options[0].name`), and its error is the page's first one under that name.
 */
export interface RowFieldProps {
  name: string;
  id: string;
  label: string;
  errors: HoursErrors | null | undefined;
  help?: string;
}

/** What the control of a row's field carries: the links to its help and its error. */
export interface RowFieldAria {
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The label, the help, the control and the room for the error of one field of a row. */
export function RowField({
  props,
  children,
}: {
  props: RowFieldProps;
  children: (aria: RowFieldAria) => React.ReactNode;
}) {
  const error = props.errors?.[props.name]?.[0];
  const aria = {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby":
      [props.help ? `${props.id}-hilfe` : null, error ? `${props.id}-fehler` : null]
        .filter(Boolean)
        .join(" ") || undefined,
  };
  return (
    <div className="ui-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.help ? (
        <span id={`${props.id}-hilfe`} className="ui-field-help">
          {props.help}
        </span>
      ) : null}
      {children(aria)}
      <p id={`${props.id}-fehler`} className="ui-field-error">
        {error}
      </p>
    </div>
  );
}

export function RowTextInput(
  props: RowFieldProps & { value: string; inputMode?: "decimal" | "numeric"; maxLength?: number },
) {
  return (
    <RowField props={props}>
      {(aria) => (
        <input
          id={props.id}
          name={props.name}
          type="text"
          defaultValue={props.value}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          {...aria}
        />
      )}
    </RowField>
  );
}

export function RowSelect(
  props: RowFieldProps & {
    value: string;
    options: readonly { value: string; label: string }[];
    /** The label of the empty choice, when there is one. */
    empty?: string;
  },
) {
  return (
    <RowField props={props}>
      {(aria) => (
        <SelectControl id={props.id} name={props.name} defaultValue={props.value} {...aria}>
          {props.empty !== undefined ? <option value="">{props.empty}</option> : null}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      )}
    </RowField>
  );
}
