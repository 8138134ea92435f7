import type { Route } from "#app/server/route-types";
import { eventStreamResponse } from "#app/server/event-stream.server";
import { pairedDeviceId } from "#app/features/signage/signage.server";
import { currentStaff } from "#app/features/staff/staff-auth.server";
import { isAdmin } from "#app/domain/staff-permissions";
import { deSignage } from "#app/i18n/de-signage";

/**
 * A TV's live connection (decision 060): `change` whenever signage or the catalogue changed (the
 * `reference_data` notifications of decision 032), so the player reloads within a moment. Open to
 * paired TVs (their cookie) and, for the preview, to signed-in administrators.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preview = new URL(request.url).searchParams.has("vorschau");
  let allowed = false;
  if (preview) {
    const user = await currentStaff(request, context);
    allowed = user !== null && isAdmin(user);
  } else {
    allowed = (await pairedDeviceId(context.db, request)) !== null;
  }
  if (!allowed) {
    return new Response(deSignage.events.forbidden, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const live = context.live;
  if (!live) {
    return new Response(deSignage.events.unavailable, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return eventStreamResponse(request, (sink) => {
    const unsubscribe = live.onReferenceDataChanged(() => sink.send("change", {}));
    return unsubscribe;
  });
}
