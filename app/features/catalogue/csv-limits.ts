/**
 * Body limits of the bulk changes and the CSV import (decision 036), in a module of their own so
 * the Express body guard (app/server/body-limit.server.ts) can name them without the routes.
 */

/** 5,000 products are about 1 MB of CSV; ten times that is a mistake or an attack. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart frame around the file on the import page. */
export const CSV_FORM_BYTES = CSV_MAX_BYTES + 64 * 1024;
/** A bulk change's JSON names many ids and, to guard the confirmation, their versions. */
export const BULK_BODY_BYTES = 1024 * 1024;
