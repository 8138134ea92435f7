/** The tax adviser's export's entry for the registry (plain data: the browser bundle may hold it). */
export { taxExportAreas } from "./tax-export.area";
