import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ImageForm } from "../../components/backend/image-form";
import { imageNewAction, imageNewLoader } from "../../features/media/image-pages.server";
import { deMedia } from "../../i18n/de-media";
import stylesheet from "../../styles/media.css?url";
import { staffPageMeta } from "../../components/backend/staff-page-meta";

/** `/backend/images/new`: the upload form (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  imageNewLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) =>
  imageNewAction(request, context);

export const meta: MetaFunction = () => staffPageMeta(deMedia.images.newTitle);

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
