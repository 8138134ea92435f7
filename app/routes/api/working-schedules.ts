import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planShift, shiftsOf } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  readBody,
  requireManager,
  unreadableBody,
} from "../../features/time-tracking/requests.server";
import { problemAnswer } from "../../server/outcome";

/**
 * `GET /api/working-schedules?from&to&branch&user&department` and `POST` a shift
 * `{ userId, branchId, day, start, end, departmentId? }` (issue 21, decision 059).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const shifts = await shiftsOf(context.db, user, new URL(request.url).searchParams);
  return shifts.ok ? jsonData(shifts.value) : problemAnswer(shifts);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const planned = await planShift(context, user, body);
  return planned.ok ? jsonData(planned.value, 201) : problemAnswer(planned);
}
