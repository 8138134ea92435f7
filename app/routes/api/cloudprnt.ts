import type { Route } from "#app/server/route-types";
import {
  cloudPrntConfirm,
  cloudPrntFetch,
  cloudPrntPoll,
  QUICK_POLL_PASSED,
} from "#app/features/devices/cloudprnt.server";
import { de } from "#app/i18n/de";
import { problem } from "#app/server/outcome";

/**
 * Star CloudPRNT (decision 056): the printer's own address, named by its device token (no staff
 * session): POST polls, GET fetches a job, DELETE confirms it.
 */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  cloudPrntFetch(context.db, params.deviceToken, new URL(request.url));

export const action = ({ request, context, params }: Route.ActionArgs) => {
  if (request.method === "POST") {
    return cloudPrntPoll(context.db, params.deviceToken, {
      quickPassed: request.headers.has(QUICK_POLL_PASSED),
    });
  }
  if (request.method === "DELETE") {
    return cloudPrntConfirm(context.db, params.deviceToken, new URL(request.url), context.config);
  }
  return problem(405, de.errors.methodNotAllowed, { headers: { Allow: "GET, POST, DELETE" } });
};
