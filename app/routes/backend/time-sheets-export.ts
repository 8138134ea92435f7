import type { LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetCsv } from "../../features/time-tracking/working-plan-pages.server";

/** `GET /backend/time-sheets/export?monat&person`: a person's month as CSV (decision 059). */
export const loader = ({ request, context }: LoaderFunctionArgs) => timeSheetCsv(request, context);
