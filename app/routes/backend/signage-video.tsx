import { Button } from "#app/components/ui";
import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ButtonLink } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Notice } from "#app/components/ui/notice";
import { deSignage } from "#app/i18n/de-signage";
import { de as deBackOffice } from "#app/i18n/de-backoffice";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { logServerError } from "#app/server/error-log.server";
import { receiveVideo, videoStoreFor } from "#app/features/signage/signage-video.server";
import { SIGNAGE_VIDEO_MAX_BYTES, VIDEO_FIELD } from "#app/features/signage/signage-video";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/**
 * A video segment's video (decision 060, "Videos"): the segment page's "Video hochladen" button
 * posts here (a plain POST lands on this page); the page's multipart form uploads the file. The
 * row changes in one transaction; the new file goes when it fails, the old one after it commits.
 */
const texts = deSignage.video;

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(texts.title(data?.name ?? ""));

async function segmentOf(context: Route.LoaderArgs["context"], param: string | undefined) {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
  const segment =
    id === null
      ? undefined
      : await context.db
          .selectFrom("signageSegments")
          .select(["id", "name", "kind", "videoPath"])
          .where("id", "=", id)
          .executeTakeFirst();
  if (!segment) throw new Response(deBackOffice.resources.edit.notFound, { status: 404 });
  return segment;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const segment = await segmentOf(context, params.id);
  const saved = new URL(request.url).searchParams.get("gespeichert") === "1";
  return { ...segment, saved, maxBytes: maxBytesOf(context) };
}

function maxBytesOf(context: Route.LoaderArgs["context"]): number {
  return Math.min(
    context.config.signageVideoMaxBytes ?? SIGNAGE_VIDEO_MAX_BYTES,
    SIGNAGE_VIDEO_MAX_BYTES,
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const segment = await segmentOf(context, params.id);
  const type = request.headers.get("Content-Type") ?? "";
  // The edit page's button: a small urlencoded POST that only leads here.
  if (!type.startsWith("multipart/form-data")) {
    return redirect(`/backend/digital-signage-segments/${segment.id}/video`, { status: 303 });
  }
  if (segment.kind !== "video") {
    return data({ error: texts.notAVideoSegment }, { status: 400 });
  }
  const received = await receiveVideo(request, context.config.dataDir, maxBytesOf(context));
  if (!received.ok) return data({ error: received.message }, { status: received.status });
  // Into the bucket first with STORAGE=s3 (decision 118): the row never names a film not kept.
  const store = videoStoreFor(context.config);
  try {
    await store.keep(received.videoPath, received.file);
  } catch (error) {
    // The bucket away for a moment: the film is dropped, the form stays; nothing was changed.
    logServerError(error, request);
    return data({ error: texts.storeFailed }, { status: 503 });
  }
  let previous: string | null = null;
  try {
    previous = await context.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("signageSegments")
        .select(["videoPath", "kind"])
        .where("id", "=", segment.id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.kind !== "video") throw new Response(null, { status: 404 });
      await trx
        .updateTable("signageSegments")
        .set({ videoPath: received.videoPath })
        .where("id", "=", segment.id)
        .execute();
      return row.videoPath;
    });
  } catch (error) {
    await store.remove(received.videoPath);
    if (error instanceof Response) {
      throw new Response(deBackOffice.resources.edit.notFound, { status: 404 });
    }
    throw error;
  }
  if (previous && previous !== received.videoPath) {
    await store.remove(previous);
  }
  return redirect(`/backend/digital-signage-segments/${segment.id}/video?gespeichert=1`, {
    status: 303,
  });
}

export default function SignageVideoPage() {
  const segment = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = answer && "error" in answer ? answer.error : null;
  return (
    <section className="resource-page">
      <h1>{texts.title(segment.name)}</h1>
      {segment.saved ? <Notice>{texts.saved}</Notice> : null}
      <p>{segment.videoPath ? texts.current : texts.none}</p>
      {segment.videoPath ? (
        <video
          src={`/tv/video/${segment.id}`}
          controls
          muted
          preload="metadata"
          style={{ width: "100%", maxWidth: 360 }}
          aria-label={texts.current}
        />
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="resource-section"
        aria-labelledby="video-hochladen"
      >
        <h2 id="video-hochladen">{texts.submit}</h2>
        <Field
          id="video"
          label={texts.field}
          help={`${texts.intro} ${texts.tooLarge(segment.maxBytes).split(". ")[1] ?? ""}`}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              name={VIDEO_FIELD}
              type="file"
              accept="video/mp4,video/webm"
              required
            />
          )}
        </Field>
        <div className="resource-actions">
          <Button type="submit" disabled={busy}>
            {texts.submit}
          </Button>
        </div>
      </Form>
      <p>
        <ButtonLink variant="secondary" to={`/backend/digital-signage-segments/${segment.id}`}>
          {texts.back}
        </ButtonLink>
      </p>
    </section>
  );
}
