/**
 * One name for a route module's types, as React Router 7 gives them (decision 090):
 * `import type { Route } from "#app/server/route-types";`, then `Route.LoaderArgs`,
 * `Route.ActionArgs`, `Route.MetaFunction<typeof loader>`, `Route.LinksFunction`,
 * `Route.HeadersFunction`. The values (`data`, `redirect`) still come from "@remix-run/node".
 */
export type * as Route from "./route-type-aliases";
