import type { Route } from "#app/server/route-types";
import {
  clockDevice,
  clockStatus,
  ownActivities,
  ownShifts,
  personOfApiCall,
} from "#app/features/time-tracking/clock-device.server";
import { jsonData } from "#app/routes/time-tracking-requests.server";
import { de as staffDe } from "#app/i18n/de-staff";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * `GET /api/time-tracking/{branchId}/{deviceKey}/{me|working-activities|working-schedules}`
 * (spec section 7, decision 058): opened by the branch's time-clock key; the person by the
 * `X-Username` and `X-Access-Token` headers (or a card number as the token alone).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const device = await clockDevice(context.db, params);
  if (!device) return problem(404, staffDe.counterOrders.notFound);
  if (!["me", "working-activities", "working-schedules"].includes(params.call ?? "")) {
    return problem(404, staffDe.counterOrders.notFound);
  }
  const person = await personOfApiCall(context.db, device, {
    username: request.headers.get("X-Username"),
    token: request.headers.get("X-Access-Token"),
  });
  if (!person.ok) return problemAnswer(person);
  if (params.call === "me") return jsonData(await clockStatus(context.db, person.value));
  const search = new URL(request.url).searchParams;
  const query = { from: search.get("from"), to: search.get("to") };
  const answer =
    params.call === "working-activities"
      ? await ownActivities(context.db, person.value, query)
      : await ownShifts(context.db, device, person.value, query);
  return answer.ok ? jsonData(answer.value) : problemAnswer(answer);
}

/** Every call here is a GET; the taps are `POST …/working-activities/{action}`. */
export async function action({ context, params }: Route.ActionArgs) {
  const device = await clockDevice(context.db, params);
  return device
    ? problem(405, staffDe.errors.methodNotAllowed)
    : problem(404, staffDe.counterOrders.notFound);
}
