import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { seoMeta } from "../../seo";
import { loadBranch } from "../../features/storefront/branch.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const branch = await loadBranch(context.db, params.branchIdentifier ?? "", new Date());
  if (!branch) throw new Response(null, { status: 404, statusText: "Not Found" });
  return branch;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(matches, location, { title: data?.pageTitle, description: data?.description });

/** The item dialog's own navigations (open, quantity steps, cancel) change nothing here. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const branchOf = (url: URL) => url.pathname.split("/")[2];
  return branchOf(currentUrl) === branchOf(nextUrl) ? false : defaultShouldRevalidate;
};

export default function BranchLayout() {
  return <Outlet />;
}
