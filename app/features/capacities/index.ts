/** The capacities' entry for the registry (plain data: the browser bundle may hold it). */
export { capacitiesAreas } from "./capacities.area";
