import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DocumentVisitorProvider, readDocumentVisitor } from "./components/visitor-slot";

// A navigation that the next one interrupts is aborted by the router, and what was already reading
// its answer rejects with an AbortError nobody waits for: turbo-stream 2.4.1's decode leaves two
// such promises when the stream breaks after its first line. An abort that was asked for is no
// fault; any other unhandled rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") {
    event.preventDefault();
  }
});

// The visitor's part of the page came beside its loader data (decision 049).
const documentVisitor = readDocumentVisitor();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <DocumentVisitorProvider value={documentVisitor}>
        <RemixBrowser />
      </DocumentVisitorProvider>
    </StrictMode>,
  );
});
