import type { ServerBuild } from "@remix-run/node";
import { completeStaffApiMethods } from "./api-methods.server";
import { answerBadInputWith400 } from "./bad-input.server";

/** What every route gets without asking: 400 for bad input, 401-then-405 on the staff API. */
export function withRouteDefaults(build: ServerBuild): ServerBuild {
  return completeStaffApiMethods(answerBadInputWith400(build));
}
