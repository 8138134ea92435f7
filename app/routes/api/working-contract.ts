import type { Route } from "#app/server/route-types";
import {
  contractFor,
  plannableId,
  saveContract,
} from "#app/features/time-tracking/plan-service.server";
import {
  jsonData,
  managersRead,
  methodNotAllowed,
  readBody,
  requireManager,
  unreadableBody,
} from "#app/routes/time-tracking-requests.server";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { problem, problemAnswer, refused, succeeded } from "#app/server/outcome";
import { unknownKeysAnswer } from "#app/server/unknown-keys";

/**
 * `GET` and `PUT /api/working-contracts/{userId}` `{ weekdayMinutes?, holidayDays?,
 * carryOverDays?, year? }` (issue 21, decision 059): the week's contracted minutes per weekday
 * and a year's holiday entitlement.
 */
export const loader = managersRead(async (db, user, _search, params) => {
  const id = await plannableId(db, user, params.userId);
  return id ? succeeded(await contractFor(db, id)) : refused(404, de.errors.unknownPerson);
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireManager(request, context);
  const id = await plannableId(context.db, user, params.userId);
  if (!id) return problem(404, de.errors.unknownPerson);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const unknown = unknownKeysAnswer(body, {
    takes: ["weekdayMinutes", "holidayDays", "carryOverDays", "year"],
    answers: ["userId"],
  });
  if (unknown) return unknown;
  const saved = await saveContract(context, user, id, body);
  return saved.ok ? jsonData(await contractFor(context.db, id)) : problemAnswer(saved);
}
