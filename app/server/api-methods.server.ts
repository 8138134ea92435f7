import type { ServerBuild } from "@remix-run/node";
import type { Route } from "./route-types";
import { de } from "#app/i18n/de";
import { de as staffTexts } from "#app/i18n/de-staff";
import { problem } from "./outcome";
import { isStaffPath, requireStaff } from "#app/features/staff/staff-auth.server";

/**
 * A staff API route that has no loader (or no action) would hear Remix's bare 405 before anyone
 * checked who is asking. Each gets one here: an anonymous caller hears 401 first, a signed-in one
 * a JSON 405 with `Allow`. Routes that handle several methods in their action answer their own
 * 405 (after their guard), as `routes/api/user.ts` does.
 */
export function completeStaffApiMethods(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const isStaffApi =
      route.path !== undefined &&
      !route.module.default &&
      isStaffPath(`/${fullPath(build, id)}`) &&
      fullPath(build, id).startsWith("api/");
    if (!isStaffApi || (route.module.loader && route.module.action)) {
      routes[id] = route;
      continue;
    }
    const allow = route.module.loader ? "GET, HEAD" : "POST";
    const refuse = async ({ request, context }: Route.LoaderArgs) => {
      await requireStaff(request, context);
      return Response.json(
        { errors: [{ message: de.errors.methodNotAllowed }] },
        { status: 405, headers: { Allow: allow } },
      );
    };
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: route.module.loader ?? refuse,
        action: route.module.action ?? refuse,
      },
    };
  }
  return { ...build, routes };
}

function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (
    let route = build.routes[id];
    route;
    route = route.parentId ? build.routes[route.parentId] : undefined
  ) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/");
}

/**
 * The JSON 405 of a staff API route whose action answers several methods, given after its guard
 * (`Allow` names what the address takes).
 */
export function apiMethodNotAllowed(allow: string): Response {
  return problem(405, staffTexts.staffAuth.methodNotAllowed, { headers: { Allow: allow } });
}
