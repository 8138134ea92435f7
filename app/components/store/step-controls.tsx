import type { PartType } from "#app/domain/chosen-parts";

/** A text or choice step, as the item dialog and the staff's item edit show it. */
export interface ControlStep {
  field: string;
  name: string;
  type: PartType;
  isOptional: boolean;
  options: { id: number; name: string; priceLabel: string | null }[];
  /** Text steps: the longest text the step takes. */
  maxLength: number | null;
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
 * A step's own controls, as the item dialog and the staff's item edit show them: a text step's
 * field (its label hidden, the legend names it); a choice step's radio buttons (select) or
 * checkboxes (multiselect) with their price labels, where an optional select starts with "no
 * choice" and, with JavaScript, clears when its chosen option is clicked again. Upload steps
 * draw theirs apart.
 */
export function StepControls({
  part,
  chosen,
  invalid,
  describedBy,
  noChoice,
}: {
  part: ControlStep;
  /** The text, or the chosen option ids, as the form sends them. */
  chosen: readonly string[];
  invalid: boolean | undefined;
  describedBy?: string;
  noChoice: string;
}) {
  const required = !part.isOptional;
  // "text" and "textarea"; then "select" and "multiselect" (kept short: the storefront loads it).
  if (part.type.startsWith("text")) {
    const isArea = part.type === "textarea";
    const TextControl = isArea ? "textarea" : "input";
    return (
      <>
        <label htmlFor={part.field} className="visually-hidden">
          {part.name}
        </label>
        <TextControl
          id={part.field}
          name={part.field}
          rows={isArea ? 3 : undefined}
          defaultValue={chosen[0] ?? ""}
          maxLength={part.maxLength ?? undefined}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </>
    );
  }
  if (!part.type.endsWith("select")) return null;
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
