import { Form, useSearchParams } from "@remix-run/react";
import {
  alignChoices,
  familyChoices,
  fitChoices,
  LAYER_KINDS,
  MAX_LAYERS,
  variantChoices,
  type LayerKind,
} from "./layers.schema";
import { de } from "#app/i18n/de-backoffice";
import { deTemplates } from "#app/i18n/de-templates";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import type { HoursErrors } from "#app/components/backend/opening-hours-editor";
import { RowMoveButtons } from "#app/components/backend/row-move-buttons";
import {
  RowField,
  RowSelect,
  RowTextInput,
  type RowFieldProps,
} from "#app/components/backend/row-fields";

/**
 * An image template's layers as plain fields (issue 16, decision 041), bottom to top. Each row
 * shows its kind's fields; the kind is chosen by the add buttons (`layers-add-text` …) and kept in
 * a hidden field, so the editor needs no script. Add, remove and move are submit buttons
 * `name="intent"` that the page's action turns into conform's list intents (`applyHoursIntent`).
 */
const t = deTemplates.layers;

type Value = Record<string, unknown>;
type Choice = { value: string; label: string };

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return typeof value === "string" ? value : "";
}

function kindOf(row: Value): LayerKind {
  return LAYER_KINDS.includes(row.type as LayerKind) ? (row.type as LayerKind) : "area";
}

function Area(props: RowFieldProps & { value: string; maxLength: number }) {
  return (
    <RowField props={props}>
      {(aria) => (
        <textarea
          id={props.id}
          name={props.name}
          rows={2}
          defaultValue={props.value}
          maxLength={props.maxLength}
          {...aria}
        />
      )}
    </RowField>
  );
}

export function LayersEditor({
  layers,
  images,
  errors,
}: {
  layers: unknown;
  images: readonly Choice[];
  errors: HoursErrors | null | undefined;
}) {
  const rows: Value[] = Array.isArray(layers)
    ? layers
        .slice(0, MAX_LAYERS)
        .map((row) => (row !== null && typeof row === "object" ? (row as Value) : {}))
    : [];
  const listError = errors?.layers;
  return (
    <fieldset className="areas-editor template-layers">
      <legend>{t.legend}</legend>
      {listError?.length ? (
        <p id="ebenen-fehler" className="ui-field-error">
          {listError.join(" ")}
        </p>
      ) : null}
      {rows.length === 0 ? <p>{t.empty}</p> : null}
      {rows.map((row, index) => {
        const kind = kindOf(row);
        const what = t.row(index + 1, t.kinds[kind]);
        const field = (part: string, label: string, help?: string) => ({
          name: `layers[${index}].${part}`,
          id: `ebene-${index}-${part}`,
          label,
          errors,
          help,
        });
        const box = (
          <>
            <RowTextInput {...field("x", t.x)} value={text(row.x)} inputMode="numeric" />
            <RowTextInput {...field("y", t.y)} value={text(row.y)} inputMode="numeric" />
            <RowTextInput
              {...field("width", t.width)}
              value={text(row.width)}
              inputMode="numeric"
            />
            {kind === "text" ? null : (
              <RowTextInput
                {...field("height", t.height)}
                value={text(row.height)}
                inputMode="numeric"
              />
            )}
          </>
        );
        return (
          <fieldset key={`${index}-${JSON.stringify(row)}`} className="area-row template-layer">
            <legend>{what}</legend>
            <input type="hidden" name={`layers[${index}].type`} value={kind} />
            {kind === "text" ? (
              <>
                <Area
                  {...field("text", t.text, t.textHelp)}
                  value={text(row.text)}
                  maxLength={500}
                />
                <RowSelect
                  {...field("fontFamily", t.fontFamily)}
                  value={text(row.fontFamily)}
                  options={familyChoices}
                />
                <RowSelect
                  {...field("fontVariant", t.fontVariant)}
                  value={text(row.fontVariant) || "400"}
                  options={variantChoices}
                />
                <RowTextInput
                  {...field("size", t.size)}
                  value={text(row.size)}
                  inputMode="numeric"
                />
                <RowTextInput
                  {...field("color", t.color, t.colorHelp)}
                  value={text(row.color)}
                  maxLength={7}
                />
                <RowSelect
                  {...field("align", t.align)}
                  value={text(row.align) || "left"}
                  options={alignChoices}
                />
                <RowTextInput
                  {...field("maxLines", t.maxLines)}
                  value={text(row.maxLines)}
                  inputMode="numeric"
                />
                {box}
              </>
            ) : null}
            {kind === "area" ? (
              <>
                <RowTextInput
                  {...field("color", t.color, t.colorHelp)}
                  value={text(row.color)}
                  maxLength={7}
                />
                {box}
                <RowTextInput
                  {...field("radius", t.radius)}
                  value={text(row.radius)}
                  inputMode="numeric"
                />
              </>
            ) : null}
            {kind === "image" ? (
              <>
                <RowSelect
                  {...field("imageId", t.imageId)}
                  value={text(row.imageId)}
                  options={images}
                  empty={de.fields.none}
                />
                <RowSelect
                  {...field("fit", t.fit)}
                  value={text(row.fit) || "cover"}
                  options={fitChoices}
                />
                {box}
              </>
            ) : null}
            <RowMoveButtons
              index={index}
              count={rows.length}
              what={what}
              texts={t}
              value={(move) => `layers-${move}-${index}`}
            />
          </fieldset>
        );
      })}
      <div className="area-actions">
        {LAYER_KINDS.map((kind) => (
          <Button
            key={kind}
            type="submit"
            name="intent"
            value={`layers-add-${kind}`}
            formNoValidate
            disabled={rows.length >= MAX_LAYERS}
            variant="secondary"
          >
            {t.add[kind]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The rendered PNG of a stored template for a chosen product: a GET form beside the editor (not
 * inside it), so choosing a product reloads the page with `?produkt=` and the image follows.
 */
export function TemplatePreview({
  templateId,
  templateName,
  width,
  height,
  products,
}: {
  templateId: number;
  templateName: string;
  width: number;
  height: number;
  products: readonly Choice[];
}) {
  const p = deTemplates.preview;
  const [search] = useSearchParams();
  const chosen = /^\d{1,12}$/.test(search.get("produkt") ?? "") ? search.get("produkt")! : "";
  const src = `/backend/image-templates/${templateId}/bild.png${chosen ? `?product=${chosen}` : ""}`;
  return (
    <section className="template-preview" aria-labelledby="vorschau-titel">
      <h2 id="vorschau-titel">{p.heading}</h2>
      <Form method="get" className="template-preview-form">
        <div className="ui-field">
          <label htmlFor="vorschau-produkt">{p.product}</label>
          <SelectControl id="vorschau-produkt" name="produkt" defaultValue={chosen}>
            <option value="">{p.noProduct}</option>
            {products.map((product) => (
              <option key={product.value} value={product.value}>
                {product.label}
              </option>
            ))}
          </SelectControl>
        </div>
        <div className="area-actions">
          <Button type="submit" variant="secondary">
            {p.show}
          </Button>
        </div>
      </Form>
      <p>
        <img
          key={src}
          src={src}
          alt={p.alt(templateName)}
          width={width}
          height={height}
          className="template-preview-image"
          data-testid="vorlage-vorschau"
        />
      </p>
      <p>
        <a href={src}>{p.open}</a>
      </p>
    </section>
  );
}
