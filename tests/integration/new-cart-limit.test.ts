import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { rawRequest } from "#tests/support/raw-request";
import { plainOrderableProduct, startShopWithCartBound } from "#tests/support/anonymous-shop";
import { nextAddress, type AppServer } from "#tests/support/staff";

/**
 * Issue 35: a visitor without a cart cookie makes a cart (and its item) with every addition, so
 * new carts are bounded per client address and minute; a visitor with a cart is never refused.
 */
const LIMIT = 5;

describe.each(databaseTargets())("new carts per address (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let branchPath: string;
  let form: string;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(), adminPassword: "new-cart-limit-admin" });
    server = await startShopWithCartBound(handle.db, LIMIT);
    const { branch, product } = await plainOrderableProduct(handle.db);
    // The branch page is an index route: its form posts to `?index`.
    branchPath = `/store/${branch.identifier}?index`;
    form = new URLSearchParams({
      intent: "add",
      productId: String(product.id),
      amount: "1",
      unit: product.unit,
    }).toString();
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const add = (address: string, cookie?: string) =>
    rawRequest(
      server.origin,
      "POST",
      branchPath,
      {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.origin,
        "X-Forwarded-For": address,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      form,
    );

  const carts = async () =>
    Number(
      (
        await handle.db
          .selectFrom("carts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses the address's carts beyond the limit with a German 429, writing nothing", async () => {
    const address = nextAddress();
    const before = await carts();
    const answers = [];
    for (let index = 0; index < LIMIT + 3; index += 1) answers.push(await add(address));
    expect(answers.slice(0, LIMIT).map((answer) => answer?.status)).toEqual(Array(LIMIT).fill(303));
    for (const refused of answers.slice(LIMIT)) {
      expect(refused?.status).toBe(429);
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused?.body).toContain("Warenkörbe angelegt");
    }
    expect(await carts()).toBe(before + LIMIT);
    expect(de.cartPanel.tooManyNewCarts(30)).toContain("30 Sekunden");

    // Another address is not held back by this one.
    expect((await add(nextAddress()))?.status).toBe(303);
  });

  it("lets a visitor with a cart go on adding, whatever the address started", async () => {
    const address = nextAddress();
    const first = await add(address);
    expect(first?.status).toBe(303);
    const setCookie = first?.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)])
      .map((line) => line.split(";")[0])
      .join("; ");
    for (let index = 1; index < LIMIT; index += 1) await add(address);
    expect((await add(address))?.status).toBe(429);
    const before = await carts();
    for (let index = 0; index < 3; index += 1)
      expect((await add(address, cookie))?.status).toBe(303);
    expect(await carts()).toBe(before);
  });
});
