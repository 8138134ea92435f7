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

interface FieldProps {
  name: string;
  id: string;
  label: string;
  errors: HoursErrors | null | undefined;
  help?: string;
}

function Frame({
  props,
  children,
}: {
  props: FieldProps;
  children: (aria: object) => React.ReactNode;
}) {
  const error = props.errors?.[props.name]?.[0];
  const aria = {
    "aria-invalid": error ? true : undefined,
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

function Input(props: FieldProps & { value: string; numeric?: boolean; maxLength?: number }) {
  return (
    <Frame props={props}>
      {(aria) => (
        <input
          id={props.id}
          name={props.name}
          type="text"
          defaultValue={props.value}
          inputMode={props.numeric ? "numeric" : undefined}
          maxLength={props.maxLength}
          {...aria}
        />
      )}
    </Frame>
  );
}

function Area(props: FieldProps & { value: string; maxLength: number }) {
  return (
    <Frame props={props}>
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
    </Frame>
  );
}

function Select(props: FieldProps & { value: string; options: readonly Choice[]; empty?: string }) {
  return (
    <Frame props={props}>
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
    </Frame>
  );
}

function RowButtons({ index, count, what }: { index: number; count: number; what: string }) {
  const button = (kind: "up" | "down" | "remove", label: string, aria: string) => (
    <Button
      type="submit"
      name="intent"
      value={`layers-${kind}-${index}`}
      formNoValidate
      variant={kind === "remove" ? "danger" : "secondary"}
      aria-label={aria}
    >
      {label}
    </Button>
  );
  return (
    <div className="area-actions">
      {index > 0 ? button("up", t.up, t.upLabel(what)) : null}
      {index < count - 1 ? button("down", t.down, t.downLabel(what)) : null}
      {button("remove", t.remove, t.removeLabel(what))}
    </div>
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
            <Input {...field("x", t.x)} value={text(row.x)} numeric />
            <Input {...field("y", t.y)} value={text(row.y)} numeric />
            <Input {...field("width", t.width)} value={text(row.width)} numeric />
            {kind === "text" ? null : (
              <Input {...field("height", t.height)} value={text(row.height)} numeric />
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
                <Select
                  {...field("fontFamily", t.fontFamily)}
                  value={text(row.fontFamily)}
                  options={familyChoices}
                />
                <Select
                  {...field("fontVariant", t.fontVariant)}
                  value={text(row.fontVariant) || "400"}
                  options={variantChoices}
                />
                <Input {...field("size", t.size)} value={text(row.size)} numeric />
                <Input
                  {...field("color", t.color, t.colorHelp)}
                  value={text(row.color)}
                  maxLength={7}
                />
                <Select
                  {...field("align", t.align)}
                  value={text(row.align) || "left"}
                  options={alignChoices}
                />
                <Input {...field("maxLines", t.maxLines)} value={text(row.maxLines)} numeric />
                {box}
              </>
            ) : null}
            {kind === "area" ? (
              <>
                <Input
                  {...field("color", t.color, t.colorHelp)}
                  value={text(row.color)}
                  maxLength={7}
                />
                {box}
                <Input {...field("radius", t.radius)} value={text(row.radius)} numeric />
              </>
            ) : null}
            {kind === "image" ? (
              <>
                <Select
                  {...field("imageId", t.imageId)}
                  value={text(row.imageId)}
                  options={images}
                  empty={de.fields.none}
                />
                <Select
                  {...field("fit", t.fit)}
                  value={text(row.fit) || "cover"}
                  options={fitChoices}
                />
                {box}
              </>
            ) : null}
            <RowButtons index={index} count={rows.length} what={what} />
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
