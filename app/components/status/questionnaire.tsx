import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { deOrderStatus } from "#app/i18n/de-order-status";
import {
  QUESTIONNAIRE_COMMENT_MAX_LENGTH,
  RATING_FIELDS,
  RATING_LABELS,
  STARS,
  type RatingField,
} from "#app/features/orders/questionnaire-fields";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field";

const texts = deOrderStatus.questionnaire;
const FORM_ID = "bewertung";

/**
 * Five radio buttons in a fieldset: arrow keys move between the stars as in any radio group. The
 * inputs stay in the page (only visually hidden), so they take focus and work without JavaScript;
 * the stars are their labels, coloured up to the chosen one by CSS.
 */
function StarRating({
  name,
  label,
  chosen,
  error,
}: {
  name: RatingField;
  label: string;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const errorId = `${FORM_ID}-${name}-error`;
  return (
    // The fieldset names the group and points to its message; radios take no aria-invalid.
    <fieldset className="star-rating" data-rating={name} aria-describedby={errorId}>
      <legend>{label}</legend>
      <div className="stars">
        {STARS.map((count) => {
          const id = `${FORM_ID}-${name}-${count}`;
          return (
            <Fragment key={count}>
              <input
                type="radio"
                id={id}
                name={name}
                value={count}
                defaultChecked={chosen === String(count)}
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
      <FieldError id={errorId} look="store">
        {error}
      </FieldError>
    </fieldset>
  );
}

/**
 * The rating questionnaire. The comment appears once all four ratings are chosen: CSS (`:has`)
 * does that with and without JavaScript; a browser without `:has` simply always shows it.
 */
export function Questionnaire({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  // The server's answer to the last try (conform's reply): the values sent and each field's
  // messages. The browser checks the required stars and the comment's length before sending.
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errors = lastResult?.error ?? {};
  const errorOf = (name: string) => errors[name]?.[0];
  const formError = errorOf("");
  const commentId = `${FORM_ID}-comment`;
  const commentError = errorOf("comment");
  return (
    <section className="questionnaire" aria-labelledby="bewertung-titel">
      <h2 id="bewertung-titel">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <Form method="post" preventScrollReset className="questionnaire-form" id={FORM_ID}>
        <input type="hidden" name="intent" value="questionnaire" />
        {RATING_FIELDS.map((name) => (
          <StarRating
            key={name}
            name={name}
            label={RATING_LABELS[name]}
            chosen={typeof sent[name] === "string" ? sent[name] : undefined}
            error={errorOf(name)}
          />
        ))}
        <div className="field questionnaire-comment">
          <label htmlFor={commentId}>{texts.comment}</label>
          <textarea
            id={commentId}
            name="comment"
            rows={3}
            maxLength={QUESTIONNAIRE_COMMENT_MAX_LENGTH}
            defaultValue={typeof sent.comment === "string" ? sent.comment : undefined}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={`${commentId}-error`}
          />
          <FieldError id={`${commentId}-error`} look="store">
            {commentError}
          </FieldError>
        </div>
        <p className={formError ? "form-error" : "field-error"} role="alert">
          {formError}
        </p>
        <Button variant="store" type="submit" disabled={navigation.state === "submitting"}>
          {texts.submit}
        </Button>
      </Form>
    </section>
  );
}
