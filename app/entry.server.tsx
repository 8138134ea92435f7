import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { DocumentVisitorProvider } from "./components/visitor-slot";
import { withoutNulBytes } from "./server/html-stream.server";
import { markUnavailable } from "./server/database-outage.server";
import { errorLog } from "./server/error-log.server";
// zod with its German messages, for every form and API request the server checks (decision 091).
import "./zod-in-german";

const ABORT_DELAY = 5_000;

/** The customer's parts of a kept menu page, for the page cache in server.ts (decision 049). */
export { menuVisitorParts } from "./features/storefront/menu-visitor.server";
export {
  checkoutRenewals,
  checkoutStamp,
  isCheckoutPage,
} from "./features/checkout/checkout-stamp.server";
export { isStatusPage, statusPageStamp } from "./features/orders/status-page-stamp.server";
/** This build's copy of the reference data, dropped by server.ts's listener (decision 032). */
export { forgetReferenceData } from "./features/shared/reference-data.server";

/** A `.data` request during a database outage carries the document's retry hint too. */
export function handleDataRequest(response: Response): Response {
  if (response.status === 503) markUnavailable(response.headers);
  allowOn405(response.status, response.headers);
  return response;
}

/**
 * Remix answers a change sent to a page without an action with a bare 405; the page is there to
 * be read, and `Allow` says so (a route that takes other methods answers its own 405).
 */
function allowOn405(status: number, headers: Headers): void {
  if (status === 405 && !headers.has("Allow")) headers.set("Allow", "GET, HEAD");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The database was away (app/server/database-outage.server.ts): the error page says so.
  if (responseStatusCode === 503) markUnavailable(responseHeaders);
  allowOn405(responseStatusCode, responseHeaders);
  // Every document is sent once it is complete: no loader defers anything, so the shell is the
  // whole page anyway, and waiting for it keeps the bytes the same however busy the server is.
  // Flushed at the shell, a slow render could leave Remix's data transfer in a late boundary with
  // React's inline swap script, which a kept page's script hashes (decision 025) do not know.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentVisitorProvider value={loadContext.documentParts?.visitor ?? null}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </DocumentVisitorProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(withoutNulBytes())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(error, request);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

const logError = errorLog();

/**
 * Remix reports every error here; a request it answers with a 4xx itself (a POST to a page
 * without a form, an unknown address) is the client's mistake, not ours, and stays out of the log,
 * as does a request the client gave up on and Remix's warning about a `?_data` request (refused
 * before Remix since issue 35). What is left is ours: one line each, the same one at most once a
 * minute (app/server/error-log.server.ts), so nobody can fill the log by repeating a request.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status < 500) return;
  if (error instanceof Error && error.message.startsWith(SINGLE_FETCH_WARNING)) return;
  logError(error, request);
}

const SINGLE_FETCH_WARNING = "Warning: Single fetch-enabled apps should not be making ?_data";
