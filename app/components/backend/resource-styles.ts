import type { Route } from "#app/server/route-types";
import stylesheet from "#app/styles/resources.css?url";

/** The resource pages' stylesheet, for the `links` of each route that shows them. */
export const resourceLinks: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
