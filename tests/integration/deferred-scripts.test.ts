import { createRequestHandler, type AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase } from "#tests/support/db";
import { statusPageBuild } from "#tests/support/remix-app";

/**
 * Decision 015: Remix's scripts reach the browser inside an inert <template>, with one small
 * starter beside it, so that nothing of the framework is fetched before the page has loaded.
 * The browser side (hydration after load) is covered by the end-to-end tests.
 */
describe("the deferred scripts of a document", () => {
  let handle: DatabaseHandle;
  let html: string;

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    await seedDemoData(handle.db, { now: new Date("2026-11-21T09:30:00Z") });
    const context = {
      db: handle.db,
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: "/nicht-benutzt" },
      secrets: { session: "s".repeat(40) },
      cspNonce: "test-nonce",
      payments: {},
    } satisfies AppLoadContext;
    const handler = createRequestHandler(statusPageBuild(), "production");
    const response = await handler(new Request("http://localhost/site/imprint"), context);
    expect(response.status).toBe(200);
    html = await response.text();
  });

  afterAll(async () => {
    await handle?.close();
  });

  const template = () => {
    const match = /<template id="remix-scripts">([\s\S]*?)<\/template>/.exec(html);
    expect(match, "template with Remix's scripts").not.toBeNull();
    return match![1]!;
  };

  it("puts every module preload and the module script into the template", () => {
    const inside = template();
    expect(inside).toContain('<link rel="modulepreload" href="/assets/entry.client.js"/>');
    expect(inside).toContain('<link rel="modulepreload" href="/assets/routes-site.js"/>');
    expect(inside).toMatch(/<script nonce="test-nonce" type="module" async="">[^<]*import\(/);
    expect(inside).toMatch(/<script nonce="test-nonce">window.__remixContext = /);
    const outside = html.replace(inside, "");
    expect(outside).not.toContain("modulepreload");
    expect(outside).not.toContain('type="module"');
  });

  it("starts them with one nonce'd script, before the streamed loader data that needs them", () => {
    const starter = html.indexOf(
      '</template><script nonce="test-nonce">(function startDeferredScripts(',
    );
    expect(starter).toBeGreaterThan(0);
    const streamed = html.indexOf("window.__remixContext.streamController.enqueue(");
    expect(streamed).toBeGreaterThan(starter);
    // Every inline script carries the nonce; the page's policy allows no other.
    for (const tag of html.match(/<script[^>]*>/g) ?? [])
      expect(tag).toContain('nonce="test-nonce"');
  });
});
