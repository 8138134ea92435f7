import type { Route } from "#app/server/route-types";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { webAppManifest } from "#app/features/pwa/manifest.server";

/** `GET /manifest.webmanifest`: the installable app's manifest (decision 052). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await referenceSettings(context.db);
  return new Response(JSON.stringify(webAppManifest(settings)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // A renamed shop reaches installed apps within the hour.
      "Cache-Control": "public, max-age=300",
    },
  });
}
