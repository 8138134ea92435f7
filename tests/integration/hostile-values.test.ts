import { mkdtemp, rm } from "node:fs/promises";
import { METHODS } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { isBadInput } from "#app/server/bad-input.server";
import { checkoutSchema } from "#app/features/checkout/checkout.server";
import { CONSENT_COOKIE } from "#app/features/storefront/visitor.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { answerFlaw, rawRequest } from "#tests/support/raw-request";
import { deCheckout } from "#app/i18n/de-checkout";
import { imageStores } from "#app/features/media/images.server";

/**
 * The hostile values of issue 13, point 5 and 7, one by one with the answer each must get (the
 * walk in hostile-input.test.ts only checks that nothing answers 5xx).
 */
const ADMIN_PASSWORD = "hostile-values-admin";
let pictureRounds = 0;

describe.each(databaseTargets())("hostile values (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(), adminPassword: ADMIN_PASSWORD });
    server = await startAppServer(handle.db);
    admin = new StaffClient(server);
    expect((await admin.login("admin@sonnenkorn.example", ADMIN_PASSWORD)).status).toBe(303);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, { headers, redirect: "manual" });

  it("refuses addresses with NUL bytes, control characters or broken encodings with a 400", async () => {
    for (const path of [
      "/store/%00",
      "/site/%00",
      "/store/%ED%A0%80",
      "/store/altstadt?q=%00",
      "/store/altstadt?x=%FF",
      "/status/a%01b/c",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain(de.errors.badAddress);
    }
    const api = await get("/api/orders/public/%00/x");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ errors: [{ message: de.errors.badAddress }] });
    // Umlauts and emoji are welcome.
    expect((await get("/store/altstadt?q=Br%C3%B6tchen%20%F0%9F%A5%90")).status).toBe(200);
  });

  it("answers ids beyond the integer range and impossible dates with 4xx", async () => {
    expect((await get("/image/99999999999999999999-1.jpg")).status).toBe(404);
    expect((await get("/image/2147483648-1.jpg")).status).toBe(404);
    expect((await get("/store/altstadt/product/99999999999999999999")).status).toBe(404);
    expect((await admin.send("/backend/orders/2147483648/receipt")).status).toBe(404);
    expect((await admin.send("/backend/orders/2147483648/escpos")).status).toBe(404);
    // A signage segment's video (decision 060): its upload page and the TV's address.
    for (const id of ["99999999999999999999", "2147483648", "-1", "1e3"]) {
      const page = await admin.send(`/backend/digital-signage-segments/${id}/video`);
      expect(page.status, id).toBe(404);
      expect((await admin.send(`/tv/video/${id}`)).status, id).toBe(404);
    }
    for (const query of ["from=2026-02-30", "to=0000-01-01", "from=2026-13-01"]) {
      const response = await admin.send(`/api/orders?${query}`);
      expect(response.status, query).toBe(400);
      const page = await admin.send(`/backend/orders?view=history&${query}`);
      expect(page.status, query).toBeLessThan(500);
    }
    expect((await admin.send("/api/orders?from=2026-02-28&to=2026-03-01")).status).toBe(200);
  });

  it("answers hostile image addresses and bodies with 4xx and a German message (decision 038)", async () => {
    for (const path of [
      "/image/huge/1-1.jpg",
      "/image/toString/1-1.jpg",
      "/image/product/99999999999999999999-1.jpg",
      "/image/product/1-99999999999999999999.jpg",
      "/image/product/1-1.svg",
      "/image/product/1-1.jpg/extra",
      "/image/../1-1.jpg",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    expect((await admin.send("/api/images/99999999999999999999")).status).toBe(404);
    const missing = await admin.send("/api/images/2147483647", {
      method: "PUT",
      json: { alt: "Gibt es nicht" },
    });
    expect(missing.status).toBe(404);
    const { id } = await handle.db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        alt: "Ein Bild",
        storageKey: "0123456789abcdef0123456789abcdef01234567",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const body of [
      { alt: { toString: "x" } },
      { alt: "a\u0000b".repeat(500) },
      { alt: "<script>" },
      { focalPoint: "mitte" },
      { focalPoint: { x: Number.POSITIVE_INFINITY, y: -1 } },
      { focalPoint: { x: "0.5", y: null } },
    ]) {
      const response = await admin.send(`/api/images/${id}`, { method: "PUT", json: body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const answer = (await response.json()) as { errors: { message: string }[] };
      expect(answer.errors[0]!.message).toBe("Bild konnte nicht aktualisiert werden.");
    }
    for (const raw of ["{", "[]", "null", "<xml/>"]) {
      const response = await admin.send(`/api/images/${id}`, {
        method: "PUT",
        body: raw,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status, raw).toBe(400);
    }
  });

  it("refuses a storefront form from another site, from 'null' or a malformed Origin with 403", async () => {
    const post = (path: string, origin: string) =>
      fetch(`${server.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=add&productId=1&amount=1",
      });
    for (const path of [
      "/store/altstadt?index",
      "/store/altstadt.data",
      "/cookie-consent",
      "/kiosk/neu",
      "/",
    ]) {
      for (const origin of ["http://evil.example", "null", ":::"]) {
        const response = await post(path, origin);
        expect(response.status, `${path} ${origin}`).toBe(403);
        expect(await response.text()).toContain(de.errors.crossSite);
      }
    }
    const own = await post("/cookie-consent", server.origin);
    expect(own.status).toBe(303);
    expect(own.headers.get("Set-Cookie")).toContain(`${CONSENT_COOKIE}=`);
  });

  it("takes the cookie banner's form only: JSON, XML, empty or broken bodies get a 400", async () => {
    const consent = (contentType: string | null, body: string) =>
      fetch(`${server.origin}/cookie-consent`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.origin,
          ...(contentType ? { "Content-Type": contentType } : {}),
        },
        body,
      });
    for (const [type, body] of [
      ["application/json", '{"accept":true}'],
      ["application/json", "{"],
      ["application/xml", "<consent/>"],
      [null, ""],
      ["multipart/form-data; boundary=x", "garbage"],
    ] as const) {
      const response = await consent(type, body);
      expect(response.status, `${type} ${body}`).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const form = await consent(
      "application/x-www-form-urlencoded",
      "redirectTo=%2Fstore%2Faltstadt",
    );
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/store/altstadt");
  });

  it("strips control characters from a rejection message before it is stored", async () => {
    const order = await insertTestOrder(handle.db);
    const response = await admin.send(`/api/orders/${order.id}/status/reject`, {
      json: { message: "Leider\u0000 ausverkauft\u0007.\nMorgen wieder." },
    });
    expect(response.status).toBe(200);
    const row = await handle.db
      .selectFrom("orders")
      .select("rejectionMessage")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.rejectionMessage).toBe("Leider ausverkauft.\nMorgen wieder.");
  });

  it("refuses hostile content pages and navigation entries with a German 400, storing nothing", async () => {
    const before = await handle.db
      .selectFrom("navigations")
      .select(["identifier", "items"])
      .orderBy("identifier")
      .execute();
    const footer = await handle.db
      .selectFrom("navigations")
      .select(["id"])
      .where("identifier", "=", "footer")
      .executeTakeFirstOrThrow();
    for (const items of [
      [{ label: "a\u0000b", siteId: 2 ** 31 }],
      [{ label: "x", siteId: -1 }],
      [{ label: "x", href: "javascript:alert(1)" }],
      [{ label: "x", href: "https://" }],
      [{ label: "x", href: "/a b" }],
      [{ label: ["x"], href: "/" }],
      "alles",
      [null],
    ]) {
      const response = await admin.send(`/api/navigations/${footer.id}`, {
        method: "PUT",
        json: { items },
      });
      expect(response.status, JSON.stringify(items)).toBe(400);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]?.message).toBe("Navigation konnte nicht aktualisiert werden.");
    }
    for (const site of [
      { path: "../../etc/passwd", name: "x", type: "default" },
      { path: "x", name: "x", type: "default", body: { html: "<p>" } },
      { path: "x".repeat(300), name: "x", type: "default" },
      { path: "api/x", name: "x", type: "default" },
    ]) {
      const response = await admin.send("/api/sites", { json: site });
      expect(response.status, JSON.stringify(site).slice(0, 60)).toBe(400);
    }
    expect(
      await handle.db
        .selectFrom("navigations")
        .select(["identifier", "items"])
        .orderBy("identifier")
        .execute(),
    ).toEqual(before);
    expect(
      await handle.db.selectFrom("sites").select("id").where("path", "=", "x").execute(),
    ).toEqual([]);
  });

  it("gives image templates' hostile layers a 400 beside the field, and cleans their text", async () => {
    const base = { name: "Schild", identifier: "schild-feindlich", width: 200, height: 100 };
    const text = {
      type: "text",
      text: "Brezel\u0000 {price}\ud800",
      fontFamily: "Lato",
      fontVariant: "400",
      size: 20,
      color: "#000000",
    };
    const cases: [unknown, string][] = [
      [{ ...base, layers: [{ ...text, fontFamily: "\ud800" }] }, "layers.0.fontFamily"],
      [
        {
          ...base,
          layers: [{ type: "image", imageId: "99999999999999999999", width: 5, height: 5 }],
        },
        "layers.0.imageId",
      ],
      [{ ...base, width: "1e309" }, "width"],
      [{ ...base, layers: { 0: text } }, "layers"],
      [{ ...base, layers: [{ ...text, size: -2147483649 }] }, "layers.0.size"],
      [{ ...base, layers: [null] }, "layers.0"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send("/api/image-templates", { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = (await response.json()) as { errors: { field?: string }[] };
      expect(errors.map((error) => error.field)).toContain(field);
    }
    const saved = await admin.send("/api/image-templates", { json: { ...base, layers: [text] } });
    expect(saved.status).toBe(201);
    const { data } = (await saved.json()) as { data: { layers: { text: string }[] } };
    expect(data.layers[0]?.text).toBe("Brezel {price}");
    // A family with a NUL byte or a broken encoding in the address: refused, never a 5xx.
    for (const path of [
      "/api/fonts/google/%00/style-400.embed.css",
      "/api/fonts/google/%ED%A0%80/style-400.embed.css",
      "/api/fonts/google/Roboto/style-%00.embed.css",
    ]) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
    }
  });

  it("refuses hostile block contents with a German 400 and stores nothing (issue 16)", async () => {
    const block = await handle.db
      .selectFrom("blocks")
      .selectAll()
      .where("identifier", "=", "gallery")
      .executeTakeFirstOrThrow();
    let deep: unknown = { type: "text", value: "x" };
    for (let level = 0; level < 50; level += 1) {
      deep = { type: "gallery", value: { label: "x", images: [deep] } };
    }
    const bodies: [unknown, string][] = [
      [{ data: [deep] }, "Die Inhalte sind zu tief verschachtelt (höchstens 5 Ebenen)."],
      [
        { data: [{ type: "reference", value: { type: "site", id: 2_147_483_000 } }] },
        "Diese Seite existiert nicht mehr.",
      ],
      [{ data: [{ type: "text", value: ["a\u0000b"] }] }, "Bitte einen Text eingeben."],
      [
        { data: [{ type: "markdown", value: "x".repeat(400_000) }] },
        "Die Inhalte sind zu umfangreich (höchstens 256 KB).",
      ],
      [
        { data: [{ type: "image", value: { id: "99999999999999999999" } }] },
        "Bitte ein Bild wählen.",
      ],
    ];
    for (const [content, message] of bodies) {
      const response = await admin.send(`/api/blocks/${block.id}`, {
        method: "PUT",
        json: { content },
      });
      expect(response.status, message).toBe(400);
      const { errors } = (await response.json()) as { errors: { message: string }[] };
      expect(errors.map((error) => error.message)).toContain(message);
    }
    const after = await handle.db
      .selectFrom("blocks")
      .selectAll()
      .where("id", "=", block.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(block);
  });

  it("answers TRACE and the other methods no route takes with a German 405 and Allow (issue 35)", async () => {
    const unserved = METHODS.filter(
      (method) => !["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT"].includes(method),
    );
    expect(unserved).toContain("TRACE");
    for (const path of ["/", "/store/altstadt", "/backend/sold-out", "/api/orders", "/healthz"]) {
      const api = path.startsWith("/api/");
      // PUT, PATCH and DELETE only on the staff API: a page's action ran for them like a POST.
      for (const method of api ? unserved : [...unserved, "PUT", "PATCH", "DELETE"]) {
        const answer = (await rawRequest(server.origin, method, path, {}, "intent=add"))!;
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe(
          api ? "GET, HEAD, POST, PUT, PATCH, DELETE" : "GET, HEAD, POST",
        );
        expect(answer.body, `${method} ${path}`).toContain(de.errors.methodNotAllowed);
      }
    }
  });

  it("answers ?_data with a German 400 and writes nothing to the log (issue 35)", async () => {
    const product = await handle.db
      .selectFrom("products")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const written: string[] = [];
    const record = (...args: unknown[]) => void written.push(args.map(String).join(" "));
    const spies = [
      vi.spyOn(console, "error").mockImplementation(record),
      vi.spyOn(console, "warn").mockImplementation(record),
      vi.spyOn(console, "log").mockImplementation(record),
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      }),
      // The server's log (decision 108) writes JSON lines to standard output.
      vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      }),
    ];
    const answers: { path: string; status: number; body: string }[] = [];
    try {
      for (const path of [
        "/kiosk?_data",
        "/kiosk?_data=root",
        "/?_data=routes/home",
        "/store/altstadt?_data=routes/store/branch",
        `/backend/products/${product.id}/sold-out?_data`,
        `/backend/products/${product.id}/sold-out?_data=routes/backend/product-sold-out`,
      ]) {
        for (let round = 0; round < 3; round += 1) {
          const response = await admin.send(path);
          answers.push({ path, status: response.status, body: await response.text() });
        }
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // Not a line: each such request wrote a 7-line warning, a null loader's 500 its stack too.
    expect(written).toEqual([]);
    for (const { path, status, body } of answers) {
      expect(status, path).toBe(400);
      expect(body, path).toContain(de.errors.dataParameter);
    }
  });

  it("logs a picture that cannot be made in one line, once however often it is asked for (issue 35)", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "hostile-values-"));
    const pictures = await startAppServer(handle.db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    const storageKey = "fedcba9876543210fedcba9876543210fedcba98";
    // A stored original that is no picture: each size of it fails to be made.
    await imageStores(pictures.context.config).originals.put(storageKey, Buffer.from("kaputt"));
    const { id } = await handle.db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        alt: "Kein Bild",
        storageKey,
        // Its own address per database: the log keeps one line per address and minute, and the
        // databases share this process.
        version: (pictureRounds += 1),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The server's log (decision 108): one JSON line per entry on standard output.
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const statuses: number[] = [];
    try {
      for (let round = 0; round < 5; round += 1) {
        const response = await fetch(`${pictures.origin}/image/product/${id}-${pictureRounds}.png`);
        statuses.push(response.status);
      }
    } finally {
      spy.mockRestore();
      await pictures.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect(written).toHaveLength(1);
    expect(written[0]!.trimEnd()).not.toContain("\n");
    const entry = JSON.parse(written[0]!) as { level: string; msg: string };
    expect(entry.level).toBe("error");
    expect(entry.msg).toMatch(/^Serverfehler bei GET \/image\/product\/\d+-\d+\.png: /);
  });

  it("answers in German what it refuses: foreign orders, missing actions, a broken order key (issue 35)", async () => {
    for (const path of ["/backend/orders/2147483647/escpos", "/backend/orders/2147483647/kopie"]) {
      const response = await admin.send(path);
      expect(response.status, path).toBe(404);
      const body = await response.text();
      expect(body, path).toContain("nicht gefunden");
      expect(answerFlaw(404, response.headers.get("Content-Type") ?? "", body), path).toBeNull();
    }
    // A form sent to a page without one, to a download, and a page's data.
    for (const path of ["/backend/sold-out", "/", "/store/altstadt/menu-version"]) {
      const response = await admin.send(path, { form: { x: "1" } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
      const body = await response.text();
      expect(body, path).toContain(de.errors.methodNotAllowed);
      expect(answerFlaw(405, response.headers.get("Content-Type") ?? "", body), path).toBeNull();
    }
    const data = await admin.send("/backend/sold-out.data", { form: { x: "1" } });
    expect(data.status).toBe(405);
    expect(data.headers.get("Allow")).toBe("GET, HEAD");
    const checkout = await fetch(`${server.origin}/store/altstadt/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "orderKey=%3Cnicht-von-uns%3E&name=Max",
    });
    expect(checkout.status).toBe(400);
    const page = await checkout.text();
    expect(page).toContain(deCheckout.orderKeyInvalid);
    expect(page).not.toContain(deCheckout.unknownError);
  });

  it("refuses hostile webhook endpoints with a 400 naming the field, and stores none (issue 38)", async () => {
    const hostile: [Record<string, unknown>, string][] = [
      [{ url: "javascript:alert(1)", events: ["order.created"] }, "url"],
      [{ url: "https://a\u0000b.example/", events: ["order.created"] }, "url"],
      [{ url: "https://user:geheim@erp.example/", events: ["order.created"] }, "url"],
      [{ url: "http://169.254.169.254/latest/meta-data", events: ["order.created"] }, "url"],
      [{ url: `https://erp.example/${"x".repeat(2100)}`, events: ["order.created"] }, "url"],
      [{ url: 42, events: ["order.created"] }, "url"],
      [{ url: "https://erp.example/", events: [] }, "events"],
      [{ url: "https://erp.example/", events: ["order.eaten", "\ud800"] }, "events"],
      [{ url: "https://erp.example/", events: { 0: "order.created" } }, "events"],
      [
        { url: "https://erp.example/", events: ["order.created"], description: "x".repeat(201) },
        "description",
      ],
      [
        { url: "https://erp.example/", events: ["order.created"], enabled: "vielleicht" },
        "enabled",
      ],
    ];
    for (const [json, field] of hostile) {
      const response = await admin.send("/api/webhooks", { json });
      const label = JSON.stringify(json).slice(0, 80);
      expect(response.status, label).toBe(400);
      const body = (await response.json()) as { errors: { message: string; field?: string }[] };
      expect(
        body.errors.map((error) => error.field),
        label,
      ).toContain(field);
      expect(body.errors.every((error) => !/[A-Za-z]+ expected|Invalid/.test(error.message))).toBe(
        true,
      );
    }
    const form = await admin.send("/backend/webhooks", {
      form: { intent: "create", url: "ftp://erp.example/", events: ["order.created", "order.x"] },
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(
      "Adresse (URL): bitte eine vollständige http- oder https-Adresse angeben.",
    );
    expect(await handle.db.selectFrom("webhookEndpoints").selectAll().execute()).toHaveLength(0);
    const missing = await admin.send("/api/webhooks/deliveries/2147483648/resend", { json: {} });
    expect(missing.status).toBe(404);
  });

  it("refuses hostile searches and erasures of a customer's data with a German 400 (decision 112)", async () => {
    const before = await handle.db
      .selectFrom("orders")
      .select(["id", "email"])
      .orderBy("id")
      .execute();
    const lone = "%ED%A0%80%40example.org";
    for (const q of ["a\u0000b@example.org", "\ud800@example.org", "x".repeat(300), "@", "12"]) {
      const encoded = q.startsWith("\ud800") ? lone : encodeURIComponent(q);
      const search = await admin.send(`/backend/customer-data?q=${encoded}`);
      expect(search.status, q.slice(0, 20)).toBe(400);
      const erase = await admin.send("/backend/customer-data", {
        form: { intent: "erase", q, confirm: "ja" },
      });
      expect(erase.status, q.slice(0, 20)).toBe(400);
      expect(await erase.text()).toContain("E-Mail-Adresse oder Telefonnummer: Bitte");
      const file = await admin.send(`/backend/customer-data/export.json?q=${encoded}`);
      expect(file.status, q.slice(0, 20)).toBe(400);
    }
    const wildcard = await admin.send("/backend/customer-data", {
      form: { intent: "erase", q: "%@%", confirm: "ja" },
    });
    expect(wildcard.status).toBeLessThan(500);
    expect(
      await handle.db.selectFrom("orders").select(["id", "email"]).orderBy("id").execute(),
    ).toEqual(before);
  });

  it("counts what PostgreSQL refuses as data as bad input, and nothing else", async () => {
    const refused = await sql`select ${"a\u0000b"}::text`.execute(handle.db).catch((e) => e);
    expect(isBadInput(refused)).toBe(true);
    const outOfRange = await sql`select ${"99999999999"}::int`.execute(handle.db).catch((e) => e);
    expect(isBadInput(outOfRange)).toBe(true);
    const badDate = await sql`select ${"2026-02-30"}::date`.execute(handle.db).catch((e) => e);
    expect(isBadInput(badDate)).toBe(true);
    const ourBug = await sql`select * from no_such_table`.execute(handle.db).catch((e) => e);
    expect(isBadInput(ourBug)).toBe(false);
    expect(isBadInput(new Error("anything"))).toBe(false);
  });
});

describe("the checkout's fields", () => {
  it("lose control characters before they are checked and stored", () => {
    const parsed = checkoutSchema.parse({
      orderKey: "k".repeat(20),
      name: " Max\u0000 Muster\u0007mann ",
      street: "Hauptstr.\u001b 1",
      comment: "Bitte\u0000 klingeln\r\nzweimal\ud800",
    });
    expect(parsed.name).toBe("Max Mustermann");
    expect(parsed.street).toBe("Hauptstr. 1");
    expect(parsed.comment).toBe("Bitte klingeln\nzweimal");
  });
});
