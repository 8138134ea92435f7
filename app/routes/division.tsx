import type { Route } from "#app/server/route-types";
import { useLoaderData } from "@remix-run/react";
import { BranchDirectory } from "#app/components/branch-directory";
import { seoMeta } from "#app/seo";
import { loadDivision } from "#app/features/storefront/division.server";
import { readHomeQuery } from "#app/features/storefront/home.server";

/** `/division/{identifier}`: one division's branches (spec section 2, decision 048). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const division = await loadDivision(
    context.db,
    params.divisionIdentifier ?? "",
    new Date(),
    readHomeQuery(new URL(request.url)),
  );
  if (!division) throw new Response(null, { status: 404, statusText: "Not Found" });
  return division;
}

export const meta: Route.MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(matches, location, {
    title: data?.pageTitle,
    description: data?.description ?? undefined,
  });

export default function Division() {
  const division = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <h1>{division.title}</h1>
      {division.description ? <p className="lead">{division.description}</p> : null}
      <BranchDirectory list={division.list} resetPath={`/division/${division.identifier}`} />
    </section>
  );
}
