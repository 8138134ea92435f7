import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import {
  clockActionOf,
  clockDevice,
  personOfApiCall,
  tapAtClock,
} from "#app/features/time-tracking/clock-device.server";
import { jsonData, readBody } from "#app/routes/time-tracking-requests.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { de as staffDe } from "#app/i18n/de-staff";
import { firstMessage, problem, problemAnswer } from "#app/server/outcome";

/**
 * `POST /api/time-tracking/{branchId}/{deviceKey}/working-activities/{start|end|pause|resume}`
 * (spec section 7, decision 058): one tap on the clock, answered with the new state or a 4xx with
 * the spec's 'Aktivität konnte nicht … werden.' and the reason.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return problem(405, staffDe.errors.methodNotAllowed);
  const device = await clockDevice(context.db, params);
  if (!device) return problem(404, staffDe.counterOrders.notFound);
  const tap = clockActionOf(params.action);
  if (!tap) return problem(404, de.errors.invalidAction);
  const body = await readBody(request);
  if (!body) return problem(400, de.failed[tap]);
  const unknown = unknownKeysAnswer(body, { takes: ["username", "accessToken"] });
  if (unknown) return unknown;
  const person = await personOfApiCall(context.db, device, {
    username: request.headers.get("X-Username") ?? body.username,
    token: request.headers.get("X-Access-Token") ?? body.accessToken,
  });
  if (!person.ok) {
    return problem(person.status, `${de.failed[tap]} ${firstMessage(person)}`.trim());
  }
  const done = await tapAtClock(context.db, device, person.value, tap);
  return done.ok ? jsonData(done.value) : problemAnswer(done);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const device = await clockDevice(context.db, params);
  return device
    ? problem(405, staffDe.errors.methodNotAllowed)
    : problem(404, staffDe.counterOrders.notFound);
}
