import { request as httpRequest } from "node:http";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { startAppServer, type AppServer } from "#tests/support/staff";

/**
 * Issue 17's menu as the server renders it: available products before unavailable ones, the
 * `?suche=` search without JavaScript, the '+' form's way back to the row, and the small JSON
 * an open menu page polls for menu changes (spec section 4, decision 043).
 */

/** The rows of the page in order: product id and name (from the link's label). */
function rows(html: string): { id: number; name: string }[] {
  const pattern = /<li id="produkt-(\d+)"[\s\S]*?aria-label="([^"]+) auswählen"/g;
  return [...html.matchAll(pattern)].map((match) => ({
    id: Number(match[1]),
    name: match[2]!.replace(/&amp;/g, "&").replace(/&quot;/g, '"'),
  }));
}

/** The rows of one category section, by the category's id. */
function rowsOfCategory(html: string, categoryId: number) {
  const start = html.indexOf(`id="kategorie-${categoryId}"`);
  const end = html.indexOf("</section>", start);
  return rows(html.slice(start, end));
}

function categoryOrder(html: string): number[] {
  return [...html.matchAll(/<section id="kategorie-(\d+)"/g)].map((match) => Number(match[1]));
}

describe.each(databaseTargets())("the storefront menu on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let branchId: number;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, { headers, redirect: "manual" });
  const html = async (path: string) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    return response.text();
  };
  const version = async () => {
    const response = await get("/store/altstadt/menu-version");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { data: { version: string } };
    return body.data.version;
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date(), adminPassword: "storefront-menu-admin" });
    server = await startAppServer(db);
    branchId = await branchIdOf(db, "altstadt");
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("lists sold-out products after the available ones of their category", async () => {
    const before = await html("/store/altstadt");
    const [categoryId] = categoryOrder(before);
    const first = rowsOfCategory(before, categoryId!);
    expect(first.length).toBeGreaterThan(2);
    const soldOut = first[0]!;
    await db
      .updateTable("products")
      .set({ isVisibleWhenUnavailable: true })
      .where("id", "=", soldOut.id)
      .execute();
    await db
      .insertInto("productSoldOut")
      .values({ productId: soldOut.id, branchId, until: new Date(Date.now() + 3_600_000) })
      .execute();
    try {
      const after = rowsOfCategory(await html("/store/altstadt"), categoryId!);
      expect(after.map((row) => row.id)).toEqual([
        ...first.slice(1).map((row) => row.id),
        soldOut.id,
      ]);
    } finally {
      await db.deleteFrom("productSoldOut").where("productId", "=", soldOut.id).execute();
    }
  });

  it("moves a category with nothing orderable behind the others", async () => {
    const before = await html("/store/altstadt");
    const [categoryId, secondId] = categoryOrder(before);
    const ids = rowsOfCategory(before, categoryId!).map((row) => row.id);
    await db
      .updateTable("products")
      .set({ isVisibleWhenUnavailable: true })
      .where("id", "in", ids)
      .execute();
    await db
      .insertInto("productSoldOut")
      .values(
        ids.map((productId) => ({ productId, branchId, until: new Date(Date.now() + 3_600_000) })),
      )
      .execute();
    try {
      const order = categoryOrder(await html("/store/altstadt"));
      expect(order[0]).toBe(secondId);
      expect(order.at(-1)).toBe(categoryId);
    } finally {
      await db.deleteFrom("productSoldOut").where("productId", "in", ids).execute();
    }
  });

  it("filters by name and description with ?suche= (no JavaScript needed)", async () => {
    const all = rows(await html("/store/altstadt"));
    const found = rows(await html("/store/altstadt?suche=BR%C3%96TCHEN"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    const products = await db
      .selectFrom("products")
      .select(["id", "name", "description"])
      .where(
        "id",
        "in",
        found.map((row) => row.id),
      )
      .execute();
    for (const product of products) {
      expect(`${product.name} ${product.description ?? ""}`.toLowerCase()).toMatch(/brötchen/);
    }
    // The search term stays in the field and goes along with every '+'.
    const page = await html("/store/altstadt?suche=br%C3%B6tchen");
    expect(page).toMatch(/<input[^>]*id="menu-suche"[^>]*value="brötchen"/);
    expect(page).toContain('<input type="hidden" name="suche" value="brötchen"/>');
  });

  it("says so when the search finds nothing, and survives hostile terms", async () => {
    const none = await html("/store/altstadt?suche=zzzzqqq");
    expect(rows(none)).toEqual([]);
    expect(none).toContain("Leider wurden keine Ergebnisse gefunden.");
    const hostile = await get(
      `/store/altstadt?suche=${"%00%ED%A0%80".repeat(3)}${"x".repeat(300)}`,
    );
    expect(hostile.status).toBeLessThan(500);
  });

  it("shows the lead time on the row", async () => {
    const page = await html("/store/altstadt");
    const shown = rows(page).map((row) => row.id);
    const products = await db
      .selectFrom("products")
      .select(["id", "leadTimeValue", "leadTimeType"])
      .where("isLeadTimeEnabled", "=", true)
      .where("leadTimeType", "=", "days")
      .where("leadTimeValue", "=", 2)
      .where("id", "in", shown)
      .execute();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const start = page.indexOf(`<li id="produkt-${product.id}"`);
      expect(page.slice(start, page.indexOf("</li>", start))).toContain("Vorlaufzeit: 2 Tage");
    }
  });

  it("brings a page without JavaScript back to the row it added from, with its search", async () => {
    const page = await html("/store/altstadt?suche=br%C3%B6tchen");
    // The list is one form; each '+' is a button naming its product (a browser sends its value).
    const form =
      /<form method="post" action="([^"]+)" class="menu-list">((?:<input [^>]*\/>)*)/.exec(page);
    const button =
      /<button type="submit" name="productId" value="(\d+)" aria-label="[^"]+" class="quick-add-button"/.exec(
        page,
      );
    expect(form).not.toBeNull();
    expect(button).not.toBeNull();
    const [, action, hidden] = form!;
    const productId = button![1]!;
    const body = new URLSearchParams([
      ...[...hidden!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
        (match) => [match[1]!, match[2]!] as [string, string],
      ),
      ["productId", productId],
    ]);
    expect(body.get("suche")).toBe("brötchen");
    // node:http, since fetch() sets Sec-Fetch-Mode itself: a browser's form post says navigate.
    const post = (mode: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const request = httpRequest(
          `${server.origin}${action!.replace(/&amp;/g, "&")}`,
          {
            method: "POST",
            headers: {
              Origin: server.origin,
              "Content-Type": "application/x-www-form-urlencoded",
              "Sec-Fetch-Mode": mode,
            },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          },
        );
        request.on("error", reject);
        request.end(body.toString());
      });
    const navigated = await post("navigate");
    expect(navigated.status).toBe(303);
    expect(navigated.location).toBe(
      `/store/altstadt?hinweis=added&suche=br%C3%B6tchen#produkt-${productId}`,
    );
    const fetched = await post("cors");
    expect(fetched.location).toBe("/store/altstadt?hinweis=added&suche=br%C3%B6tchen");
  });

  it("answers the menu version as JSON, and a new one after the menu changed", async () => {
    const first = await version();
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(await version()).toBe(first);
    const page = await html("/store/altstadt");
    // The page knows the version it shows (in Remix's streamed data).
    expect(page).toMatch(new RegExp(`menuVersion\\\\?",\\\\?"${first}`));
    const [row] = rows(page);
    await db
      .updateTable("products")
      .set({ name: `${row!.name} neu` })
      .where("id", "=", row!.id)
      .execute();
    try {
      expect(await version()).not.toBe(first);
    } finally {
      await db.updateTable("products").set({ name: row!.name }).where("id", "=", row!.id).execute();
    }
    expect(await version()).toBe(first);
  });

  it("answers 404 in JSON for a branch that is not there", async () => {
    const response = await get("/store/gibt-es-nicht/menu-version");
    expect(response.status).toBe(404);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toBe("Diese Filiale gibt es nicht.");
  });
});
