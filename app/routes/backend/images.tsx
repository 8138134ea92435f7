import type { Route } from "#app/server/route-types";
import { Link, useLoaderData } from "@remix-run/react";
import { ButtonLink, Notice, Pagination } from "#app/components/ui";
import { ListSearch } from "#app/components/backend/list-search";
import { parseId } from "#app/domain/values";
import { IMAGE_ROLES, imageNotice, imageView } from "#app/features/media/image-views.server";
import { listImages } from "#app/features/media/images.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { deMedia } from "#app/i18n/de-media";
import { de as backoffice } from "#app/i18n/de-backoffice";
import stylesheet from "#app/styles/media.css?url";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/** `/backend/images`: the shop's images as a grid with search and paging (decision 038). */
export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, { roles: IMAGE_ROLES });
  const url = new URL(request.url);
  const search = (url.searchParams.get("suche") ?? "").slice(0, 100);
  const listed = await listImages(context.db, {
    search,
    page: parseId(url.searchParams.get("seite")) ?? 1,
  });
  return {
    notice: imageNotice(request),
    search,
    images: listed.rows.map((row) => ({ ...imageView(row), usage: row.usage })),
    total: listed.total,
    page: listed.page,
    pageCount: listed.pages,
  };
}

export const meta: Route.MetaFunction = () => staffPageMeta(deMedia.images.plural);

const texts = deMedia.images;

export default function Images() {
  const { notice, search, images, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section className="image-list">
      <div className="backoffice-heading">
        <h1>{texts.plural}</h1>
        <ButtonLink to="/backend/images/new">{texts.newTitle}</ButtonLink>
      </div>
      <Notice>{notice}</Notice>
      <p>{texts.listIntro}</p>
      <ListSearch label={texts.search} search={search} submitLabel={texts.searchButton} />
      {images.length === 0 ? (
        <p>{search ? backoffice.resources.list.noHits : texts.empty}</p>
      ) : (
        <ul className="image-grid">
          {images.map((image, index) => (
            <li key={image.id} className="image-card">
              <img
                src={image.thumbnail}
                alt=""
                width={image.thumbnailSize.width}
                height={image.thumbnailSize.height}
                loading={index < 8 ? "eager" : "lazy"}
              />
              <Link to={`/backend/images/${image.id}`}>{image.alt || `#${image.id}`}</Link>
              <p>{texts.pixels(image.width, image.height)}</p>
              <p>
                {texts.columns.usage}: {texts.usage(image.usage)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="resource-total">
        {total.toLocaleString("de-DE")} {texts.plural}
      </p>
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
