import { redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "#app/components/ui/button";
import { deSignage } from "#app/i18n/de-signage";
import { de as deBackOffice } from "#app/i18n/de-backoffice";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** The live preview of a stream (decision 060): the TV player in preview mode, in a frame. */
export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(deSignage.preview.title(data?.name ?? ""));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const stream =
    id === null
      ? undefined
      : await context.db
          .selectFrom("signageStreams")
          .select(["id", "name"])
          .where("id", "=", id)
          .executeTakeFirst();
  if (!stream) throw new Response(deBackOffice.resources.edit.notFound, { status: 404 });
  return stream;
}

/** The edit page's "Vorschau" button posts here; the preview is this page's GET. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
  const id = /^\d{1,9}$/.test(params.id ?? "") ? params.id : "0";
  return redirect(`/backend/digital-signage-streams/${id}/preview`, { status: 303 });
}

export default function SignagePreviewPage() {
  const stream = useLoaderData<typeof loader>();
  return (
    <section className="resource-page">
      <h1>{deSignage.preview.title(stream.name)}</h1>
      <p>{deSignage.preview.intro}</p>
      <iframe
        src={`/tv?vorschau=${stream.id}`}
        title={deSignage.preview.title(stream.name)}
        className="signage-preview"
        style={{ width: "100%", maxWidth: 960, aspectRatio: "16 / 9", border: 0 }}
      />
      <p>
        <ButtonLink variant="secondary" to={`/backend/digital-signage-streams/${stream.id}`}>
          {deSignage.preview.back}
        </ButtonLink>
      </p>
    </section>
  );
}
