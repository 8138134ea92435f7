import type { LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetDownload } from "./time-sheets-pdf";

/** `GET /backend/time-sheets/export?monat&person`: a person's month as CSV (decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  timeSheetDownload(request, context, "csv");
