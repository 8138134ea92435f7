/**
 * `react-dom/client` as the browser build sees it (vite.config.ts, decision 082): Preact's
 * compatibility layer, with one difference. Remix hydrates the whole document, `<html>` and all;
 * Preact treats `document` as `document.documentElement` and would build a second `<html>` inside
 * the first. Handed a stand-in parent whose only child is `<html>`, it hydrates the page in place.
 */
import { createRoot, hydrateRoot as hydrateInto } from "preact/compat/client";

export { createRoot };

type Container = Parameters<typeof hydrateInto>[0];

export function hydrateRoot(container: Container, children: Parameters<typeof hydrateInto>[1]) {
  if (container !== document) return hydrateInto(container, children);
  const html = document.documentElement;
  // Only a page whose root element differs from the server's would get here: it replaces it.
  const replaceRoot = (node: Node) => document.replaceChild(node, html);
  const documentParent = {
    childNodes: [html],
    firstChild: html,
    insertBefore: replaceRoot,
    appendChild: replaceRoot,
  };
  return hydrateInto(documentParent as unknown as Container, children);
}
