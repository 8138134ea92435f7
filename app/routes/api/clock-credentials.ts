import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "#app/domain/values";
import {
  credentialsInput,
  credentialsPerson,
  credentialsState,
  saveCredentials,
} from "#app/features/time-tracking/clock-credentials.server";
import {
  jsonData,
  methodNotAllowed,
  noContent,
  readBody,
  requireManager,
  unreadableBody,
} from "#app/features/time-tracking/requests.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { firstMessage, problem, problemAnswer, type Refusal } from "#app/server/outcome";

/**
 * `GET` and `PUT /api/clock-credentials/{userId}` `{ pin?, card?, removeCard? }` (decision 065): a manager
 * sets or resets the time-clock PIN (clearing its lock) and card of a person of their branches.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const person = await credentialsPerson(context.db, user, parseId(params.userId));
  if (!person.ok) return problemAnswer(person);
  return jsonData(await credentialsState(context.db, person.value));
}

const failed = (refusal: Refusal) =>
  problem(refusal.status, `${de.credentials.failed} ${firstMessage(refusal)}`);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  if (request.method !== "PUT" && request.method !== "POST") return methodNotAllowed();
  const person = await credentialsPerson(context.db, user, parseId(params.userId));
  if (!person.ok) return failed(person);
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const input = credentialsInput(body);
  if (!input.ok) return failed(input);
  const saved = await saveCredentials(context, user, person.value, input.value);
  return saved.ok ? noContent() : failed(saved);
}
