import { createContext, useContext, type ReactNode } from "react";

/**
 * The visitor's own parts of a page that is otherwise the same for everyone (decision 049): a
 * customer's cart on a branch's menu. Each part stands between two empty markers; the server keeps
 * the page once (app/server/page-cache.server.ts) and puts each customer's parts between the
 * markers (app/server/page-slots.server.ts). So a part must render exactly as it would in the
 * whole page: it takes everything from its props, uses no `useId` and no router hooks (its forms
 * and links are plain; the page enhances them, `useEnhancedParts`).
 *
 * The visitor's data travels beside the page, not in its loader data (which is the same for
 * everyone): in a JSON script the browser does not run, read once when the page hydrates.
 */
export function VisitorSlot({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <>
      <template data-slot={name} />
      {children}
      <template data-slot={`/${name}`} />
    </>
  );
}

export const VISITOR_DATA_ID = "besucherdaten";

/** JSON that may stand inside a script element: no `<`, and no line separators JS chokes on. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The visitor's data as the page carries it (in its own slot, `data`). */
export function VisitorData({ value }: { value: unknown }) {
  return (
    <script
      type="application/json"
      id={VISITOR_DATA_ID}
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(value) }}
    />
  );
}

/**
 * The visitor's data of the document being rendered: the loader hands it to the server's render
 * through the load context (`documentParts`), the browser reads it from the page when it hydrates.
 */
const DocumentVisitorContext = createContext<unknown>(null);

export const DocumentVisitorProvider = DocumentVisitorContext.Provider;

export function useDocumentVisitor<T>(): T | null {
  return useContext(DocumentVisitorContext) as T | null;
}

/** In the browser, before hydrating: the data the server put into the page, or null. */
export function readDocumentVisitor(): unknown {
  const script = document.getElementById(VISITOR_DATA_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as unknown;
  } catch {
    return null;
  }
}
