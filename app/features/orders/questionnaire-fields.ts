import { deOrderStatus } from "#app/i18n/de-order-status";

/**
 * The questionnaire's fields and limits without its schema: the status page's form needs these in
 * the browser, the schema (and zod with it) stays on the server.
 */
const texts = deOrderStatus.questionnaire;

export const QUESTIONNAIRE_COMMENT_MAX_LENGTH = 2000;

/** The four ratings in the order the form asks for them (spec section 3: questionnaire). */
export const RATING_FIELDS = ["rating", "foodRating", "serviceRating", "processRating"] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

export const RATING_LABELS: Record<RatingField, string> = {
  rating: texts.rating,
  foodRating: texts.foodRating,
  serviceRating: texts.serviceRating,
  processRating: texts.processRating,
};

export const STARS = [1, 2, 3, 4, 5] as const;
