import type { AppLoadContext } from "@remix-run/node";
import { de } from "#app/i18n/de-backoffice";
import { apiError, forbidden, requireStaff } from "#app/features/staff/staff-auth.server";

/**
 * The guard of the catalogue's own routes (bulk changes, CSV, labels): administrators only, as
 * every catalogue area. A page answers the forbidden page, the API its JSON 403.
 */
export async function adminFor(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) {
    throw new URL(request.url).pathname.startsWith("/api/")
      ? apiError(403, de.resources.edit.forbidden)
      : forbidden("page");
  }
  return user;
}
