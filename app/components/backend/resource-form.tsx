import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { schemaOf, type Field } from "#app/features/backoffice/fields";
import { IMAGE_ACCEPT } from "#app/domain/image-files";
import { Button, buttonClass } from "#app/components/ui/button";
import { SelectControl } from "#app/components/ui/field";
import { de } from "#app/i18n/de-backoffice";
import { deStagedImages } from "#app/i18n/de-staged-images";

/**
 * A back-office record's form, rendered from its field descriptions (the field registry, decision
 * 035): a plain form that posts without JavaScript; with it, conform checks fields as they are
 * left, with the same schema the server uses.
 */

export type Choice = { value: string; label: string };

export function ResourceForm({
  id,
  fields,
  defaults,
  choices,
  lastResult,
  version,
  submitLabel,
  cancelTo,
  message,
  images = {},
  staged,
  children,
}: {
  id: string;
  fields: readonly Field[];
  defaults: Record<string, string | string[] | undefined>;
  choices: Record<string, Choice[]>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  version: string | null;
  submitLabel: string;
  cancelTo: string;
  message?: string | null;
  /** Stored images the record shows, by id (their previews). */
  images?: Record<string, ImagePreview>;
  /** Pictures chosen on an earlier round trip, kept by the server (decision 080). */
  staged?: StagedFields | null;
  children?: React.ReactNode;
}) {
  const schema = useMemo(() => schemaOf(fields), [fields]);
  const [form, formFields] = useForm({
    id,
    lastResult,
    defaultValue: defaults as Record<string, string>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) =>
      // A row's add, remove or move button is no save: the server applies it and checks nothing
      // (issue 36, item 11). Without this, conform refused it until every field was valid.
      isRowButton(submitter)
        ? { status: undefined, payload: {}, error: null, reply: () => ({}) }
        : parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sections = groupBySection(fields);
  const formMessage = message ?? form.errors?.[0];
  return (
    <Form
      method="post"
      // Adding a row answers with the same page: the editor stays where it was.
      preventScrollReset
      {...getFormProps(form)}
      encType={fields.some(isImageField) ? "multipart/form-data" : undefined}
      className="resource-form"
    >
      <p
        id={form.errorId}
        className={formMessage ? "form-error" : "resource-form-message"}
        role="alert"
      >
        {formMessage}
      </p>
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {/* Enter in a field saves: the browser presses the form's first submit button, and the
          extra buttons below (add a row, preview) must not be that one. Screen readers and
          keyboards know only the visible "Speichern" at the end. */}
      <Button
        variant="plain"
        type="submit"
        name="intent"
        value="save"
        className="default-submit"
        tabIndex={-1}
        aria-hidden="true"
      >
        {submitLabel}
      </Button>
      {sections.map(([section, sectionFields]) => {
        const controls = sectionFields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            meta={formFields[field.name as keyof typeof formFields] as FieldMetadata<unknown>}
            choices={choices[field.name]}
            images={images}
            staged={staged?.[field.name]}
          />
        ));
        return section ? (
          <fieldset key={section} className="resource-section">
            <legend>{section}</legend>
            {controls}
          </fieldset>
        ) : (
          <div key="main" className="resource-section">
            {controls}
          </div>
        );
      })}
      {children}
      <div className="resource-actions">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {submitLabel}
        </Button>
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {de.resources.edit.cancel}
        </Link>
      </div>
    </Form>
  );
}

/** The list editors' buttons: `intent=parts-add`, `deliveryAreas-remove-2`, `hours-up-1` … */
function isRowButton(submitter: HTMLInputElement | HTMLButtonElement | null): boolean {
  return (
    submitter instanceof HTMLButtonElement &&
    submitter.name === "intent" &&
    (submitter.formNoValidate || /-(add|(remove|up|down)-\d+)$/.test(submitter.value))
  );
}

function groupBySection(fields: readonly Field[]): [string, Field[]][] {
  const sections = new Map<string, Field[]>();
  for (const field of fields) {
    const key = field.section ?? "";
    sections.set(key, [...(sections.get(key) ?? []), field]);
  }
  return [...sections];
}

function describedBy(meta: FieldMetadata<unknown>, help: string | undefined, error: unknown) {
  return (
    [help ? `${meta.id}-hilfe` : null, error ? meta.errorId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

export type ImagePreview = { src: string; alt: string };
export type StagedFields = Record<
  string,
  { images: { id: number; name: string; preview: string }[]; alt: string }
>;

const isImageField = (field: Field) => field.type === "image" || field.type === "images";

export function FieldControl({
  field,
  meta,
  choices,
  images = {},
  staged,
}: {
  field: Field;
  meta: FieldMetadata<unknown>;
  choices?: Choice[];
  images?: Record<string, ImagePreview>;
  staged?: StagedFields[string];
}) {
  const error = meta.errors?.[0];
  const help = field.help;
  const aria = {
    "aria-describedby": describedBy(meta, help, error),
    "aria-invalid": error ? true : undefined,
  };
  const helpText = help ? (
    <span id={`${meta.id}-hilfe`} className="ui-field-help">
      {help}
    </span>
  ) : null;
  const errorText = (
    <p id={meta.errorId} className="ui-field-error">
      {error}
    </p>
  );
  if (field.type === "image" || field.type === "images") {
    const value = meta.initialValue;
    const ids = (Array.isArray(value) ? value : value ? [value] : []).map(String);
    const several = field.type === "images";
    const chosen = staged?.images ?? [];
    // A one-picture field's chosen picture replaces the stored one on saving.
    const shown = !several && chosen.length > 0 ? [] : ids;
    return (
      <fieldset className="resource-images" aria-describedby={aria["aria-describedby"]}>
        <legend>{field.label}</legend>
        {helpText}
        {shown.length === 0 && chosen.length === 0 ? (
          <p className="resource-images-empty">{de.fields.noImage}</p>
        ) : null}
        <ul className="resource-images-list">
          {!several
            ? ids
                .filter((imageId) => !shown.includes(imageId))
                .map((imageId) => (
                  <input key={imageId} type="hidden" name={field.name} value={imageId} />
                ))
            : null}
          {chosen.map((image) => (
            <li key={`gewaehlt-${image.id}`} className="resource-images-staged">
              <input type="hidden" name={`${field.name}__vorgemerkt`} value={image.id} />
              <img src={image.preview} alt="" width={64} height={64} />
              <p>
                <strong>{deStagedImages.chosen(image.name)}</strong>{" "}
                <span className="ui-field-help">{deStagedImages.chosenHint}</span>
              </p>
              <div className="ui-choice">
                <input
                  type="checkbox"
                  id={`${meta.id}-verwerfen-${image.id}`}
                  name={`${field.name}__verwerfen`}
                  value={image.id}
                />
                <label htmlFor={`${meta.id}-verwerfen-${image.id}`}>
                  {deStagedImages.dropChosen}
                  <span className="visually-hidden"> {image.name}</span>
                </label>
              </div>
            </li>
          ))}
          {shown.map((imageId) => (
            <li key={imageId}>
              <input type="hidden" name={field.name} value={imageId} />
              {images[imageId] ? (
                <img src={images[imageId].src} alt={images[imageId].alt} width={64} height={64} />
              ) : null}
              <div className="ui-choice">
                <input
                  type="checkbox"
                  id={`${meta.id}-entfernen-${imageId}`}
                  name={`${field.name}__entfernen`}
                  value={imageId}
                />
                <label htmlFor={`${meta.id}-entfernen-${imageId}`}>
                  {de.fields.removeImage}
                  <span className="visually-hidden"> {images[imageId]?.alt || imageId}</span>
                </label>
              </div>
            </li>
          ))}
        </ul>
        <div className="ui-field">
          <label htmlFor={meta.id}>
            {several ? de.fields.uploadImages : de.fields.uploadImage}
          </label>
          <input
            // Staged on the server now: the browser's copy of the file would be sent twice.
            key={chosen.map((image) => image.id).join("-")}
            type="file"
            id={meta.id}
            name={`${field.name}__datei`}
            accept={IMAGE_ACCEPT}
            multiple={several}
            {...aria}
          />
        </div>
        <div className="ui-field">
          <label htmlFor={`${meta.id}-alt`}>{de.fields.imageAlt}</label>
          <input
            type="text"
            id={`${meta.id}-alt`}
            name={`${field.name}__alt`}
            maxLength={200}
            defaultValue={staged?.alt ?? ""}
          />
        </div>
        {errorText}
      </fieldset>
    );
  }
  if (
    field.type === "choices" ||
    (field.type === "reference" && field.multiple && field.checkboxes)
  ) {
    // A group of checkboxes (the registry's multiple choice of fixed values, e.g. allergens, or
    // a few records to choose from, e.g. a menu board's categories).
    const value = meta.initialValue;
    const chosen = new Set((Array.isArray(value) ? value : value ? [value] : []).map(String));
    const options = field.type === "choices" ? field.options : (choices ?? []);
    return (
      <fieldset
        className="resource-choices"
        aria-describedby={aria["aria-describedby"]}
        aria-invalid={aria["aria-invalid"]}
      >
        <legend>{field.label}</legend>
        {helpText}
        <div className="resource-choices-list">
          {options.map((option) => (
            <div key={option.value} className="ui-choice">
              <input
                type="checkbox"
                id={`${meta.id}-${option.value}`}
                name={field.name}
                value={option.value}
                defaultChecked={chosen.has(option.value)}
              />
              <label htmlFor={`${meta.id}-${option.value}`}>{option.label}</label>
            </div>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }
  if (field.type === "boolean") {
    const props = getInputProps(meta as FieldMetadata<boolean>, { type: "checkbox" });
    return (
      <div className="resource-choice">
        <div className="ui-choice">
          <input {...props} key={props.key} {...aria} />
          <label htmlFor={meta.id}>{field.label}</label>
        </div>
        {helpText}
        {errorText}
      </div>
    );
  }
  let control: React.ReactNode;
  switch (field.type) {
    case "textarea":
    case "markdown": {
      const props = getTextareaProps(meta as FieldMetadata<string>);
      control = (
        <textarea
          {...props}
          key={props.key}
          rows={field.type === "markdown" ? 10 : (field.rows ?? 3)}
          maxLength={field.max}
          {...aria}
        />
      );
      break;
    }
    case "select":
    case "reference": {
      const options = field.type === "select" ? field.options : (choices ?? []);
      const multiple = field.type === "reference" && field.multiple;
      const props = getSelectProps(meta as FieldMetadata<string>);
      control = (
        <SelectControl {...props} key={props.key} multiple={multiple} {...aria}>
          {!field.required && !multiple ? <option value="">{de.fields.none}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      );
      break;
    }
    default: {
      const type =
        field.type === "date"
          ? field.mode === "dateTime"
            ? "datetime-local"
            : field.mode
          : field.type === "text" && field.format === "email"
            ? "email"
            : "text";
      const props = getInputProps(meta as FieldMetadata<string>, { type });
      control = (
        <input
          {...props}
          key={props.key}
          inputMode={
            field.type === "number" ? "numeric" : field.type === "money" ? "decimal" : undefined
          }
          maxLength={field.type === "text" ? field.max : undefined}
          {...aria}
        />
      );
    }
  }
  return (
    <div className="ui-field">
      <label htmlFor={meta.id}>
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {helpText}
      {control}
      {errorText}
    </div>
  );
}

/** After a refused stale save: the stored values that differ from what was typed. */
export function ConflictNotice({
  conflict,
}: {
  conflict: readonly { label: string; current: string }[] | null | undefined;
}) {
  if (!conflict?.length) return null;
  return (
    <div className="conflict" role="alert">
      <ul>
        {conflict.map((entry) => (
          <li key={entry.label}>
            {entry.label}: {entry.current}
          </li>
        ))}
      </ul>
    </div>
  );
}
