import { menusResource } from "../catalogue/menus.resource";
import { branchesResource } from "../branches/branches.resource";
import { categoriesResource } from "../catalogue/categories.resource";
import { productGroupsResource } from "../catalogue/product-groups.resource";
import { productsResource } from "../catalogue/products.resource";
import { donateesResource } from "../donatees/donatees.resource";
import { departmentsResource, divisionsResource } from "../organisation/organisation.resources";
import { tablesResource } from "../tables/tables.resource";
import { tagsResource } from "../tags/tags.resource";
import { navigationsResource } from "../content/navigations.resource";
import { sitesResource } from "../content/sites.resource";
import { imageTemplatesResource } from "../templates/image-templates.resource";
import { blocksResource } from "../content/blocks.resource";
import {
  signageDevicesResource,
  signageSegmentsResource,
  signageStreamsResource,
} from "../signage/signage.resources";
import { devicesResource } from "../devices/devices.resource";
import { projectsResource, tasksResource } from "../projects/projects.resource";
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
  categoriesResource,
  productGroupsResource,
  productsResource,
  menusResource,
  sitesResource,
  navigationsResource,
  imageTemplatesResource,
  blocksResource,
  signageSegmentsResource,
  signageStreamsResource,
  signageDevicesResource,
  devicesResource,
  projectsResource,
  tasksResource,
);

export { allResources, resourceNamed } from "./resource.server";
