import type { LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetFile } from "../../features/time-tracking/plan-views.server";
import { requireManager } from "../../features/time-tracking/requests.server";
import { firstMessage } from "../../server/outcome";

/** `GET /backend/time-sheets/pdf?monat&person`: a person's month as a PDF (decision 065). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  timeSheetDownload(request, context, "pdf");

/** The month as a file to download; a refusal as plain German text with its status. */
export async function timeSheetDownload(
  request: Request,
  context: LoaderFunctionArgs["context"],
  format: "csv" | "pdf",
) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const file = await timeSheetFile(context.db, user, search, format);
  if (!file.ok) {
    return new Response(firstMessage(file), {
      status: file.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { body, contentType, filename } = file.value;
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
