import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData } from "@remix-run/react";
import { ImageForm } from "#app/components/backend/image-form";
import { readImageRequest } from "#app/features/media/image-request.server";
import { IMAGE_ROLES, imageFormReply, imageInput } from "#app/features/media/image-views.server";
import { createImage } from "#app/features/media/images.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deMedia } from "#app/i18n/de-media";
import stylesheet from "#app/styles/media.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** `/backend/images/new`: the upload form (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: IMAGE_ROLES });
  return { ok: true };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: IMAGE_ROLES });
  const headline = deMedia.images.errors.create;
  const read = await readImageRequest(request);
  if (!read) {
    return data(imageFormReply([{ message: deMedia.refusals.unreadable }], headline, {}), 400);
  }
  const created = await createImage(context, user, imageInput(read, "form"));
  if (!created.ok) {
    return data(imageFormReply(created.errors, headline, read.fields), created.status);
  }
  return redirect(`/backend/images/${created.value.id}?hinweis=hochgeladen`);
}

export const meta: Route.MetaFunction = () => staffPageMeta(deMedia.images.newTitle);

export default function ImageNew() {
  const reply = useActionData<typeof action>();
  return (
    <section className="image-edit">
      <p>
        <Link to="/backend/images">{deMedia.images.back}</Link>
      </p>
      <div className="backoffice-heading">
        <h1>{deMedia.images.newTitle}</h1>
      </div>
      <ImageForm id="bild-neu" reply={reply} defaults={{ alt: "", focalX: 50, focalY: 50 }} isNew />
    </section>
  );
}
