import { homeAreas } from "./backoffice/home.area";
import { ordersAreas } from "./orders/orders.area";
import { productionAreas } from "./production/production.area";
import { capacitiesAreas } from "./capacities";
import { dailyClosingAreas } from "./daily-closing";
import { catalogueAreas } from "./catalogue/catalogue.area";
import { allergensAreas } from "./allergens/allergens.area";
import { labelsAreas } from "./labels/labels.area";
import { timeTrackingAreas } from "./time-tracking/time-tracking.area";
import { projectsAreas } from "./projects/projects.area";
import { contentAreas } from "./content/content.area";
import { mediaAreas } from "./media/media.area";
import { templatesAreas } from "./templates/templates.area";
import { uploadsAreas } from "./uploads/uploads.area";
import { branchesAreas } from "./branches/branches.area";
import { tablesAreas } from "./tables/tables.area";
import { devicesAreas } from "./devices/devices.area";
import { signageAreas } from "./signage/signage.area";
import { statisticsAreas } from "./statistics/statistics.area";
import { taxExportAreas } from "./tax-export";
import { logsAreas } from "./logs/logs.area";
import { staffAreas } from "./staff/staff.area";
import { tagsAreas } from "./tags/tags.area";
import { donateesAreas } from "./donatees/donatees.area";
import { organisationAreas } from "./organisation/organisation.area";
import { settingsAreas } from "./settings/settings.area";
import { webhooksAreas } from "./webhooks/webhooks.area";
import { apiContractAreas } from "./api-contract/api-contract.area";
import {
  areasAllowed,
  inMenuOrder,
  resourceNames,
  type AreaUser,
  type BackOfficeArea,
} from "./backoffice/areas";

/**
 * The registry of the back office (decision 083): every area, one line each, as its folder
 * describes it in `<area>.area.ts`. The navigation, the dashboard's tiles and the routes of the
 * standard resources (`app/routes.ts`) are drawn from this list; the server's resource
 * descriptions (`./resources.server.ts`) and the edit pages' editors (`./resource-editors.tsx`)
 * are found in the same folders by their file names. Plain data only: `app/routes.ts` reads it at
 * build time and the browser bundle may hold it.
 *
 * Each group's areas are shown together whatever the order here; within a group, in this order.
 */
export const BACK_OFFICE_AREAS: readonly BackOfficeArea[] = inMenuOrder([
  ...homeAreas,
  ...ordersAreas,
  ...productionAreas,
  ...capacitiesAreas,
  ...dailyClosingAreas,
  ...catalogueAreas,
  ...allergensAreas,
  ...labelsAreas,
  ...timeTrackingAreas,
  ...projectsAreas,
  ...contentAreas,
  ...mediaAreas,
  ...templatesAreas,
  ...uploadsAreas,
  ...branchesAreas,
  ...tablesAreas,
  ...devicesAreas,
  ...signageAreas,
  ...statisticsAreas,
  ...taxExportAreas,
  ...logsAreas,
  ...staffAreas,
  ...tagsAreas,
  ...donateesAreas,
  ...organisationAreas,
  ...settingsAreas,
  ...webhooksAreas,
  ...apiContractAreas,
]);

/** The standard resources' names, `/backend/<name>` and `/api/<name>` (decision 035). */
export const RESOURCE_NAMES: readonly string[] = resourceNames(BACK_OFFICE_AREAS);

/** The areas this staff member is offered, as plain data for the page. */
export const areasFor = (user: AreaUser) => areasAllowed(user, BACK_OFFICE_AREAS);

export { groupAreas, type AreaLink, type AreaGroup } from "./backoffice/areas";
