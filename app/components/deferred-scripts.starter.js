// The starter of <DeferredScripts/> (decision 015), sent verbatim as an inline script: plain
// JavaScript that no build step rewrites. Comment lines and indentation are dropped when sent.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function startDeferredScripts(templateId, evaluateOneByOne) {
  var template = document.getElementById(templateId);
  var nonce = document.currentScript ? document.currentScript.nonce : "";
  if (!(template instanceof HTMLTemplateElement)) return;
  var originals = Array.from(template.content.children);
  var copy = function (original, parent) {
    var element = document.createElement(original.localName);
    for (var attribute of Array.from(original.attributes)) {
      if (attribute.name !== "nonce") element.setAttribute(attribute.name, attribute.value);
    }
    if (element instanceof HTMLScriptElement) {
      element.nonce = nonce;
      element.textContent = original.textContent;
    }
    parent.appendChild(element);
  };
  var links = originals.filter(function (element) {
    return element.localName === "link";
  });
  var modules = originals.filter(function (element) {
    return element.getAttribute("type") === "module";
  });
  // Remix's classic script sets up __remixContext, which the streamed loader data writes into.
  originals.forEach(function (original) {
    if (original.localName === "script" && modules.indexOf(original) < 0) {
      copy(original, document.body);
    }
  });
  // The entry hydrates the page: Remix's module script imports it last, and so do we.
  var entry = /import\(("[^"]+")\);?\s*$/.exec(modules.length ? modules[0].textContent : "");
  var entryPath = entry ? JSON.parse(entry[1]) : null;
  var nextTask = function () {
    return new Promise(function (resolve) {
      setTimeout(resolve, 0);
    });
  };
  var started = false;
  var start = async function () {
    if (started) return;
    started = true;
    // Each request costs the main thread a few milliseconds: one per task.
    for (var link of links) {
      copy(link, document.head);
      await nextTask();
    }
    // Evaluated as one graph the chunks made one long task: one module per task instead.
    if (evaluateOneByOne && entryPath) {
      for (var preload of links) {
        var href = preload.getAttribute("href");
        if (!href || href === entryPath) continue;
        await nextTask();
        // A module that fails here fails Remix's own script just the same, which reports it.
        await import(href).catch(function () {});
      }
    }
    await nextTask();
    modules.forEach(function (original) {
      copy(original, document.body);
    });
  };
  // Start once the page has painted (its first contentful paint) and loaded, or two seconds
  // after parsing when photos hold the load event back. A tab in the background starts when
  // it is shown and paints.
  var loaded = false;
  var painted = false;
  var startWhenReady = function () {
    if (loaded && painted) setTimeout(start, 0);
  };
  var onLoaded = function () {
    loaded = true;
    startWhenReady();
  };
  var onPainted = function () {
    painted = true;
    startWhenReady();
  };
  if (document.readyState === "complete") loaded = true;
  else window.addEventListener("load", onLoaded, { once: true });
  document.addEventListener(
    "DOMContentLoaded",
    function () {
      setTimeout(onLoaded, 2000);
    },
    { once: true },
  );
  var paintTypes =
    typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes;
  if (paintTypes && paintTypes.indexOf("paint") >= 0) {
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      onPainted();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(onPainted, 0);
    });
  }
}
