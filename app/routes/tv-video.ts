import type { Route } from "#app/server/route-types";
import { deSignage } from "#app/i18n/de-signage";
import { currentStaff } from "#app/features/staff/staff-auth.server";
import { deviceTokenOf } from "#app/features/signage/signage.server";
import {
  isPairedTv,
  videoResponse,
  videoStoreFor,
} from "#app/features/signage/signage-video.server";

/**
 * A segment's video for the TV player (decision 060, "Videos"), with range requests. Only a
 * paired TV (its device cookie) or signed-in staff get it; everyone else gets 404, as for a
 * video that does not exist.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const notFound = () =>
    new Response(deSignage.video.notFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (id === null) return notFound();
  const allowed =
    (await isPairedTv(context.db, deviceTokenOf(request))) ||
    (await currentStaff(request, context)) !== null;
  if (!allowed) return notFound();
  const row = await context.db
    .selectFrom("signageSegments")
    .select(["kind", "videoPath"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (row?.kind !== "video" || !row.videoPath) return notFound();
  const store = videoStoreFor(context.config);
  return (await videoResponse(request, store, row.videoPath)) ?? notFound();
}
