/** The storefront's query parameter that names the table a guest scanned (decision 076). */
export const TABLE_PARAM = "tisch";
