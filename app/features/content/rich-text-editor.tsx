import { TOOLBAR_ITEMS } from "./block-fields";
import { RichTextField } from "./rich-text-field";

/**
 * The content page's wysiwyg field 'Inhalt' (spec section 3; decision 039): the blocks' wysiwyg
 * field (decision 040) with the spec's whole toolbar, under a label, its help and its error.
 * Without JavaScript a textarea of HTML, which the server cleans (`sanitizeRichText`).
 */
export function RichTextEditor({
  name,
  label,
  help,
  value,
  error,
  maxLength,
}: {
  name: string;
  label: string;
  help?: string;
  value: string;
  error?: string | null;
  maxLength?: number;
}) {
  const id = `feld-${name}`;
  const described = [help ? `${id}-hilfe` : null, error ? `${id}-fehler` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="ui-field rich-text">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {help ? (
        <span id={`${id}-hilfe`} className="ui-field-help">
          {help}
        </span>
      ) : null}
      <RichTextField
        id={id}
        labelId={`${id}-label`}
        name={name}
        defaultValue={value}
        toolbar={TOOLBAR_ITEMS}
        maxLength={maxLength}
        describedBy={described || undefined}
        invalid={Boolean(error)}
      />
      <p id={`${id}-fehler`} className="ui-field-error">
        {error}
      </p>
    </div>
  );
}
