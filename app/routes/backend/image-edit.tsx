import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ImageForm } from "../../components/backend/image-form";
import { ConfirmAction, Notice } from "../../components/ui";
import { imageEditAction, imageEditLoader } from "../../features/media/image-pages.server";
import { deMedia } from "../../i18n/de-media";
import stylesheet from "../../styles/media.css?url";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/** `/backend/images/{id}`: alt text, focal point, replace, the sizes, delete (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  imageEditLoader(request, context, params);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  imageEditAction(request, context, params);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  staffPageMeta(deMedia.images.editTitle(data?.image.alt ?? ""));

const texts = deMedia.images;

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
