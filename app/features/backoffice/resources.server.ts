import { branchesResource } from "../branches/branches.resource";
import { donateesResource } from "../donatees/donatees.resource";
import { departmentsResource, divisionsResource } from "../organisation/organisation.resources";
import { tablesResource } from "../tables/tables.resource";
import { tagsResource } from "../tags/tags.resource";
import { registerResources } from "./resource.server";

/**
 * Every back-office resource, registered once (decision 035). Adding an area: describe it in its
 * feature folder, register it here, list its name in `app/routes.ts` (`resourceRoutes`) and in
 * the navigation (`app/features/backoffice/areas.ts`).
 */
registerResources(
  branchesResource,
  tagsResource,
  tablesResource,
  donateesResource,
  divisionsResource,
  departmentsResource,
);

export { allResources, resourceNamed } from "./resource.server";
