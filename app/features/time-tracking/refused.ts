import {
  firstMessage,
  refused,
  succeeded,
  type Outcome,
  type Refusal,
  type RefusalStatus,
} from "#app/server/outcome";

/**
 * The working plan's checks stop at the first problem, several calls deep. Inside a service they
 * throw a `Refused`; `outcomeOf` turns it back into the service's `Outcome` (decision 081), so
 * no caller ever sees the throw.
 */
export class Refused {
  constructor(readonly refusal: Refusal) {}
}

export const bad = (status: RefusalStatus, message: string) =>
  new Refused(refused(status, message));

export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return succeeded(await work());
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** The value of an outcome, or the throw of its refusal with `prefix` before its message. */
export function valueOf<T>(outcome: Outcome<T>, prefix?: string): T {
  if (outcome.ok) return outcome.value;
  throw prefix ? bad(outcome.status, `${prefix} ${firstMessage(outcome)}`) : new Refused(outcome);
}
