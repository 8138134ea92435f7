import type { Route } from "#app/server/route-types";
import { initAnswer } from "#app/features/backoffice/init.server";

/** `GET /api/init` (spec section 7): the back office's start data in one call (decision 099). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(await initAnswer(request, context), {
    headers: { "Cache-Control": "no-store" },
  });
}
