import { Scripts } from "@remix-run/react";
import { useEffect } from "react";

const TEMPLATE_ID = "remix-scripts";

/**
 * Runs in the browser as an inline script right after the template (decision 015). Classic
 * scripts (Remix's `__remixContext`, which the streamed loader data that follows writes into) run
 * at once. Once the page has painted and loaded, the module preloads are added, the modules are
 * evaluated one per task (together they made one long task), and then Remix's module script runs
 * and hydrates the page. Written as a function so that it is type-checked; it is sent as its
 * source text.
 */
function startDeferredScripts(templateId: string): void {
  const template = document.getElementById(templateId);
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  if (!(template instanceof HTMLTemplateElement)) return;
  const originals = Array.from(template.content.children);
  const copy = (original: Element, parent: HTMLElement) => {
    const element = document.createElement(original.localName);
    for (const attribute of Array.from(original.attributes)) {
      if (attribute.name !== "nonce") element.setAttribute(attribute.name, attribute.value);
    }
    if (element instanceof HTMLScriptElement) {
      element.nonce = nonce;
      element.textContent = original.textContent;
    }
    parent.appendChild(element);
  };
  const links = originals.filter((element) => element.localName === "link");
  const modules = originals.filter((element) => element.getAttribute("type") === "module");
  for (const original of originals) {
    if (original.localName === "script" && !modules.includes(original))
      copy(original, document.body);
  }
  // The entry, which hydrates, is what Remix's module script imports last: it must come last.
  const entry = /import\(("[^"]+")\);?\s*$/.exec(modules[0]?.textContent ?? "")?.[1];
  const entryPath = entry ? (JSON.parse(entry) as string) : null;
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    // Requesting a file costs a few milliseconds of main thread each: one per task as well.
    for (const link of links) {
      copy(link, document.head);
      await nextTask();
    }
    if (entryPath) {
      for (const link of links) {
        const href = link.getAttribute("href");
        if (!href || href === entryPath) continue;
        await nextTask();
        // A failed module fails Remix's own script just the same, which reports it.
        await import(/* @vite-ignore */ href).catch(() => undefined);
      }
    }
    await nextTask();
    for (const original of modules) copy(original, document.body);
  };
  // Only once the page has been painted (its first contentful paint, so that no script competes
  // with it) and loaded (or two seconds after it was parsed, when photos hold the load event
  // back on a slow line). A tab in the background paints, and so starts, when it is shown.
  let loaded = false;
  let painted = false;
  const startWhenReady = () => {
    if (loaded && painted) setTimeout(start, 0);
  };
  const onLoaded = () => {
    loaded = true;
    startWhenReady();
  };
  const onPainted = () => {
    painted = true;
    startWhenReady();
  };
  if (document.readyState === "complete") loaded = true;
  else window.addEventListener("load", onLoaded, { once: true });
  document.addEventListener("DOMContentLoaded", () => setTimeout(onLoaded, 2000), { once: true });
  if (
    typeof PerformanceObserver === "function" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      onPainted();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(onPainted, 0));
  }
}

/**
 * Remix's `<Scripts/>`, started after the page has loaded. Every page is complete without
 * JavaScript, so the framework's ~90 KB need not compete with the first paint: the server renders
 * `<Scripts/>` into an inert `<template>` (nothing in it is fetched or run by the parser) and a
 * small inline script brings its contents to life (see `startDeferredScripts`). In the browser
 * the template and the starter hydrate as they are, like Remix's own scripts do.
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
            __html: `(${startDeferredScripts.toString()})(${JSON.stringify(TEMPLATE_ID)});`,
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
