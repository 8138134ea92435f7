import { Scripts } from "@remix-run/react";
import { useEffect } from "react";
import starter from "./deferred-scripts.starter.js?raw";

const TEMPLATE_ID = "remix-scripts";

/**
 * The starter, as sent: comment lines and indentation dropped. Only the server uses it; the
 * client build leaves it out.
 */
let sentStarter: string | undefined;
const starterSource = () =>
  (sentStarter ??= starter
    .replace(/^\s*\/\/.*\n/gm, "")
    .replace(/^\s+/gm, "")
    .trim());

/**
 * Remix's `<Scripts/>`, started after the page has loaded. Every page is complete without
 * JavaScript, so the framework's ~90 KB need not compete with the first paint: the server renders
 * `<Scripts/>` into an inert `<template>` (nothing in it is fetched or run by the parser) and a
 * small inline script brings its contents to life (`deferred-scripts.starter.js`): it runs Remix's
 * classic script (`__remixContext`) at once and, once the page has painted and loaded, requests
 * the modules one per task, evaluates them one per task (not in development, where Vite's
 * refresh runtime must come first) and runs Remix's module script, which hydrates. In the
 * browser the template and the starter hydrate as they are, like Remix's own scripts do.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
  // `<html data-hydrated>`: the page's JavaScript has taken over (its handlers are attached).
  // End-to-end tests wait for it before using what only works with JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  if (import.meta.env.SSR) {
    return (
      <>
        <template id={TEMPLATE_ID}>
          <Scripts nonce={nonce} />
        </template>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `(${starterSource()})(${JSON.stringify(TEMPLATE_ID)}, ${!import.meta.env.DEV});`,
          }}
        />
      </>
    );
  }
  return (
    <>
      <template
        id={TEMPLATE_ID}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: "" }}
      />
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: " " }} />
    </>
  );
}
