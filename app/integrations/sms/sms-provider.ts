/**
 * One way out for text messages: a provider's HTTP API in production, a local fake in tests.
 * The outbox calls it; nothing else sends SMS directly, so a provider that is down only delays.
 */

export interface OutgoingSms {
  /** The recipient in E.164 (`+497611234567`). */
  to: string;
  text: string;
}

export interface SmsProvider {
  /** Resolves with the provider's id of the message once it accepted it; rejects otherwise. */
  send(sms: OutgoingSms): Promise<{ id: string }>;
}

/** The provider refused the message or could not be reached. */
export class SmsProviderError extends Error {
  override name = "SmsProviderError";
  constructor(
    message: string,
    /** The HTTP status, or undefined when the provider was not reached at all. */
    readonly status?: number,
    /** The provider's own error code (Twilio: 21211 for an invalid number, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What the providers need from outside: injectable for tests. */
export interface SmsRuntime {
  fetch?: typeof fetch;
  /** Per request; well within the outbox worker's lease on the row. */
  timeoutMs?: number;
}

export const DEFAULT_SMS_TIMEOUT_MS = 15_000;
