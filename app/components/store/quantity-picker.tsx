import { useEffect, useState } from "react";
import {
  canDecrease,
  canIncrease,
  decreaseQuantity,
  increaseQuantity,
  parseQuantity,
  quantityInputValue,
  type Unit,
} from "#app/domain/units";
import { de } from "#app/i18n/de";
import type { DialogUnit } from "#app/features/storefront/item-dialog.server";
import { Button } from "#app/components/ui/button";
import { FieldError, SelectControl } from "#app/components/ui/field";

const texts = de.itemDialog;

function current(amount: string, unit: DialogUnit): number {
  return parseQuantity(amount, unit.rules) ?? unit.rules.minimum;
}

/**
 * Amount and unit. Without JavaScript minus and plus post the whole form back to the dialog
 * (decision 044), which answers with the changed amount and everything else chosen, files
 * included; with it they change the field in place. Typed amounts (comma or dot) snap to the
 * grid when the field is left.
 */
export function QuantityPicker({
  units,
  initialAmount,
  initialUnit,
  error,
  onQuantity,
}: {
  units: DialogUnit[];
  initialAmount: string;
  initialUnit: string;
  error: string | undefined;
  /** Told the snapped amount and the unit whenever they change (the running price). */
  onQuantity?: (amount: number, unit: Unit) => void;
}) {
  const [unitName, setUnitName] = useState(initialUnit);
  const [amount, setAmount] = useState(initialAmount);
  const unit = units.find((candidate) => candidate.unit === unitName) ?? units[0]!;
  const value = current(amount, unit);
  useEffect(() => {
    onQuantity?.(value, unit.unit);
  }, [onQuantity, value, unit.unit]);
  const step =
    (change: (value: number, rules: DialogUnit["rules"]) => number) =>
    (event: React.MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      setAmount(quantityInputValue(change(value, unit.rules)));
    };

  return (
    <fieldset className="quantity-picker">
      <legend>{texts.quantity}</legend>
      <div className="quantity-row">
        <Button
          variant="plain"
          type="submit"
          formNoValidate
          name="runde"
          value="minus"
          className="quantity-button"
          aria-label={texts.decrease}
          disabled={!canDecrease(value, unit.rules)}
          onClick={step(decreaseQuantity)}
        >
          −
        </Button>
        <label htmlFor="menge" className="visually-hidden">
          {texts.quantity}
        </label>
        <input
          id="menge"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          size={6}
          value={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "menge-fehler" : undefined}
          onChange={(event) => setAmount(event.currentTarget.value)}
          onBlur={() => setAmount(quantityInputValue(current(amount, unit)))}
        />
        <Button
          variant="plain"
          type="submit"
          formNoValidate
          name="runde"
          value="plus"
          className="quantity-button"
          aria-label={texts.increase}
          disabled={!canIncrease(value, unit.rules)}
          onClick={step(increaseQuantity)}
        >
          +
        </Button>
        {units.length > 1 ? (
          <>
            <label htmlFor="einheit" className="visually-hidden">
              {texts.unit}
            </label>
            <SelectControl
              id="einheit"
              name="unit"
              value={unit.unit}
              onChange={(event) => {
                const next = units.find(
                  (candidate) => candidate.unit === event.currentTarget.value,
                );
                if (!next) return;
                setUnitName(next.unit);
                setAmount(next.initial);
              }}
            >
              {units.map((candidate) => (
                <option key={candidate.unit} value={candidate.unit}>
                  {candidate.label}
                </option>
              ))}
            </SelectControl>
          </>
        ) : (
          <>
            <input type="hidden" name="unit" value={unit.unit} />
            <span>{de.units[unit.unit].short}</span>
          </>
        )}
      </div>
      <FieldError id="menge-fehler" look="store">
        {error ?? ""}
      </FieldError>
    </fieldset>
  );
}
