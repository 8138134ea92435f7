import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ImageForm } from "../../components/backend/image-form";
import { imageNewAction, imageNewLoader } from "../../features/media/image-pages.server";
import { deMedia } from "../../i18n/de-media";
import { de as staff } from "../../i18n/de-staff";
import stylesheet from "../../styles/media.css?url";

/** `/backend/images/new`: the upload form (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  imageNewLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  imageNewAction(request, context);

export const meta: MetaFunction = () => [
  { title: `${deMedia.images.newTitle} - ${staff.backOffice.title}` },
  { name: "robots", content: "noindex" },
];

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
