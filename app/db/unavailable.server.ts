/**
 * The one place that decides whether an error means "the database is not reachable right now"
 * (restarted, shut down, network gone, pool could not connect) rather than "this request is
 * wrong". Such an error is answered 503 with a retry hint (app/server/database-outage.server.ts),
 * a pooled connection that raised it is discarded (connection.server.ts), and nothing else about
 * it is special: the next request simply tries again (docs/decisions/026).
 */

/**
 * SQLSTATEs of a connection that is gone or refused: class 08 (connection exception), 57P01
 * admin_shutdown (`pg_terminate_backend`, a fast shutdown), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres and pg-pool say these without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string") {
    if (code.startsWith("08") && code.length === 5) return true;
    if (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  if (typeof message === "string" && DRIVER_MESSAGES.some((text) => message.startsWith(text))) {
    return true;
  }
  // Connecting to 'localhost' tries IPv6 and IPv4: both refusals arrive as one AggregateError.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
