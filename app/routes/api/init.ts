import type { LoaderFunctionArgs } from "@remix-run/node";
import { initEntries } from "#app/features/backoffice/init.server";

/** `GET /api/init` (spec section 7): the back office's start data in one call. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json({ data: await initEntries(request, context) });
}
