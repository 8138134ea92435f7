import type { RouteConfigEntry } from "@remix-run/route-config";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import * as root from "#app/root";
import routeConfig from "#app/routes";
import { withRouteDefaults } from "#app/server/route-defaults.server";
import { serverBuildFrom } from "./server-build";

/**
 * The whole app as a Remix server build, assembled from `app/routes.ts` and the route modules
 * themselves (no Vite build): every route the real server has, with the same ids, nesting and
 * matching. Requests go through Remix's own document, single-fetch and resource-route handling.
 * Client assets are placeholders; nothing here runs in a browser.
 */
export interface RouteEntry {
  id: string;
  parentId: string;
  file: string;
  /** The full URL pattern without the leading slash ('' for the home page). */
  fullPath: string;
  path: string | undefined;
  index: boolean;
}

const routeModules = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*.{ts,tsx}");

/** Remix's default id: the file without its extension. */
const routeIdOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");

/** Every route of `app/routes.ts`, parents before children. */
export function appRoutes(config: RouteConfigEntry[] = routeConfig): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const walk = (list: RouteConfigEntry[], parentId: string, parentPath: string) => {
    for (const entry of list) {
      const id = routeIdOf(entry);
      const fullPath = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
      entries.push({
        id,
        parentId,
        file: entry.file,
        fullPath,
        path: entry.path,
        index: entry.index === true,
      });
      if (entry.children) walk(entry.children, id, fullPath);
    }
  };
  walk(config, "root", "");
  return entries;
}

export async function routeModule(file: string): Promise<Record<string, unknown>> {
  const load = routeModules[`../../app/${file}`];
  if (!load) throw new Error(`Routenmodul fehlt: app/${file}`);
  return load();
}

let build: Promise<ServerBuild> | undefined;

export function appBuild(): Promise<ServerBuild> {
  build ??= assemble();
  return build;
}

/** As server.ts serves it, with the defaults every route gets (app/server/route-defaults.server.ts). */
async function assemble(): Promise<ServerBuild> {
  return withRouteDefaults(await assembleRoutes());
}

async function assembleRoutes(): Promise<ServerBuild> {
  return serverBuildFrom([
    { id: "root", parentId: undefined, path: "", module: root },
    ...(await Promise.all(
      appRoutes().map(async (entry) => ({
        id: entry.id,
        parentId: entry.parentId,
        path: entry.path,
        index: entry.index,
        module: await routeModule(entry.file),
      })),
    )),
  ]);
}

/** A request handler over the whole app for one load context. */
export async function appHandler(
  context: AppLoadContext,
): Promise<(request: Request) => Promise<Response>> {
  const handler = createRequestHandler(await appBuild(), "production");
  return (request) => handler(request, context);
}
