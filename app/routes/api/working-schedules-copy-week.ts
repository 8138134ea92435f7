import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { copyWeek } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  readBody,
  requireManager,
  unreadableBody,
} from "../../features/time-tracking/requests.server";
import { problemAnswer } from "../../server/outcome";

/** `POST /api/working-schedules/copy-week` `{ branchId, week }`: "Vorwoche übernehmen" (decision 059). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireManager(request, context);
  return methodNotAllowed();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const copied = await copyWeek(context, user, body);
  return copied.ok ? jsonData({ copied: copied.value }, 201) : problemAnswer(copied);
}
