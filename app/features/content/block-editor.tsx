import {
  DEFAULT_MAX_ITEMS,
  layoutOf,
  resolveField,
  REFERENCE_TARGETS,
  type BlockFieldConfig,
} from "./block-fields";
import { blockIntentValue } from "./block-intents";
import { deBlocks } from "#app/i18n/de-blocks";
import { Button } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import { RowMoveButtons } from "#app/components/backend/row-move-buttons";
import { RichTextField } from "./rich-text-field";

/**
 * A block's content as plain form controls (decision 040), drawn from its kind's layout: every
 * spec field type is an input, textarea, select or checkbox named as conform nests it
 * (`content.news[0].value.title`); groups are fieldsets; collections, image and file lists have
 * add, remove, up and down buttons that are submit buttons (`block-intents.ts`), so the editor
 * works without JavaScript. The server validates everything again.
 */
type Choice = { value: string; label: string };
type Errors = Readonly<Record<string, readonly string[] | null | undefined>> | null | undefined;

interface Context {
  errors: Errors;
  choices: Record<string, Choice[]>;
}

const c = deBlocks.controls;

const idOf = (name: string) => `feld-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value).replace(".", ",");
  return typeof value === "string" ? value : "";
}

const checked = (value: unknown) => value === true || value === "on" || value === "true";

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function asList(value: unknown, max: number): unknown[] {
  // A new row conform inserted with empty values comes back as undefined: still a row.
  return Array.isArray(value) ? [...value].slice(0, max).map((item) => item ?? {}) : [];
}

function FieldError({ name, errors }: { name: string; errors: Errors }) {
  const messages = errors?.[name] ?? errors?.[`${name}.id`];
  return (
    <p id={`${idOf(name)}-fehler`} className="ui-field-error">
      {messages?.length ? messages.join(" ") : null}
    </p>
  );
}

function describedBy(name: string, help: string | undefined, errors: Errors) {
  const ids = [help ? `${idOf(name)}-hilfe` : null, `${idOf(name)}-fehler`].filter(Boolean);
  const invalid = Boolean(errors?.[name]?.length);
  return { "aria-describedby": ids.join(" "), "aria-invalid": invalid || undefined };
}

function Frame({
  name,
  label,
  help,
  errors,
  children,
}: {
  name: string;
  label: string;
  help?: string;
  errors: Errors;
  children: React.ReactNode;
}) {
  return (
    <div className="ui-field">
      <label id={`${idOf(name)}-label`} htmlFor={idOf(name)}>
        {label}
      </label>
      {help ? (
        <span id={`${idOf(name)}-hilfe`} className="ui-field-help">
          {help}
        </span>
      ) : null}
      {children}
      <FieldError name={name} errors={errors} />
    </div>
  );
}

/** A list's add button (the rows' own buttons are `RowMoveButtons`). */
function AddButton({
  list,
  itemType,
  label,
  disabled,
}: {
  list: string;
  itemType: string;
  label: string;
  disabled: boolean;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value={blockIntentValue(list, { kind: "add", itemType })}
      formNoValidate
      disabled={disabled}
      variant="secondary"
    >
      {label}
    </Button>
  );
}

function ImageControl({
  name,
  label,
  help,
  value,
  context,
}: {
  name: string;
  label: string;
  help?: string;
  value: unknown;
  context: Context;
}) {
  const image = asRecord(value);
  const id = text(image.id);
  const source = context.choices.blockImageSources?.find((choice) => choice.value === id)?.label;
  const options = context.choices.blockImages ?? [];
  return (
    <div className="block-image">
      {source ? (
        <img src={source} alt="" width={96} height={72} loading="lazy" className="block-thumb" />
      ) : null}
      <Frame name={name} label={label} help={help} errors={context.errors}>
        <SelectControl
          id={idOf(name)}
          name={`${name}.id`}
          defaultValue={id}
          {...describedBy(name, help, context.errors)}
        >
          <option value="">{c.noImage}</option>
          {id && !options.some((option) => option.value === id) ? (
            <option value={id}>{c.imageChoice(Number(id), "")}</option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      </Frame>
      <Frame name={`${name}.alt`} label={c.imageAlt} errors={context.errors}>
        <input
          id={idOf(`${name}.alt`)}
          name={`${name}.alt`}
          type="text"
          maxLength={300}
          defaultValue={text(image.alt)}
        />
      </Frame>
    </div>
  );
}

function ListControl({
  name,
  config,
  value,
  context,
}: {
  name: string;
  config: BlockFieldConfig;
  value: unknown;
  context: Context;
}) {
  const max = config.maxItems ?? DEFAULT_MAX_ITEMS;
  const rows = asList(value, max);
  const label = config.label ?? "";
  const itemLabel = (index: number) =>
    c.itemOf(
      config.type === "images"
        ? deBlocks.labels.partImage
        : config.type === "files"
          ? deBlocks.labels.partFile
          : label,
      index + 1,
    );
  return (
    <fieldset className="areas-editor block-list">
      <legend>{label}</legend>
      {config.description ? <p className="ui-field-help">{config.description}</p> : null}
      <FieldError name={name} errors={context.errors} />
      {rows.length === 0 ? <p>{c.empty}</p> : null}
      {rows.map((row, index) => {
        const rowName = `${name}[${index}]`;
        const record = asRecord(row);
        let body: React.ReactNode;
        let legend = itemLabel(index);
        if (config.type === "collection") {
          // Items stored before types were named (the seed's news) are of the only type there is.
          const only = Object.keys(config.layout ?? {});
          const type = text(record.type) || (only.length === 1 ? only[0]! : "");
          const itemConfig = Object.hasOwn(config.layout ?? {}, type)
            ? config.layout![type]
            : undefined;
          if (itemConfig) legend = `${resolveField(itemConfig).label ?? type} (${index + 1})`;
          body = (
            <>
              <input type="hidden" name={`${rowName}.type`} value={type} />
              {itemConfig ? (
                <FieldControl
                  name={`${rowName}.value`}
                  config={itemConfig}
                  value={record.value}
                  context={context}
                  nested
                />
              ) : null}
            </>
          );
        } else if (config.type === "images") {
          body = (
            <ImageControl
              name={rowName}
              label={deBlocks.labels.partImage}
              value={row}
              context={context}
            />
          );
        } else {
          body = (
            <Frame name={rowName} label={c.fileId} errors={context.errors}>
              <input
                id={idOf(rowName)}
                name={`${rowName}.id`}
                type="text"
                inputMode="numeric"
                defaultValue={text(record.id)}
              />
            </Frame>
          );
        }
        return (
          <fieldset key={`${index}-${JSON.stringify(row)}`} className="area-row block-item">
            <legend>{legend}</legend>
            {body}
            <RowMoveButtons
              index={index}
              count={rows.length}
              what={legend}
              texts={c}
              value={(move) => blockIntentValue(name, { kind: move, index })}
            />
          </fieldset>
        );
      })}
      <div className="area-actions">
        {config.type === "collection" ? (
          Object.entries(config.layout ?? {}).map(([type, itemConfig]) => (
            <AddButton
              key={type}
              list={name}
              itemType={type}
              label={c.add(resolveField(itemConfig).label ?? type)}
              disabled={rows.length >= max}
            />
          ))
        ) : (
          <AddButton
            list={name}
            itemType="item"
            label={c.add(
              config.type === "images" ? deBlocks.labels.partImage : deBlocks.labels.partFile,
            )}
            disabled={rows.length >= max}
          />
        )}
      </div>
      {rows.length >= max ? <p className="ui-field-help">{c.atLimit(max)}</p> : null}
    </fieldset>
  );
}

function referenceText(value: unknown): string {
  if (typeof value === "string") return value;
  const record = asRecord(value);
  return record.type && record.id ? `${text(record.type)}:${text(record.id)}` : "";
}

/** One field config as its plain control. */
export function FieldControl({
  name,
  config: raw,
  value,
  context,
  nested = false,
}: {
  name: string;
  config: BlockFieldConfig;
  value: unknown;
  context: Context;
  nested?: boolean;
}) {
  const config = resolveField(raw);
  const label = config.label ?? "";
  const help = config.description;
  const { errors } = context;
  const aria = describedBy(name, help, errors);
  const framed = (control: React.ReactNode, frameLabel = label, frameHelp = help) => (
    <Frame name={name} label={frameLabel} help={frameHelp} errors={errors}>
      {control}
    </Frame>
  );
  /** `select` and `reference`: one choice, "nothing chosen" first. */
  const choice = (chosen: string, options: React.ReactNode) =>
    framed(
      <SelectControl
        id={idOf(name)}
        name={name}
        required={config.required}
        defaultValue={chosen}
        {...aria}
      >
        <option value="">{c.noReference}</option>
        {options}
      </SelectControl>,
    );
  switch (config.type) {
    case "text":
      return framed(
        <input
          id={idOf(name)}
          name={name}
          type="text"
          inputMode={config.format === "url" ? "url" : undefined}
          placeholder={config.placeholder}
          required={config.required}
          minLength={config.min}
          maxLength={config.max ?? 200}
          defaultValue={text(value ?? config.default)}
          {...aria}
        />,
      );
    case "wysiwyg":
      return framed(
        <RichTextField
          id={idOf(name)}
          labelId={`${idOf(name)}-label`}
          name={name}
          defaultValue={text(value ?? config.default)}
          toolbar={config.toolbar ?? []}
          required={config.required}
          maxLength={config.max}
          describedBy={aria["aria-describedby"]}
          invalid={aria["aria-invalid"]}
        />,
        label,
        help ?? c.toolbarHelp,
      );
    case "textarea":
    case "markdown":
      return framed(
        <textarea
          id={idOf(name)}
          name={name}
          rows={config.type === "textarea" ? (config.rows ?? 3) : 8}
          required={config.required}
          maxLength={config.max}
          placeholder={config.placeholder}
          defaultValue={text(value ?? config.default)}
          {...aria}
        />,
      );
    case "number":
      return framed(
        <input
          id={idOf(name)}
          name={name}
          type="text"
          inputMode={config.decimals ? "decimal" : "numeric"}
          placeholder={config.placeholder}
          required={config.required}
          defaultValue={text(value ?? config.default)}
          {...aria}
        />,
      );
    case "date": {
      const mode = config.mode ?? "dateTime";
      return framed(
        <input
          id={idOf(name)}
          name={name}
          type={mode === "date" ? "date" : mode === "time" ? "time" : "datetime-local"}
          step={mode === "date" ? undefined : (config.minuteIncrement ?? 1) * 60}
          required={config.required}
          defaultValue={text(value ?? config.default)}
          {...aria}
        />,
      );
    }
    case "boolean":
      return (
        <div className="resource-choice">
          <div className="ui-choice">
            <input
              id={idOf(name)}
              name={name}
              type="checkbox"
              defaultChecked={checked(value ?? config.default)}
            />
            <label htmlFor={idOf(name)}>
              {label}
              {help ? ` – ${help}` : ""}
            </label>
          </div>
          <FieldError name={name} errors={errors} />
        </div>
      );
    case "select":
      return choice(
        text(value),
        Object.entries(config.options ?? {}).map(([option, optionLabel]) => (
          <option key={option} value={option}>
            {optionLabel}
          </option>
        )),
      );
    case "reference":
      return choice(
        referenceText(value),
        REFERENCE_TARGETS.filter((target) => config.targets?.[target]).map((target) => (
          <optgroup key={target} label={c.targets[target]}>
            {(context.choices[`reference:${target}`] ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        )),
      );
    case "image":
      return <ImageControl name={name} label={label} help={help} value={value} context={context} />;
    case "file":
      return framed(
        <input
          id={idOf(name)}
          name={`${name}.id`}
          type="text"
          inputMode="numeric"
          defaultValue={text(asRecord(value).id)}
        />,
        `${label} (${c.fileId})`,
      );
    case "images":
    case "files":
    case "collection":
      return <ListControl name={name} config={config} value={value} context={context} />;
    case "group": {
      const record = asRecord(value);
      const fields = Object.entries(config.layout ?? {}).map(([key, sub]) => (
        <FieldControl
          key={key}
          name={`${name}.${key}`}
          config={sub}
          value={record[key]}
          context={context}
        />
      ));
      // A collection item's group is already framed by the item's fieldset.
      if (nested) return <div className="block-group">{fields}</div>;
      return (
        <fieldset className="areas-editor block-group">
          <legend>{label}</legend>
          {fields}
        </fieldset>
      );
    }
  }
}

/** The whole content of a block, by the layout its identifier names. */
export function BlockContentEditor({
  identifier,
  content,
  errors,
  choices,
}: {
  identifier: unknown;
  content: unknown;
  errors: Errors;
  choices: Record<string, Choice[]>;
}) {
  const layout = layoutOf(identifier);
  const record = asRecord(content);
  const context = { errors, choices };
  return (
    <div className="block-content">
      <FieldError name="content" errors={errors} />
      {Object.entries(layout).map(([key, config]) => (
        <FieldControl
          key={key}
          name={`content.${key}`}
          config={config}
          value={record[key]}
          context={context}
        />
      ))}
    </div>
  );
}
