import type { LinksFunction } from "@remix-run/node";
import stylesheet from "#app/styles/resources.css?url";

/** The resource pages' stylesheet, for the `links` of each route that shows them. */
export const resourceLinks: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
