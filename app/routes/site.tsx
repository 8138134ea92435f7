import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { de } from "../i18n/de";
import { pageTitle, seoMeta, shellFromMatches } from "../seo";
import { loadSite } from "../features/storefront/site.server";

/** Any path not taken by another route is looked up among the sites; none is a German 404. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const site = await loadSite(context.db, params["*"] ?? "");
  if (!site) throw new Response(null, { status: 404, statusText: "Not Found" });
  return site;
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches, location }) => {
  const shell = shellFromMatches(matches);
  if (!data) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const title = notFound ? de.errors.notFoundTitle : de.errors.internalTitle;
    return [
      { title: shell ? pageTitle(shell, title) : title },
      { name: "robots", content: "noindex" },
    ];
  }
  const tags = seoMeta(matches, location, {
    title: shell ? pageTitle(shell, data.title) : data.title,
    description: data.description,
  });
  return data.isDraft ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export default function SitePage() {
  const site = useLoaderData<typeof loader>();
  return (
    <article className="page site-page">
      {site.isDraft ? (
        <p className="draft-marker" role="note">
          <strong>{de.sites.draft}</strong> {de.sites.draftNote}
        </p>
      ) : null}
      <h1>{site.title}</h1>
      {/* Written by staff in the back office's editor: the shop's own HTML. */}
      <div className="site-body" dangerouslySetInnerHTML={{ __html: site.bodyHtml }} />
    </article>
  );
}
