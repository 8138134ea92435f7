import type { Route } from "#app/server/route-types";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { BranchDirectory } from "#app/components/branch-directory";
import { Landing } from "#app/components/landing";
import type { RootData } from "#app/root";
import { seoMeta } from "#app/seo";
import { loadHome, readHomeQuery } from "#app/features/storefront/home.server";
import { hasConsent } from "#app/features/storefront/visitor.server";
import { revalidateWhen } from "#app/components/store/revalidation";
import { forKiosk } from "#app/features/kiosk/kiosk.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const home = await loadHome(context.db, {
    now: new Date(),
    query: readHomeQuery(new URL(request.url)),
    consentGiven: hasConsent(request),
    mapTileUrl: context.config.mapTileUrl ?? null,
  });
  // A kiosk's blocks keep their links in the shop (decision 053).
  return forKiosk(request, context.config.publicOrigin, home);
}

export const meta: Route.MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(matches, location, { title: data?.pageTitle, description: data?.description });

/** The overlays (`?galerie=`, `?kurs=`, `?news=`) are states of this page: no new data needed. */
const OVERLAY_PARAMS = ["galerie", "kurs", "news"];

const withoutOverlays = (url: URL) => {
  const params = new URLSearchParams(url.search);
  for (const key of OVERLAY_PARAMS) params.delete(key);
  params.sort();
  return params.toString();
};

export const shouldRevalidate = revalidateWhen(
  (currentUrl, nextUrl) =>
    currentUrl.pathname !== nextUrl.pathname ||
    withoutOverlays(currentUrl) !== withoutOverlays(nextUrl),
);

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  if (data.variant === "landing") {
    return <Landing data={data} shopName={root?.shell.shopName ?? ""} />;
  }
  return (
    <section className="page">
      <h1>{data.title}</h1>
      {data.introText ? <p className="lead">{data.introText}</p> : null}
      <BranchDirectory list={data} resetPath="/" />
    </section>
  );
}
