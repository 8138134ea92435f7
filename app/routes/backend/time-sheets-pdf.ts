import type { LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetPdfFile } from "../../features/time-tracking/working-plan-pages.server";

/** `GET /backend/time-sheets/pdf?monat&person`: a person's month as a PDF (decision 065). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  timeSheetPdfFile(request, context);
