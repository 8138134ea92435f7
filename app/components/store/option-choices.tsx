/** A select or multiselect step's options, as the item dialog and the staff's item edit show them. */
export interface ChoiceStep {
  field: string;
  type: "select" | "multiselect";
  isOptional: boolean;
  options: { id: number; name: string; priceLabel: string | null }[];
}

/** Clicking the chosen option of an optional select again clears the choice (spec section 5). */
function deselectable(event: React.MouseEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (input.dataset.wasChecked === "true") {
    input.checked = false;
    const none = input.form?.querySelector<HTMLInputElement>(
      `input[name="${input.name}"][value=""]`,
    );
    if (none) none.checked = true;
  }
}

function rememberChecked(
  event: React.PointerEvent<HTMLInputElement> | React.KeyboardEvent<HTMLInputElement>,
) {
  event.currentTarget.dataset.wasChecked = String(event.currentTarget.checked);
}

/**
 * Radio buttons (select) or checkboxes (multiselect) with their price labels; an optional select
 * starts with "no choice" and, with JavaScript, clears when its chosen option is clicked again.
 */
export function OptionChoices({
  part,
  chosen,
  required,
  invalid,
  noChoice,
}: {
  part: ChoiceStep;
  /** The chosen option ids, as the form sends them. */
  chosen: readonly string[];
  required: boolean;
  invalid?: boolean;
  noChoice: string;
}) {
  const clearable = part.type === "select" && part.isOptional;
  return (
    <ul className="option-list">
      {clearable ? (
        <li>
          <label>
            <input type="radio" name={part.field} value="" defaultChecked={chosen.length === 0} />{" "}
            {noChoice}
          </label>
        </li>
      ) : null}
      {part.options.map((option) => (
        <li key={option.id}>
          <label>
            <input
              type={part.type === "select" ? "radio" : "checkbox"}
              name={part.field}
              value={option.id}
              defaultChecked={chosen.includes(String(option.id))}
              required={part.type === "select" && required}
              aria-invalid={invalid}
              onPointerDown={clearable ? rememberChecked : undefined}
              onKeyDown={clearable ? rememberChecked : undefined}
              onClick={clearable ? deselectable : undefined}
            />{" "}
            {option.name}
            {option.priceLabel ? (
              <span className="option-price"> ({option.priceLabel})</span>
            ) : null}
          </label>
        </li>
      ))}
    </ul>
  );
}
