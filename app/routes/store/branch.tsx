import type { Route } from "#app/server/route-types";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { BranchHours } from "#app/components/branch-hours";
import { seoMeta } from "#app/seo";
import { loadBranch } from "#app/features/storefront/branch.server";
import { branchOf, revalidateWhen } from "#app/components/store/revalidation";
import { tableVisitRedirect } from "#app/features/tables/table-visit.server";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const branch = await loadBranch(context.db, params.branchIdentifier ?? "", new Date());
  if (!branch) throw new Response(null, { status: 404, statusText: "Not Found" });
  // A table's QR code (`?tisch=T12`, decision 076): remembered, then the plain address.
  const visit = await tableVisitRedirect(request, context, branch);
  if (visit) throw visit;
  return branch;
}

export const meta: Route.MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(matches, location, { title: data?.pageTitle, description: data?.description });

/** The item dialog's own navigations (open, quantity steps, cancel) change nothing here. */
export const shouldRevalidate = revalidateWhen(
  (currentUrl, nextUrl) => branchOf(currentUrl) !== branchOf(nextUrl),
);

export default function BranchLayout() {
  const branch = useLoaderData<typeof loader>();
  // The hours belong below the menu, not below the checkout form (helper "pages", issue 17).
  const isCheckout = useMatches().some((match) => match.id.startsWith("checkout"));
  return (
    <>
      <Outlet />
      {isCheckout ? null : <BranchHours hours={branch.hours} />}
    </>
  );
}
