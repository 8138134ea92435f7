import type { Route } from "#app/server/route-types";
import officeStyles from "#app/styles/office.css?url";

/**
 * The sign-in pages (the password form, the login link's confirmation) are staff pages without
 * the back office's layout: no storefront chrome around them (`handle`, see root.tsx), and the
 * panel and form styles the layout would bring come from here.
 */
export const signInHandle = { backOffice: true };

export const signInLinks: Route.LinksFunction = () => [{ rel: "stylesheet", href: officeStyles }];
