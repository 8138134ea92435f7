import { de } from "#app/i18n/de-backoffice";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import type { HoursErrors } from "#app/components/backend/opening-hours-editor";

/**
 * A branch's delivery areas as rows of plain fields (`deliveryAreas[N].name` …). Adding and
 * removing a row are submit buttons (`intent=deliveryAreas-add`, `deliveryAreas-remove-N`), read
 * by the same intent helper as the opening-hours editor, so it works without JavaScript.
 */
const t = de.branches.areas;
const TAX_RATES = [0, 7, 10, 19, 20];

export interface AreaRowValue {
  name?: string | null;
  price?: number | string | null;
  taxRate?: number | string | null;
  isFree?: boolean | string | null;
  freeFromOrderValue?: number | string | null;
  minimumOrderValue?: number | string | null;
  postcodes?: string | null;
}

/** Cents from the database as '2,50'; a value typed in the form stays as typed. */
function money(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    return (value / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, useGrouping: false });
  }
  return value;
}

export function DeliveryAreasEditor({
  areas,
  errors,
}: {
  areas: readonly AreaRowValue[] | null | undefined;
  errors?: HoursErrors | null;
}) {
  const rows = areas ?? [];
  const listError = errors?.deliveryAreas?.[0];
  return (
    <fieldset className="areas-editor">
      <legend>{t.legend}</legend>
      {listError ? <p className="ui-field-error">{listError}</p> : null}
      {rows.length === 0 ? <p>{t.empty}</p> : null}
      {rows.map((area, index) => {
        const name = (part: string) => `deliveryAreas[${index}].${part}`;
        const id = (part: string) => `liefergebiet-${index}-${part}`;
        const error = (part: string) => errors?.[name(part)]?.[0];
        const input = (part: string, label: string, value: string, inputMode?: "decimal") => (
          <div className="ui-field">
            <label htmlFor={id(part)}>{label}</label>
            <input
              id={id(part)}
              name={name(part)}
              defaultValue={value}
              inputMode={inputMode}
              aria-invalid={error(part) ? true : undefined}
              aria-describedby={error(part) ? id(`${part}-fehler`) : undefined}
            />
            <p id={id(`${part}-fehler`)} className="ui-field-error">
              {error(part)}
            </p>
          </div>
        );
        const free = area.isFree === true || area.isFree === "on" || area.isFree === "true";
        return (
          <fieldset key={`${index}-${area.name ?? ""}`} className="area-row">
            <legend>{t.area(index + 1)}</legend>
            {input("name", t.name, area.name ?? "")}
            {input("price", t.price, money(area.price), "decimal")}
            <div className="ui-field">
              <label htmlFor={id("taxRate")}>{t.taxRate}</label>
              <SelectControl
                id={id("taxRate")}
                name={name("taxRate")}
                defaultValue={String(area.taxRate ?? 7)}
              >
                {TAX_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {rate} %
                  </option>
                ))}
              </SelectControl>
              <p className="ui-field-error" />
            </div>
            {input("freeFromOrderValue", t.freeFrom, money(area.freeFromOrderValue), "decimal")}
            {input("minimumOrderValue", t.minimum, money(area.minimumOrderValue), "decimal")}
            {input("postcodes", t.postcodes, area.postcodes ?? "")}
            <div className="resource-choice">
              <div className="ui-choice">
                <input
                  id={id("isFree")}
                  name={name("isFree")}
                  type="checkbox"
                  defaultChecked={free}
                />
                <label htmlFor={id("isFree")}>{t.isFree}</label>
              </div>
            </div>
            <div className="area-actions">
              <Button
                type="submit"
                name="intent"
                value={`deliveryAreas-remove-${index}`}
                formNoValidate
                variant="danger"
                aria-label={t.remove(area.name || String(index + 1))}
              >
                {t.removeShort}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="area-actions">
        <Button
          type="submit"
          name="intent"
          value="deliveryAreas-add"
          formNoValidate
          variant="secondary"
        >
          {t.add}
        </Button>
      </div>
    </fieldset>
  );
}
