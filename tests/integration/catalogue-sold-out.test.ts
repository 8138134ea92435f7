import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { endOfBusinessDay } from "#app/domain/sold-out";
import { resourceListLoader } from "#app/features/backoffice/resource-pages.server";
import { resourceNamed } from "#app/features/backoffice/resource.server";
import "#app/features/resources.server";
import { soldOutRowActions } from "#app/features/catalogue/sold-out-actions";
import { changeCart } from "#app/features/cart/cart-changes.server";
import {
  clearSoldOut,
  markSoldOut,
  soldOutProductIds,
} from "#app/features/catalogue/sold-out.server";
import { checkoutSchema, loadCheckout } from "#app/features/checkout/checkout.server";
import { newOrderKey } from "#app/features/checkout/checkout-view.server";
import { placeOrder } from "#app/features/checkout/place-order.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { loadStorefront } from "#app/features/storefront/storefront.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import {
  forgetOnReferenceChanges,
  storefrontPageCache,
} from "#app/server/reference-changes.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { appBuild } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  sessionCookie,
  startAppServer,
  staffContext,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";
import { awayFromMinuteTurn, expectShownInMinute } from "#tests/support/minute-turn";

/**
 * Sold out today (issue 15, decision 036): marked and cleared through the API and the back
 * office's form, by whom, until when, and what the storefront, the cart and the checkout make of
 * it, in this instance and (PostgreSQL) in another one at once.
 */
const texts = deCatalogue.soldOut;
const ZONE = "Europe/Berlin";

describe.each(databaseTargets())("sold out today (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let folder: string;
  let admin: TestStaff;
  let wiehreStaff: TestStaff;
  let altstadtStaff: TestStaff;
  const branch: Record<"wiehre" | "stuehlinger" | "altstadt", number> = {
    wiehre: 0,
    stuehlinger: 0,
    altstadt: 0,
  };
  /** A product of the menu Wiehre and Stühlinger share, orderable now, hidden when unavailable. */
  let product: { id: number; name: string; unit: string };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    for (const identifier of Object.keys(branch) as (keyof typeof branch)[]) {
      branch[identifier] = (await findBranchByIdentifier(db, identifier))!.id;
    }
    server = await startAppServer(db);
    const catalogue = await loadActiveCatalogue(db, branch.wiehre, new Date(), ZONE);
    // One whose name the branch page shows only for its row (heading, link text and label, the
    // '+' button's label, the picture's alt text, the page's data), so "gone from the page" means
    // what it says.
    const html = await (await fetch(`${server.origin}/store/wiehre`)).text();
    const everything = [...catalogue.orderable.values()];
    const elsewhere = (entry: (typeof everything)[number]) =>
      everything.some(
        (other) =>
          other.id !== entry.id && `${other.name} ${other.description ?? ""}`.includes(entry.name),
      );
    const candidate = everything.find(
      (entry) =>
        entry.parts.length === 0 &&
        /^[\p{L} ()-]+$/u.test(entry.name) &&
        !elsewhere(entry) &&
        html.split(entry.name).length - 1 <= 8,
    );
    if (!candidate) throw new Error("Die Filiale Wiehre bietet kein einfaches Produkt an.");
    await db
      .updateTable("products")
      .set({ isVisibleWhenUnavailable: false })
      .where("id", "=", candidate.id)
      .execute();
    product = { id: candidate.id, name: candidate.name, unit: candidate.unit };
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    wiehreStaff = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branch.wiehre] });
    altstadtStaff = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [branch.altstadt],
    });
    folder = await mkdtemp(path.join(os.tmpdir(), "ausverkauft-"));
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const as = (user: TestStaff) => new StaffClient(server).signInAs(server.context, user.id);
  const put = async (user: TestStaff, body: unknown, id = product.id) =>
    (await as(user)).send(`/api/products/${id}/sold-out`, { method: "PUT", json: body });

  async function listedIn(identifier: keyof typeof branch, now = new Date()) {
    const catalogue = await loadActiveCatalogue(db, branch[identifier], now, ZONE);
    return {
      listed: catalogue.listed.get(product.id),
      orderable: catalogue.orderable.has(product.id),
      shown: catalogue.categories.some((category) =>
        category.products.some((entry) => entry.product.id === product.id),
      ),
    };
  }

  const wiehreUser = () => ({
    id: wiehreStaff.id,
    roles: ["ROLE_EMPLOYEE" as const],
    branchIds: [branch.wiehre],
  });

  async function clearAll() {
    await db.deleteFrom("productSoldOut").execute();
  }

  it("marks and clears through the API, per branch, audited, until the end of the business day", async () => {
    await clearAll();
    const before = new Date();
    const marked = await put(wiehreStaff, { branchId: branch.wiehre, soldOut: true });
    expect(marked.status).toBe(200);
    const body = (await marked.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      productId: product.id,
      branchId: branch.wiehre,
      soldOut: true,
    });
    const until = new Date(String(body.data.until));
    expect([
      endOfBusinessDay(before, ZONE).getTime(),
      endOfBusinessDay(new Date(), ZONE).getTime(),
    ]).toContain(until.getTime());

    // Hidden in Wiehre; Stühlinger shares the menu and still offers it.
    expect(await listedIn("wiehre")).toEqual({ listed: undefined, orderable: false, shown: false });
    expect((await listedIn("stuehlinger")).orderable).toBe(true);

    const list = await (
      await as(wiehreStaff)
    ).send(`/api/products/sold-out?branchId=${branch.wiehre}`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([
      {
        productId: product.id,
        productName: product.name,
        branchId: branch.wiehre,
        soldOut: true,
        until: until.toISOString(),
      },
    ]);

    // Marking again moves nothing but the stamp: still one row.
    expect((await put(wiehreStaff, { branchId: branch.wiehre, soldOut: true })).status).toBe(200);
    expect(await db.selectFrom("productSoldOut").selectAll().execute()).toHaveLength(1);

    const cleared = await put(wiehreStaff, { branchId: branch.wiehre, soldOut: false });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { data: unknown }).data).toEqual({
      productId: product.id,
      branchId: branch.wiehre,
      soldOut: false,
      until: null,
    });
    expect((await listedIn("wiehre")).orderable).toBe(true);

    const log = await db
      .selectFrom("auditLog")
      .select(["action", "entityType", "entityId", "branchId", "userId"])
      .where("entityType", "=", "product")
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      "product.sold-out",
      "product.sold-out",
      "product.available",
    ]);
    expect(log[0]).toMatchObject({
      entityId: String(product.id),
      branchId: branch.wiehre,
      userId: wiehreStaff.id,
    });
  });

  it("lets staff mark their own branch only, and every branch only administrators", async () => {
    await clearAll();
    const foreign = await put(altstadtStaff, { branchId: branch.wiehre, soldOut: true });
    expect(foreign.status, foreign.headers.get("Location") ?? "").toBe(403);
    expect(((await foreign.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      texts.errors.branchForbidden,
    );
    const everywhere = await put(wiehreStaff, { branchId: null, soldOut: true });
    expect(everywhere.status).toBe(403);
    expect(
      ((await everywhere.json()) as { errors: { message: string }[] }).errors[0]?.message,
    ).toBe(texts.errors.allBranchesAdminOnly);
    const listForeign = await (
      await as(altstadtStaff)
    ).send(`/api/products/sold-out?branchId=${branch.wiehre}`);
    expect(listForeign.status).toBe(403);
    const anonymous = await new StaffClient(server).send(`/api/products/${product.id}/sold-out`, {
      method: "PUT",
      json: { branchId: branch.wiehre, soldOut: true },
    });
    expect(anonymous.status).toBe(401);
    expect(await db.selectFrom("productSoldOut").selectAll().execute()).toEqual([]);

    const byAdmin = await put(admin, { branchId: null, soldOut: true });
    expect(byAdmin.status).toBe(200);
    for (const identifier of ["wiehre", "stuehlinger", "altstadt"] as const) {
      expect((await listedIn(identifier)).orderable, identifier).toBe(false);
    }
    // A branch's staff cannot take back "every branch" by clearing their own branch.
    expect((await put(wiehreStaff, { branchId: branch.wiehre, soldOut: false })).status).toBe(200);
    expect((await listedIn("wiehre")).orderable).toBe(false);
    expect((await put(admin, { branchId: null, soldOut: false })).status).toBe(200);
    expect((await listedIn("wiehre")).orderable).toBe(true);
  });

  it("lists without branchId what counts in the caller's own branches", async () => {
    await clearAll();
    expect((await put(wiehreStaff, { branchId: branch.wiehre, soldOut: true })).status).toBe(200);
    expect((await put(altstadtStaff, { branchId: branch.altstadt, soldOut: true })).status).toBe(
      200,
    );
    const branchesListed = async (user: TestStaff) => {
      const response = await (await as(user)).send("/api/products/sold-out");
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { branchId: number | null }[] };
      return data.map((row) => row.branchId).sort((a, b) => Number(a) - Number(b));
    };
    expect(await branchesListed(wiehreStaff)).toEqual([branch.wiehre]);
    expect(await branchesListed(altstadtStaff)).toEqual([branch.altstadt]);
    expect(await branchesListed(admin)).toEqual(
      [branch.wiehre, branch.altstadt].sort((a, b) => a - b),
    );
    // Everywhere (an administrator's mark) counts in every branch.
    expect((await put(admin, { branchId: null, soldOut: true })).status).toBe(200);
    expect(await branchesListed(wiehreStaff)).toEqual([null, branch.wiehre]);
    await clearAll();
  });

  it("answers bad bodies with German messages per field, an unknown product with 404", async () => {
    await clearAll();
    const cases: [unknown, string[]][] = [
      [{ soldOut: true }, ["branchId"]],
      [{ branchId: "abc", soldOut: true }, ["branchId"]],
      [{ branchId: 2_147_483_648, soldOut: true }, ["branchId"]],
      [{ branchId: branch.wiehre, soldOut: "ja" }, ["soldOut"]],
      [{}, ["branchId", "soldOut"]],
    ];
    for (const [body, fields] of cases) {
      const response = await put(admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = (await response.json()) as {
        errors: { message: string; field?: string }[];
      };
      expect(errors.map((error) => error.field).filter(Boolean)).toEqual(fields);
      expect(errors[0]?.message).toBe(texts.errors.failed);
    }
    const broken = await (
      await as(admin)
    ).send(`/api/products/${product.id}/sold-out`, {
      method: "PUT",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await put(admin, { branchId: 2_000_000, soldOut: true })).status).toBe(400);
    expect((await put(admin, { branchId: branch.wiehre, soldOut: true }, 2_000_000)).status).toBe(
      404,
    );
    expect(await db.selectFrom("productSoldOut").selectAll().execute()).toEqual([]);
  });

  it("marks through the back office's form and comes back with the notice", async () => {
    await clearAll();
    const client = await as(wiehreStaff);
    const returnTo = `/backend/sold-out?branch=${branch.wiehre}`;
    const marked = await client.send(`/backend/products/${product.id}/sold-out`, {
      form: { branchId: String(branch.wiehre), soldOut: "1", returnTo },
    });
    expect(marked.status).toBe(303);
    const location = marked.headers.get("Location")!;
    expect(location).toBe(`${returnTo}&hinweis=ausverkauft&produkt=${product.id}`);
    const page = await (await client.send(location)).text();
    expect(page).toContain(texts.markedNotice(product.name));
    // Sold out first, with the toggle that takes it back.
    const firstRow = page.slice(
      page.indexOf("<tbody"),
      page.indexOf("</tr>", page.indexOf("<tbody")),
    );
    expect(firstRow).toContain(product.name);
    expect(firstRow).toContain(texts.clear);
    expect((await listedIn("wiehre")).orderable).toBe(false);

    const cleared = await client.send(`/backend/products/${product.id}/sold-out`, {
      form: { branchId: String(branch.wiehre), soldOut: "0", returnTo: "https://evil.example/x" },
    });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("Location")).toBe(
      `/backend/orders?hinweis=verfuegbar&produkt=${product.id}`,
    );
    expect(await (await client.send(cleared.headers.get("Location")!)).text()).toContain(
      texts.clearedNotice(product.name),
    );
    expect((await listedIn("wiehre")).orderable).toBe(true);

    for (const returnTo of ["//evil.example/backend/", "/backend/../x", "/store/wiehre", "\\\\x"]) {
      const again = await client.send(`/backend/products/${product.id}/sold-out`, {
        form: { branchId: String(branch.wiehre), soldOut: "0", returnTo },
      });
      expect(again.headers.get("Location"), returnTo).toMatch(/^\/backend\/orders\?/);
    }

    const foreign = await client.send(`/backend/products/${product.id}/sold-out`, {
      form: { branchId: String(branch.altstadt), soldOut: "1", returnTo },
    });
    expect(foreign.status, foreign.headers.get("Location") ?? "").toBe(403);
    const everywhere = await client.send(`/backend/products/${product.id}/sold-out`, {
      form: { branchId: "", soldOut: "1", returnTo },
    });
    expect(everywhere.status).toBe(403);
    const bad = await client.send(`/backend/products/${product.id}/sold-out`, {
      form: { branchId: "x", soldOut: "vielleicht" },
    });
    expect(bad.status).toBe(400);
    expect(await db.selectFrom("productSoldOut").selectAll().execute()).toEqual([]);
    // The sold-out page of a branch that is not theirs.
    expect((await client.send(`/backend/sold-out?branch=${branch.altstadt}`)).status).toBe(403);
  });

  it("ends at midnight of the business day, daylight saving included", async () => {
    await clearAll();
    const lateEvening = new Date("2026-03-28T22:30:00Z"); // 23:30 in Berlin, before the clocks go forward
    const marked = await markSoldOut(db, {
      user: wiehreUser(),
      productId: product.id,
      branchId: branch.wiehre,
      now: lateEvening,
    });
    expect(marked.ok && marked.value.until?.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(endOfBusinessDay(new Date("2026-03-29T12:00:00Z"), ZONE).toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
    expect(endOfBusinessDay(new Date("2026-10-25T12:00:00Z"), ZONE).toISOString()).toBe(
      "2026-10-25T23:00:00.000Z",
    );
    expect(await soldOutProductIds(db, branch.wiehre, new Date("2026-03-28T22:59:59Z"))).toEqual(
      new Set([product.id]),
    );
    expect(await soldOutProductIds(db, branch.wiehre, new Date("2026-03-28T23:00:00Z"))).toEqual(
      new Set(),
    );
    expect(
      await soldOutProductIds(db, branch.stuehlinger, new Date("2026-03-28T22:59:59Z")),
    ).toEqual(new Set());
    // A row from a day gone by no longer counts on the storefront.
    expect((await listedIn("wiehre")).orderable).toBe(true);
    const cleared = await clearSoldOut(db, {
      user: wiehreUser(),
      productId: product.id,
      branchId: branch.wiehre,
    });
    expect(cleared.ok).toBe(true);
  });

  it("lists a product visible when unavailable greyed out with 'Heute ausverkauft'", async () => {
    await clearAll();
    await db
      .updateTable("products")
      .set({ isVisibleWhenUnavailable: true })
      .where("id", "=", product.id)
      .execute();
    try {
      await markSoldOut(db, { user: wiehreUser(), productId: product.id, branchId: branch.wiehre });
      const shown = await listedIn("wiehre");
      expect(shown.shown).toBe(true);
      expect(shown.orderable).toBe(false);
      expect(shown.listed).toMatchObject({ isAvailable: false, isSoldOut: true });
      const html = await (await fetch(`${server.origin}/store/wiehre`)).text();
      const at = html.indexOf(`<h3 aria-label="${product.name}">`);
      expect(at).toBeGreaterThan(-1);
      const card = html.slice(at);
      expect(card.slice(0, card.indexOf("</li>"))).toContain(texts.badge);
    } finally {
      await db
        .updateTable("products")
        .set({ isVisibleWhenUnavailable: false })
        .where("id", "=", product.id)
        .execute();
    }
  });

  it("keeps it out of the cart: not added, taken out with a notice, refused at checkout", async () => {
    await clearAll();
    const store = (await loadStorefront(db, "wiehre", new Date()))!;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "add",
      productId: String(product.id),
      amount: "1",
      unit: product.unit,
    })) {
      form.set(key, value);
    }
    const added = await changeCart(db, {
      branch: store.branch,
      orderable: store.catalogue.orderable,
      soldOut: store.catalogue.soldOut,
      preferredType: "takeaway",
      cartId: null,
      form,
      oversized: [],
      storage: localFolderStorage(folder),
    });
    if (!added.ok) throw new Error(added.message);

    await markSoldOut(db, { user: wiehreUser(), productId: product.id, branchId: branch.wiehre });
    const soldOutStore = (await loadStorefront(db, "wiehre", new Date()))!;
    expect(soldOutStore.catalogue.soldOut.has(product.id)).toBe(true);
    const again = await changeCart(db, {
      branch: soldOutStore.branch,
      orderable: soldOutStore.catalogue.orderable,
      soldOut: soldOutStore.catalogue.soldOut,
      preferredType: "takeaway",
      cartId: added.cartId,
      form,
      oversized: [],
      storage: localFolderStorage(folder),
    });
    expect(again).toMatchObject({ ok: false, message: texts.productSoldOut });

    const now = new Date();
    const context = (await loadCheckout(db, {
      identifier: "wiehre",
      cartId: added.cartId,
      now,
      providersReady: [],
    }))!;
    expect(context.soldOutItems).toEqual([product.name]);
    expect(context.lines).toEqual([]);
    const placed = await placeOrder(db, {
      context,
      form: checkoutSchema.parse({
        orderKey: newOrderKey(),
        name: "Erika Mustermann",
        email: "erika@example.org",
        phone: "+49 761 555 0101",
        paymentMethod: "cash",
        acceptTerms: "on",
        acceptPrivacy: "on",
      }),
      now,
    });
    expect(placed.ok).toBe(false);
    if (!placed.ok) {
      expect(placed.errors.map((error) => error.message)).toContain(
        texts.checkoutSoldOut(product.name),
      );
    }
    expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);

    // The menu's cart panel takes the item out and says why.
    const { loadCart } = await import("#app/features/cart/cart.server");
    const cart = await loadCart(db, {
      branch: soldOutStore.branch,
      currency: "EUR",
      preferredType: "takeaway",
      active: soldOutStore.catalogue.active,
      soldOut: soldOutStore.catalogue.soldOut,
      cartId: added.cartId,
    });
    expect(cart.items).toEqual([]);
    expect(cart.removedAsSoldOut).toEqual([product.name]);
    expect(cart.removedByMenuChange).toEqual([]);
    const left = await db
      .selectFrom("cartItems")
      .select("id")
      .where("cartId", "=", added.cartId)
      .execute();
    expect(left).toEqual([]);
    await clearAll();
  });

  it("drops the kept branch page at once: the product is gone before its minute turns", async () => {
    await clearAll();
    const live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    const instance = await startInstance(handle, live);
    try {
      const minute = await awayFromMinuteTurn();
      // Kept once clearAll's change notice (asynchronous on PostgreSQL) has come and gone.
      let kept = await instance.page("/store/wiehre");
      for (let tries = 0; kept.kept !== "hit" && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        kept = await instance.page("/store/wiehre");
      }
      expect(kept.kept).toBe("hit");
      expect(kept.html).toContain(product.name);
      await markSoldOut(db, { user: wiehreUser(), productId: product.id, branchId: branch.wiehre });
      const committed = performance.now();
      await goneAfter(instance, "/store/wiehre", product.name, committed);
      expectShownInMinute(minute);
      // Kept again until the next change; Stühlinger, on the same menu, still offers it.
      expect((await instance.page("/store/wiehre")).kept).toBe("hit");
      expect((await listedIn("stuehlinger")).orderable).toBe(true);
    } finally {
      await instance.close();
      await live.close();
      await clearAll();
    }
  });

  it("offers the products' row action through the list pages' rowActions hook", async () => {
    await clearAll();
    // The real products resource (registered by the app's resources module): a test-only one
    // put in the shared registry would replace it for every later file of this worker.
    expect(resourceNamed("products")?.rowActions).toBe(soldOutRowActions);
    const list = async (user: TestStaff) => {
      const cookie = await sessionCookie(server.context, user.id);
      const request = new Request(
        `${server.origin}/backend/products?suche=${encodeURIComponent(product.name)}`,
        { headers: { Cookie: cookie } },
      );
      const page = await resourceListLoader(request, server.context, resourceNamed("products")!);
      const row = page.rows.find((candidate) => candidate.id === product.id)!;
      return { hasRowActions: page.hasRowActions, actions: row.actions };
    };
    const before = await list(admin);
    expect(before.hasRowActions).toBe(true);
    expect(before.actions).toEqual([
      {
        key: "sold-out",
        label: texts.rowAction,
        accessibleLabel: texts.rowActionLabel(product.name),
        action: `/backend/products/${product.id}/sold-out`,
        fields: {
          branchId: "",
          soldOut: "1",
          returnTo: `/backend/products?suche=${encodeURIComponent(product.name)}`,
        },
        variant: "secondary",
      },
    ]);
    await markSoldOut(db, {
      user: { id: admin.id, roles: ["ROLE_ADMIN"], branchIds: [] },
      productId: product.id,
      branchId: null,
    });
    const after = await list(admin);
    expect(after.actions[0]).toMatchObject({
      label: texts.rowActionClear,
      fields: { branchId: "", soldOut: "0" },
    });
    await clearAll();
  });

  describe.runIf(target === "postgres")("across two instances", () => {
    it("a second instance's branch page stops showing it before its minute turns", async () => {
      await clearAll();
      const secondHandle = await openDatabase({
        databaseUrl: handle.databaseUrl,
        dataDir: "",
        maxConnections: 5,
      });
      const liveA = startLiveOrders(handle, { log: () => undefined });
      const liveB = startLiveOrders(secondHandle, { log: () => undefined });
      await Promise.all([liveA.ready(), liveB.ready()]);
      const a = await startInstance(handle, liveA);
      const b = await startInstance(secondHandle, liveB);
      try {
        const minute = await awayFromMinuteTurn();
        await a.page("/store/wiehre");
        expect((await a.page("/store/wiehre")).kept).toBe("hit");
        // Marked through B's HTTP API, as the counter does.
        const client = await new StaffClient({ origin: b.origin }).signInAs(
          staffContext(secondHandle.db),
          wiehreStaff.id,
        );
        const marked = await client.send(`/api/products/${product.id}/sold-out`, {
          method: "PUT",
          json: { branchId: branch.wiehre, soldOut: true },
        });
        const committed = performance.now();
        expect(marked.status).toBe(200);
        await goneAfter(a, "/store/wiehre", product.name, committed);
        expectShownInMinute(minute);
        expect((await b.page("/store/wiehre")).html).not.toContain(product.name);
      } finally {
        await a.close();
        await b.close();
        await liveA.close();
        await liveB.close();
        await secondHandle.close();
        await clearAll();
      }
    });
  });
});

interface Instance {
  origin: string;
  page(path: string): Promise<{ kept: string | null; html: string }>;
  close(): Promise<void>;
}

/** One app instance as server.ts assembles it: its LISTEN connection, kept pages, the app. */
async function startInstance(handle: DatabaseHandle, live: LiveOrders): Promise<Instance> {
  const cache = storefrontPageCache(live);
  const stop = forgetOnReferenceChanges(live, handle.db, [cache]);
  const app = express();
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(cache);
  app.all(
    "*",
    createRequestHandler({
      build: await appBuild(),
      mode: "production",
      getLoadContext: (_req, res) =>
        staffContext(handle.db, { cspNonce: String(res.locals.cspNonce ?? ""), live }),
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async page(path: string) {
      const response = await fetch(`${origin}${path}`);
      return { kept: response.headers.get("x-page-cache"), html: await response.text() };
    },
    async close() {
      stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Polls until the page no longer shows `text`; how long that took from `since`. */
async function goneAfter(instance: Instance, path: string, text: string, since: number) {
  for (;;) {
    const { html } = await instance.page(path);
    const elapsed = performance.now() - since;
    if (!html.includes(text)) return elapsed;
    if (elapsed > 10_000) throw new Error(`${path} zeigt „${text}“ nach 10 s noch`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
