import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sheetFor } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  requireManager,
} from "../../features/time-tracking/requests.server";
import { problemAnswer } from "../../server/outcome";

/** `GET /api/time-sheets?month&user` (issue 21, decision 059): a person's month. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  const sheet = await sheetFor(context.db, user, {
    month: search.get("month"),
    user: search.get("user"),
  });
  return sheet.ok ? jsonData(sheet.value) : problemAnswer(sheet);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireManager(request, context);
  return methodNotAllowed();
}
