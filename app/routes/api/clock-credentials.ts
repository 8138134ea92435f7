import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import {
  credentialsInput,
  credentialsPerson,
  credentialsState,
  saveCredentials,
} from "#app/features/time-tracking/clock-credentials.server";
import { managersRead, managersWrite, noContent } from "#app/routes/time-tracking-requests.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { firstMessage, problem, succeeded, type Refusal } from "#app/server/outcome";

/**
 * `GET` and `PUT /api/clock-credentials/{userId}` `{ pin?, card?, removeCard? }` (decision 065): a manager
 * sets or resets the time-clock PIN (clearing its lock) and card of a person of their branches.
 */
export const loader = managersRead(async (db, user, _search, params) => {
  const person = await credentialsPerson(db, user, parseId(params.userId));
  return person.ok ? succeeded(await credentialsState(db, person.value)) : person;
});

/** What a PUT (or POST) of the PIN and card may hold (decision 104). */
const CREDENTIAL_KEYS = { PUT: { takes: ["pin", "card", "removeCard"] } };

const failed = (refusal: Refusal) =>
  problem(refusal.status, `${de.credentials.failed} ${firstMessage(refusal)}`);

export async function action(args: Route.ActionArgs) {
  const write = await managersWrite(
    args,
    ["PUT"],
    async (user) => {
      const person = await credentialsPerson(args.context.db, user, parseId(args.params.userId));
      return person.ok ? person.value : failed(person);
    },
    CREDENTIAL_KEYS,
  );
  if (write instanceof Response) return write;
  const input = credentialsInput(write.body);
  if (!input.ok) return failed(input);
  const saved = await saveCredentials(args.context, write.user, write.row, input.value);
  return saved.ok ? noContent() : failed(saved);
}
