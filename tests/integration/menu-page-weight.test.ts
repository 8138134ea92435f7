import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLargeMenu } from "../../bench/large-menu";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startAppServer, type AppServer } from "#tests/support/staff";

/**
 * Issue 36, item 6: the branch page of a 300-product menu was 366 KB of HTML (rows and their
 * loader data) for a phone to fetch, parse and lay out. The rows lost what they repeated
 * without need (decision 078); this bounds the page so it does not creep back, and checks that
 * everything a browser without JavaScript uses is still in every row.
 */

/**
 * The seeded demo's last branch with a 300-product menu (`addLargeMenu`, as the bench fills it;
 * no photos in the test's seed): 274,527 bytes before the change, 248,404 after. The bound
 * leaves about 5 % for new texts.
 */
const MAX_HTML_BYTES = 260_000;

describe.each(databaseTargets())("a 300-product branch page on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let path = "";

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const now = new Date();
    await seedDemoData(db, { now, adminPassword: "menu-page-weight-admin" });
    const menu = await addLargeMenu(db, { products: 300, now });
    expect(menu.products).toBe(300);
    path = `/store/${menu.branchIdentifier}`;
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("stays under its byte bound with every row complete", async () => {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeLessThanOrEqual(MAX_HTML_BYTES);

    // Every product a row: its anchor, a link to its page named '… auswählen', a thumbnail with
    // its size and alt text; the simple ones a '+' of the list's one form (no JavaScript needed).
    const rows = html.split('<li id="produkt-').slice(1);
    expect(rows.length).toBe(300);
    for (const row of rows) {
      const end = row.indexOf("</li>");
      const markup = row.slice(0, end);
      expect(markup).toMatch(
        /<a href="\/store\/[^"/]+\/product\/\d+" aria-label="[^"]+ auswählen"/,
      );
      if (markup.includes("<img")) {
        expect(markup).toMatch(/<img src="\/image\/icon\/[^"]+" srcSet="[^"]+ [\d.]+x"/);
        expect(markup).toMatch(/width="64" height="64" alt="[^"]*"/);
      }
    }
    expect(html).toMatch(/<form method="post" action="\/store\/[^"/]+\?index" class="menu-list">/);
    const quickAdds = html.match(/<button type="submit" name="productId" value="\d+"/g) ?? [];
    expect(quickAdds.length).toBeGreaterThan(100);
  });
});
