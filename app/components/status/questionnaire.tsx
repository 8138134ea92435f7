import { getFormProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { de } from "../../i18n/de";
import {
  QUESTIONNAIRE_COMMENT_MAX_LENGTH,
  RATING_FIELDS,
  RATING_LABELS,
  STARS,
  questionnaireSchema,
} from "../../features/orders/questionnaire-schema";

const texts = de.orderStatus.questionnaire;

/**
 * Five radio buttons in a fieldset: arrow keys move between the stars as in any radio group. The
 * inputs stay in the page (only visually hidden), so they take focus and work without JavaScript;
 * the stars are their labels, coloured up to the chosen one by CSS.
 */
function StarRating({ field, label }: { field: FieldMetadata<number>; label: string }) {
  const error = field.errors?.[0];
  return (
    // The fieldset names the group and points to its message; radios take no aria-invalid.
    <fieldset className="star-rating" data-rating={field.name} aria-describedby={field.errorId}>
      <legend>{label}</legend>
      <div className="stars">
        {STARS.map((count) => {
          const id = `${field.id}-${count}`;
          return (
            <Fragment key={count}>
              <input
                type="radio"
                id={id}
                name={field.name}
                value={count}
                defaultChecked={field.initialValue === String(count)}
                required
                className="star-input"
              />
              <label htmlFor={id} className="star">
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{texts.stars(count)}</span>
              </label>
            </Fragment>
          );
        })}
      </div>
      <p id={field.errorId} className="field-error">
        {error}
      </p>
    </fieldset>
  );
}

/**
 * The rating questionnaire. The comment appears once all four ratings are chosen: CSS (`:has`)
 * does that with and without JavaScript; a browser without `:has` simply always shows it.
 */
export function Questionnaire({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "bewertung",
    lastResult,
    constraint: getZodConstraint(questionnaireSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: questionnaireSchema }),
  });
  const formError = form.errors?.[0];
  return (
    <section className="questionnaire" aria-labelledby="bewertung-titel">
      <h2 id="bewertung-titel">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <Form method="post" preventScrollReset className="questionnaire-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="questionnaire" />
        {RATING_FIELDS.map((name) => (
          <StarRating key={name} field={fields[name]} label={RATING_LABELS[name]} />
        ))}
        <div className="field questionnaire-comment">
          <label htmlFor={fields.comment.id}>{texts.comment}</label>
          <textarea
            {...getTextareaProps(fields.comment)}
            rows={3}
            maxLength={QUESTIONNAIRE_COMMENT_MAX_LENGTH}
          />
          <p id={fields.comment.errorId} className="field-error">
            {fields.comment.errors?.[0]}
          </p>
        </div>
        <p id={form.errorId} className={formError ? "form-error" : "field-error"} role="alert">
          {formError}
        </p>
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {texts.submit}
        </button>
      </Form>
    </section>
  );
}
