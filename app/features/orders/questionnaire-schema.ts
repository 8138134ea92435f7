import { z } from "zod";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { cleanText } from "#app/domain/values";
import {
  QUESTIONNAIRE_COMMENT_MAX_LENGTH,
  RATING_LABELS,
  type RatingField,
} from "./questionnaire-fields";

const texts = deOrderStatus.questionnaire;

function stars(field: RatingField) {
  const message = texts.ratingRequired(RATING_LABELS[field]);
  return z.number({ error: message }).int(message).min(1, message).max(5, message);
}

/**
 * One schema for the form (conform coerces the radio values to numbers) and for the JSON route
 * (numbers as sent). All four ratings are required; the comment is optional.
 */
export const questionnaireSchema = z.object({
  rating: stars("rating"),
  foodRating: stars("foodRating"),
  serviceRating: stars("serviceRating"),
  processRating: stars("processRating"),
  comment: z
    .string({ error: texts.commentNotText })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .max(
          QUESTIONNAIRE_COMMENT_MAX_LENGTH,
          texts.commentTooLong(QUESTIONNAIRE_COMMENT_MAX_LENGTH),
        ),
    )
    .optional(),
});

export type QuestionnaireAnswers = z.infer<typeof questionnaireSchema>;
