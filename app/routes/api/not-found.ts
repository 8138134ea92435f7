import { de } from "#app/i18n/de";

/** Any `/api/…` address no route claims: a JSON 404 for every method, never the HTML page. */
const notFound = () =>
  Response.json(
    { errors: [{ message: de.errors.apiNotFound }] },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );

export const loader = notFound;
export const action = notFound;
