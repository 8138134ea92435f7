import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ImageForm } from "#app/components/backend/image-form";
import { ConfirmAction, Notice } from "#app/components/ui";
import { parseId } from "#app/domain/values";
import { readImageRequest } from "#app/features/media/image-request.server";
import {
  IMAGE_ROLES,
  imageFormReply,
  imageInput,
  imageNotice,
  imageView,
  usagePlaces,
} from "#app/features/media/image-views.server";
import { deleteImage, findImage, updateImage } from "#app/features/media/images.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deMedia } from "#app/i18n/de-media";
import stylesheet from "#app/styles/media.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** `/backend/images/{id}`: alt text, focal point, replace, the sizes, delete (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

const texts = deMedia.images;

function imageIdOf(params: Route.LoaderArgs["params"]): number {
  const id = parseId(params.id);
  if (id === null) throw new Response(deMedia.refusals.notFound, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: IMAGE_ROLES });
  const id = imageIdOf(params);
  const image = await findImage(context.db, id);
  if (!image) throw new Response(deMedia.refusals.notFound, { status: 404 });
  return {
    notice: imageNotice(request),
    image: imageView(image),
    usage: await usagePlaces(context.db, id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: IMAGE_ROLES });
  const id = imageIdOf(params);
  const read = await readImageRequest(request);
  if (!read) {
    const unreadable = [{ message: deMedia.refusals.unreadable }];
    return data(imageFormReply(unreadable, texts.errors.update, {}), 400);
  }
  if (read.fields.intent === "delete") {
    const deleted = await deleteImage(context, user, id);
    if (!deleted.ok) {
      return data(imageFormReply(deleted.errors, texts.errors.delete, {}), deleted.status);
    }
    return redirect("/backend/images?hinweis=geloescht");
  }
  const updated = await updateImage(context, user, id, {
    ...imageInput(read, "form"),
    version: read.fields.version,
  });
  if (!updated.ok) {
    return data(imageFormReply(updated.errors, texts.errors.update, read.fields), updated.status);
  }
  const word = updated.value.replaced ? "ersetzt" : "gespeichert";
  return redirect(`/backend/images/${id}?hinweis=${word}`);
}

export const meta: Route.MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(deMedia.images.editTitle(data?.image.alt ?? ""));

export default function ImageEdit() {
  const { notice, image, usage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const medium = image.sizes.find((size) => size.name === "medium");
  return (
    <section className="image-edit">
      <p>
        <Link to="/backend/images">{texts.back}</Link>
      </p>
      <div className="backoffice-heading">
        <h1>{texts.editTitle(image.alt)}</h1>
      </div>
      <Notice>{notice}</Notice>
      <p>
        {texts.pixels(image.width, image.height)} · {texts.columns.usage}:{" "}
        {usage.length ? usage.join(", ") : texts.usage(0)}
      </p>
      <ImageForm
        key={image.version}
        id="bild"
        reply={reply}
        defaults={{ alt: image.alt, focalX: image.focalX, focalY: image.focalY }}
        preview={
          medium ? { src: medium.url, width: medium.width, height: medium.height } : undefined
        }
        version={image.version}
        isNew={false}
      />
      <h2>{texts.sizes}</h2>
      <ul className="image-sizes">
        {image.sizes.map((size) => (
          <li key={size.name}>
            <figure>
              <a href={size.url}>
                <img
                  src={size.url}
                  alt={`${image.alt} (${size.label})`}
                  width={size.width}
                  height={size.height}
                  loading="lazy"
                />
              </a>
              <figcaption>
                {size.label}: {texts.pixels(size.width, size.height)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="danger-zone">
        <ConfirmAction
          name="loeschen"
          label={texts.delete}
          question={texts.deleteTitle(image.alt)}
          text={texts.deleteQuestion}
          confirmLabel={texts.deleteConfirm}
          variant="danger"
        >
          <input type="hidden" name="intent" value="delete" />
        </ConfirmAction>
      </div>
    </section>
  );
}
