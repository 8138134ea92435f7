import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DocumentVisitorProvider, readDocumentVisitor } from "./components/visitor-slot";

// A navigation that the next one interrupts is aborted by the router, and what was already reading
// its answer rejects with an AbortError nobody waits for: turbo-stream 2.4.1's decode leaves two
// such promises when the stream breaks after its first line. An abort that was asked for is no
// fault; any other unhandled rejection is still reported.
const isAbort = (value: unknown) => value instanceof DOMException && value.name === "AbortError";
window.addEventListener("unhandledrejection", (event) => {
  if (isAbort(event.reason)) event.preventDefault();
});
// The same abort reaches Remix's single fetch while it decodes the interrupted answer, and it
// logs the error before it gives up on that answer (`console.error(error)` in its turbo-stream
// decoding; CI, stop 32). The customer's next page is unaffected; only that lone log is dropped.
const logError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args.length === 1 && isAbort(args[0])) return;
  logError(...args);
};

// The visitor's part of the page came beside its loader data (decision 049).
const documentVisitor = readDocumentVisitor();

// With single fetch, RemixBrowser's first render throws (suspends on) the promise that decodes the
// page's state snapshot, and React's root waits for it. Preact's compat layer, which runs in the
// browser (decision 082), cannot suspend a hydrating document: wait for that promise before
// hydrating, so that the first render already has the state. Anything else it throws is left
// to the real render.
async function whenStateDecoded() {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void whenStateDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <DocumentVisitorProvider value={documentVisitor}>
          <RemixBrowser />
        </DocumentVisitorProvider>
      </StrictMode>,
    );
  }),
);
