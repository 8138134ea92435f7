import type { InputHTMLAttributes } from "react";

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & {
  id: string;
  label: string;
  help?: string;
};

/** A checkbox or radio with its label as one target of at least 24 px (40 px in the office). */
function Choice({ type, id, label, help, ...input }: ChoiceProps & { type: "checkbox" | "radio" }) {
  const helpId = `${id}-hilfe`;
  return (
    <div className="ui-choice">
      <input type={type} id={id} aria-describedby={help ? helpId : undefined} {...input} />
      <label htmlFor={id}>
        {label}
        {help ? (
          <span id={helpId} className="ui-field-help">
            {help}
          </span>
        ) : null}
      </label>
    </div>
  );
}

export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}

export function Radio(props: ChoiceProps) {
  return <Choice type="radio" {...props} />;
}
