import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DocumentVisitorProvider, readDocumentVisitor } from "./components/visitor-slot";

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
