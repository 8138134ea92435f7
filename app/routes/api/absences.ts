import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { absencesFor, bookAbsenceFor } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  readBody,
  requireManager,
  unreadableBody,
} from "../../features/time-tracking/requests.server";
import { problemAnswer } from "../../server/outcome";

/**
 * `GET /api/absences?from&to&branch&user` and `POST` an absence
 * `{ userId, from, to?, kind, half? }` (issue 21, decision 059).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const absences = await absencesFor(context.db, user, new URL(request.url).searchParams);
  return absences.ok ? jsonData(absences.value) : problemAnswer(absences);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const booked = await bookAbsenceFor(context, user, body);
  return booked.ok ? jsonData({ days: booked.value }, 201) : problemAnswer(booked);
}
