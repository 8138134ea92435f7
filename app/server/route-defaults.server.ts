import type { ServerBuild } from "@remix-run/node";
import { completeStaffApiMethods } from "./api-methods.server";
import { answerBadInputWith400 } from "./bad-input.server";
import { answerResourceRoutes } from "./resource-answers.server";

/**
 * What every route gets without asking: 400 for bad input, 401-then-405 on the staff API, and a
 * resource route's thrown `data()` and missing methods answered as meant (issue 35).
 */
export function withRouteDefaults(build: ServerBuild): ServerBuild {
  return answerResourceRoutes(completeStaffApiMethods(answerBadInputWith400(build)));
}
