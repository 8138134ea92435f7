/** The daily closing's entry for the registry (plain data: the browser bundle may hold it). */
export { dailyClosingAreas } from "./daily-closing.area";
