import { parseId } from "#app/domain/values";

/** The bare 404 a route throws for an address that names nothing (Remix shows its 404 page). */
export const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** A route's id parameter as a number; anything else throws the 404. */
export function idParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}
