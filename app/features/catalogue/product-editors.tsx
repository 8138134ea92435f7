import {
  CALCULATION_MODELS,
  MAX_BUNDLE_ITEMS,
  MAX_OPTIONS,
  MAX_PARTS,
  MAX_UNITS,
  MODIFIERS,
  PART_TYPES,
  unitOptions,
} from "./products.schema";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { Button } from "#app/components/ui/button";
import type { HoursErrors } from "#app/components/backend/opening-hours-editor";
import { RowMoveButtons } from "#app/components/backend/row-move-buttons";
import { RowSelect, RowTextInput, type RowFieldProps } from "#app/components/backend/row-fields";

/**
 * A product's child rows as plain fields: alternative units, configurable parts with their
 * options (a list inside each part: `parts[1].options[0].name`) and a bundle's products. Every
 * change of the lists — add, remove, move up or down — is a submit button `name="intent"`
 * (`parts-add`, `parts[1].options-down-0` …) that the page's action turns into conform's list
 * intent (`applyHoursIntent`), so the editors work without JavaScript; with it the same round
 * trip runs without a page load. Rows carry their stored id, so carts keep their parts.
 */
const t = deCatalogue.products;

type Value = Record<string, unknown>;
type Choice = { value: string; label: string };

function rowsOf(value: unknown, max: number): Value[] {
  return Array.isArray(value)
    ? value.slice(0, max).map((row) => (row !== null && typeof row === "object" ? row : {}))
    : [];
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value).replace(".", ",");
  return typeof value === "string" ? value : "";
}

/** Cents from the database as '2,50'; a value typed in the form stays as typed. */
function money(value: unknown): string {
  if (typeof value === "number") {
    return (value / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, useGrouping: false });
  }
  return text(value);
}

const checked = (value: unknown) => value === true || value === "on" || value === "true";

/** A stable key for a row: its stored id, else its position and values (new rows). */
function keyOf(row: Value, index: number): string {
  return `${index}-${JSON.stringify(row)}`;
}

function ListError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  return messages?.length ? (
    <p id={id} className="ui-field-error">
      {messages.join(" ")}
    </p>
  ) : null;
}

function Checkbox({
  name,
  id,
  label,
  value,
}: {
  name: string;
  id: string;
  label: string;
  value: unknown;
}) {
  return (
    <div className="resource-choice">
      <div className="ui-choice">
        <input id={id} name={name} type="checkbox" defaultChecked={checked(value)} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

/** A row's move and remove buttons; their intents are `parts-up-1`, `parts[1].options-remove-0` … */
function RowButtons({
  list,
  index,
  count,
  what,
}: {
  list: string;
  index: number;
  count: number;
  what: string;
}) {
  return (
    <RowMoveButtons
      index={index}
      count={count}
      what={what}
      texts={t.rows}
      value={(move) => `${list}-${move}-${index}`}
    />
  );
}

function AddButton({ list, label, disabled }: { list: string; label: string; disabled: boolean }) {
  return (
    <div className="area-actions">
      <Button
        type="submit"
        name="intent"
        value={`${list}-add`}
        formNoValidate
        disabled={disabled}
        variant="secondary"
      >
        {label}
      </Button>
    </div>
  );
}

/** The names and ids of one row's fields: `list[index].part`, `idPrefix-index-part`. */
function rowFields(
  list: string,
  idPrefix: string,
  index: number,
  errors: HoursErrors | null | undefined,
) {
  const name = (part: string) => `${list}[${index}].${part}`;
  const id = (part: string) => `${idPrefix}-${index}-${part}`;
  const field = (part: string, label: string, help?: string): RowFieldProps => ({
    name: name(part),
    id: id(part),
    label,
    errors,
    help,
  });
  return { name, id, field };
}

/** One list editor: its legend, the list's own error, a note when empty, the rows and "add". */
function ListEditor({
  list,
  className,
  legend,
  errorId,
  errors,
  empty,
  count,
  max,
  addLabel,
  children,
}: {
  list: string;
  className: string;
  legend: string;
  errorId: string;
  errors: HoursErrors | null | undefined;
  empty: string;
  count: number;
  max: number;
  addLabel: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className={`areas-editor ${className}`}>
      <legend>{legend}</legend>
      <ListError id={errorId} messages={errors?.[list] ?? undefined} />
      {count === 0 ? <p>{empty}</p> : null}
      {children}
      <AddButton list={list} label={addLabel} disabled={count >= max} />
    </fieldset>
  );
}

const calculationModelChoices = CALCULATION_MODELS.map((value) => ({
  value,
  label: t.calculationModels[value],
}));

export function AlternativeUnitsEditor({
  units,
  errors,
}: {
  units: unknown;
  errors: HoursErrors | null | undefined;
}) {
  const rows = rowsOf(units, MAX_UNITS);
  return (
    <ListEditor
      list="alternativeUnits"
      className="product-units"
      legend={t.units.legend}
      errorId="einheiten-fehler"
      errors={errors}
      empty={t.units.empty}
      count={rows.length}
      max={MAX_UNITS}
      addLabel={t.units.add}
    >
      {rows.map((row, index) => {
        const { field } = rowFields("alternativeUnits", "einheit", index, errors);
        return (
          <fieldset key={keyOf(row, index)} className="area-row">
            <legend>{t.units.row(index + 1)}</legend>
            <RowSelect
              {...field("unit", t.units.unit)}
              value={text(row.unit)}
              options={unitOptions}
            />
            <RowTextInput
              {...field("ratio", t.units.ratio, t.units.ratioHelp)}
              value={text(row.ratio)}
              inputMode="decimal"
            />
            <RowTextInput
              {...field("minimumQuantity", t.minimumQuantity)}
              value={text(row.minimumQuantity)}
              inputMode="decimal"
            />
            <RowTextInput
              {...field("maximumQuantity", t.maximumQuantity)}
              value={text(row.maximumQuantity)}
              inputMode="decimal"
            />
            <RowTextInput
              {...field("quantityStepSize", t.quantityStepSize)}
              value={text(row.quantityStepSize)}
              inputMode="decimal"
            />
            <RowSelect
              {...field("calculationModel", t.calculationModel)}
              value={text(row.calculationModel) || "fixed"}
              options={calculationModelChoices}
            />
            <RowButtons
              list="alternativeUnits"
              index={index}
              count={rows.length}
              what={t.units.row(index + 1)}
            />
          </fieldset>
        );
      })}
    </ListEditor>
  );
}

const partTypeChoices = PART_TYPES.map((value) => ({ value, label: t.parts.types[value] }));
const modifierChoices = MODIFIERS.map((value) => ({ value, label: t.options.modifiers[value] }));

function OptionsEditor({
  partIndex,
  partName,
  options,
  errors,
}: {
  partIndex: number;
  partName: string;
  options: unknown;
  errors: HoursErrors | null | undefined;
}) {
  const list = `parts[${partIndex}].options`;
  const rows = rowsOf(options, MAX_OPTIONS);
  const legend = t.options.legend(partName || t.parts.row(partIndex + 1));
  return (
    <ListEditor
      list={list}
      className="product-options"
      legend={legend}
      errorId={`teil-${partIndex}-optionen-fehler`}
      errors={errors}
      empty={t.options.empty}
      count={rows.length}
      max={MAX_OPTIONS}
      addLabel={t.options.add}
    >
      {rows.map((row, index) => {
        const { name, field } = rowFields(list, `teil-${partIndex}-option`, index, errors);
        const what = `${t.options.row(index + 1)} (${text(row.name) || legend})`;
        return (
          <fieldset key={keyOf(row, index)} className="area-row">
            <legend>{t.options.row(index + 1)}</legend>
            {row.id ? <input type="hidden" name={name("id")} value={text(row.id)} /> : null}
            <RowTextInput
              {...field("name", t.options.name)}
              value={text(row.name)}
              maxLength={120}
            />
            <RowSelect
              {...field("modifier", t.options.modifier)}
              value={text(row.modifier) || "add"}
              options={modifierChoices}
            />
            <RowTextInput
              {...field("value", t.options.value)}
              value={money(row.value)}
              inputMode="decimal"
            />
            <RowButtons list={list} index={index} count={rows.length} what={what} />
          </fieldset>
        );
      })}
    </ListEditor>
  );
}

export function PartsEditor({
  parts,
  errors,
}: {
  parts: unknown;
  errors: HoursErrors | null | undefined;
}) {
  const rows = rowsOf(parts, MAX_PARTS);
  return (
    <ListEditor
      list="parts"
      className="product-parts"
      legend={t.parts.legend}
      errorId="teile-fehler"
      errors={errors}
      empty={t.parts.empty}
      count={rows.length}
      max={MAX_PARTS}
      addLabel={t.parts.add}
    >
      {rows.map((row, index) => {
        const { name, id, field } = rowFields("parts", "teil", index, errors);
        const what = `${t.parts.row(index + 1)}${row.name ? ` (${text(row.name)})` : ""}`;
        return (
          <fieldset key={keyOf(row, index)} className="area-row product-part">
            <legend>{t.parts.row(index + 1)}</legend>
            {row.id ? <input type="hidden" name={name("id")} value={text(row.id)} /> : null}
            <RowTextInput {...field("name", t.parts.name)} value={text(row.name)} maxLength={120} />
            <RowSelect
              {...field("type", t.parts.type)}
              value={text(row.type) || "text"}
              options={partTypeChoices}
            />
            <RowTextInput
              {...field("maxLength", t.parts.maxLength, t.parts.maxLengthHelp)}
              value={text(row.maxLength)}
              inputMode="numeric"
            />
            <RowTextInput
              {...field("maxCount", t.parts.maxCount, t.parts.maxCountHelp)}
              value={text(row.maxCount)}
              inputMode="numeric"
            />
            <RowTextInput
              {...field("description", t.parts.description)}
              value={text(row.description)}
              maxLength={1_000}
            />
            <Checkbox
              name={name("isOptional")}
              id={id("isOptional")}
              label={t.parts.isOptional}
              value={row.isOptional}
            />
            <OptionsEditor
              partIndex={index}
              partName={text(row.name)}
              options={row.options}
              errors={errors}
            />
            <RowButtons list="parts" index={index} count={rows.length} what={what} />
          </fieldset>
        );
      })}
    </ListEditor>
  );
}

export function BundleItemsEditor({
  items,
  products,
  errors,
}: {
  items: unknown;
  products: readonly Choice[];
  errors: HoursErrors | null | undefined;
}) {
  const rows = rowsOf(items, MAX_BUNDLE_ITEMS);
  return (
    <ListEditor
      list="bundleItems"
      className="product-bundle"
      legend={t.bundle.legend}
      errorId="paket-fehler"
      errors={errors}
      empty={t.bundle.empty}
      count={rows.length}
      max={MAX_BUNDLE_ITEMS}
      addLabel={t.bundle.add}
    >
      {rows.map((row, index) => {
        const { field } = rowFields("bundleItems", "paket", index, errors);
        return (
          <fieldset key={keyOf(row, index)} className="area-row">
            <legend>{t.bundle.row(index + 1)}</legend>
            <RowSelect
              {...field("productId", t.bundle.product)}
              value={text(row.productId)}
              options={products}
              empty={de.fields.none}
            />
            <RowTextInput
              {...field("quantity", t.bundle.quantity)}
              value={text(row.quantity)}
              inputMode="decimal"
            />
            <RowButtons
              list="bundleItems"
              index={index}
              count={rows.length}
              what={t.bundle.row(index + 1)}
            />
          </fieldset>
        );
      })}
    </ListEditor>
  );
}
