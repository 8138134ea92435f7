import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { de } from "#app/i18n/de";
import { pageTitle, seoMeta, shellFromMatches } from "#app/seo";
import { loadSite } from "#app/features/storefront/site.server";
import { currentStaff } from "#app/features/staff/staff-auth.server";
import { forKiosk } from "#app/features/kiosk/kiosk.server";

/**
 * Any path not taken by another route is looked up among the sites; none is a German 404. A
 * draft (not public) is a 404 for visitors and shown with the draft marker to signed-in staff;
 * the session is only looked up for drafts, so public pages cost no extra query.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await loadSite(context.db, params["*"] ?? "");
  if (!site || (site.isDraft && !(await currentStaff(request, context)))) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  return data(forKiosk(request, context.config.publicOrigin, site), {
    headers: site.isDraft ? { "Cache-Control": "private, no-store" } : {},
  });
}

/** A draft is shown to staff only: no shared cache may keep it. */
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const meta: Route.MetaFunction<typeof loader> = ({ data, error, matches, location }) => {
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
    title: shell ? pageTitle(shell, data.seoTitle) : data.seoTitle,
    description: data.seoDescription,
  });
  return data.isDraft || data.noindex ? [...tags, { name: "robots", content: "noindex" }] : tags;
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
