import type { ServerBuild } from "@remix-run/node";
import * as root from "#app/root";
import * as publicOrder from "#app/routes/api/public-order";
import * as publicOrderOperation from "#app/routes/api/public-order-operation";
import * as site from "#app/routes/site";
import * as status from "#app/routes/status";
import { serverBuildFrom } from "./server-build";

/** The routes the status page needs, as `app/routes.ts` declares them (see server-build.ts). */
const routeTable = [
  { id: "root", parentId: undefined, path: "", module: root },
  { id: "routes/status", parentId: "root", path: "status/:uid/:hash", module: status },
  {
    id: "routes/api/public-order",
    parentId: "root",
    path: "api/orders/public/:uid/:hash",
    module: publicOrder,
  },
  {
    id: "routes/api/public-order-operation",
    parentId: "root",
    path: "api/orders/public/:uid/:hash/:operation",
    module: publicOrderOperation,
  },
  { id: "routes/site", parentId: "root", path: "*", module: site },
] as const;

export function statusPageBuild(): ServerBuild {
  return serverBuildFrom(routeTable);
}
