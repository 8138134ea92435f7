import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  contractFor,
  plannableId,
  saveContract,
} from "#app/features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  readBody,
  requireManager,
  unreadableBody,
} from "#app/features/time-tracking/requests.server";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * `GET` and `PUT /api/working-contracts/{userId}` `{ weekdayMinutes?, holidayDays?,
 * carryOverDays?, year? }` (issue 21, decision 059): the week's contracted minutes per weekday
 * and a year's holiday entitlement.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const id = await plannableId(context.db, user, params.userId);
  if (!id) return problem(404, de.errors.unknownPerson);
  return jsonData(await contractFor(context.db, id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  const id = await plannableId(context.db, user, params.userId);
  if (!id) return problem(404, de.errors.unknownPerson);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const saved = await saveContract(context, user, id, body);
  return saved.ok ? jsonData(await contractFor(context.db, id)) : problemAnswer(saved);
}
