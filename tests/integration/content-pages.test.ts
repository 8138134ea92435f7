import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Content pages (`/api/sites`) and navigations (`/api/navigations`) on the resource pattern
 * (issue 16, decision 039): every API route (list, one, POST, PUT, DELETE), the rich text cleaned
 * on the server, drafts (404 for visitors, the marker for staff), the menus in the shop's frame at
 * once, the editor's rows without JavaScript, and the refusals: a deleted page, absurd lengths,
 * foreign ids, all 400 with a German message and nothing stored.
 */
type Body = { data?: any; meta?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("content pages and navigations (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let visitor: StaffClient;

  const json = async (response: Response) => (await response.json()) as Body;
  const count = async (table: "sites" | "navigations") =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id,
    );
    const branch = await handle.db
      .insertInto("branches")
      .values({ identifier: "mitte", name: "Mitte", isPublic: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    manager = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_MANAGER"], branchIds: [branch.id] })).id,
    );
    visitor = new StaffClient(server);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("creates, lists, reads, changes and deletes a site, its body cleaned", async () => {
    const created = await admin.send("/api/sites", {
      json: {
        path: "/Geschichte/",
        type: "default",
        name: "Geschichte",
        title: "Unsere Geschichte",
        description: "Seit 1902 backen wir.",
        isPublic: true,
        seoTitle: "Bäckerei seit 1902",
        body: '<h1>Anfang</h1><p onclick="x()">Mehl <script>alert(1)</script><a href="javascript:alert(1)">Link</a></p>',
      },
    });
    expect(created.status).toBe(201);
    const site = (await json(created)).data;
    expect(site).toMatchObject({ path: "geschichte", name: "Geschichte", isPublic: true });
    expect(site.body).toBe("<h2>Anfang</h2><p>Mehl <a>Link</a></p>");

    const list = await json(await admin.send("/api/sites?search=geschichte"));
    expect(list.data?.map((row: { id: number }) => row.id)).toEqual([site.id]);
    expect(list.meta.total).toBe(1);

    const one = await admin.send(`/api/sites/${site.id}`);
    expect(one.status).toBe(200);
    expect((await json(one)).data).toMatchObject({ title: "Unsere Geschichte", noindex: false });

    const page = await visitor.send("/geschichte");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h2>Anfang</h2>");
    expect(html).not.toContain("alert(1)");
    expect(html).toContain("<title>Bäckerei seit 1902");
    expect(html).not.toContain("Entwurf");

    const changed = await admin.send(`/api/sites/${site.id}`, {
      method: "PUT",
      json: { title: "Chronik", body: "<p>Neu</p>", noindex: true, version: site.version },
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data).toMatchObject({
      title: "Chronik",
      body: "<p>Neu</p>",
      path: "geschichte",
      noindex: true,
    });
    const indexed = await (await visitor.send("/geschichte")).text();
    expect(indexed).toContain('name="robots" content="noindex"');

    // The version read before the change is stale now.
    const stale = await admin.send(`/api/sites/${site.id}`, {
      method: "PUT",
      json: { title: "Alt", version: site.version },
    });
    expect(stale.status).toBe(409);

    const deleted = await admin.send(`/api/sites/${site.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/sites/${site.id}`)).status).toBe(404);
    expect((await visitor.send("/geschichte")).status).toBe(404);
  });

  it("shows a draft only to signed-in staff, with the marker", async () => {
    await handle.db
      .insertInto("sites")
      .values({
        path: "karriere",
        name: "Karriere",
        isPublic: false,
        // Written by hand, not through the API: cleaned when shown too.
        content: JSON.stringify({
          body: '<p>Wir suchen Bäcker.<img src=x onerror="alert(2)"></p>',
        }),
      })
      .execute();
    const forVisitor = await visitor.send("/karriere");
    expect(forVisitor.status).toBe(404);
    expect(await forVisitor.text()).not.toContain("Wir suchen");

    const forStaff = await admin.send("/karriere");
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("Cache-Control")).toContain("no-store");
    const html = await forStaff.text();
    expect(html).toContain("Entwurf");
    expect(html).toContain("Wir suchen Bäcker.");
    expect(html).not.toContain("onerror");
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("edits a legal page as a site; without a body the settings' text stays", async () => {
    const imprint = await admin.send("/api/sites", {
      json: { path: "imprint", type: "default", name: "Impressum", isPublic: true, body: "" },
    });
    expect(imprint.status).toBe(201);
    const id = (await json(imprint)).data.id;
    await handle.db.updateTable("settings").set({ imprintText: "Bäckerei Korn GmbH" }).execute();
    expect(await (await visitor.send("/site/imprint")).text()).toContain("Bäckerei Korn GmbH");

    await admin.send(`/api/sites/${id}`, {
      method: "PUT",
      json: { body: "<p>Bäckerei Korn, Freiburg</p>" },
    });
    const html = await (await visitor.send("/site/imprint")).text();
    expect(html).toContain("Bäckerei Korn, Freiburg");
    expect(html).not.toContain("Bäckerei Korn GmbH");
  });

  it("refuses bad sites with a German message and stores nothing", async () => {
    const before = await count("sites");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ path: "store/mitte", name: "X", type: "default" }, "path", "anderen Seite des Shops"],
      [{ path: "über uns", name: "X", type: "default" }, "path", "Nur Kleinbuchstaben"],
      [{ path: "x", name: "X", type: "landing" }, "type", "angebotenen Werte"],
      [{ path: "x", name: "<b>X</b>", type: "default" }, "name", "spitze Klammern"],
      [{ path: "x", name: "X".repeat(100_000), type: "default" }, "name", "Höchstens 120"],
      [
        { path: "x", name: "X", type: "default", body: "<p>".repeat(40_000) },
        "body",
        "Der Inhalt ist zu lang",
      ],
      [{ path: "x", name: "X", type: "default", body: 12 }, "body", "Inhalt"],
      [{ path: "x", name: "X", type: "default", isPublic: "vielleicht" }, "isPublic", "ja oder"],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.send("/api/sites", { json: body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const errors = (await json(response)).errors ?? [];
      expect(errors[0]?.message).toBe("Seite konnte nicht erstellt werden.");
      const beside = errors.find((error) => error.field === field);
      expect(beside?.message, field).toContain(message);
    }
    // A path taken already.
    await admin.send("/api/sites", { json: { path: "team", name: "Team", type: "default" } });
    const twice = await admin.send("/api/sites", {
      json: { path: "Team", name: "Team 2", type: "default" },
    });
    expect(twice.status).toBe(400);
    expect((await json(twice)).errors?.some((error) => error.field === "path")).toBe(true);
    expect(await count("sites")).toBe(before + 1);

    // Foreign ids: none of this shop's sites.
    expect((await admin.send("/api/sites/999999")).status).toBe(404);
    const put = await admin.send("/api/sites/999999", { method: "PUT", json: { name: "X" } });
    expect(put.status).toBe(404);
    expect((await json(put)).errors?.[0]?.message).toBe("Dieser Eintrag existiert nicht (mehr).");
    expect((await admin.send("/api/sites/abc", { method: "DELETE" })).status).toBe(404);
  });

  it("keeps sites and navigations for administrators", async () => {
    for (const path of [
      "/api/sites",
      "/api/navigations",
      "/backend/sites",
      "/backend/navigations",
    ]) {
      expect((await manager.send(path)).status, path).toBe(403);
      expect([302, 401]).toContain((await visitor.send(path)).status);
    }
    const refused = await manager.send("/api/sites", {
      json: { path: "x", name: "X", type: "default" },
    });
    expect(refused.status).toBe(403);
  });

  it("creates, lists, reads, changes and deletes a navigation shown in the shop at once", async () => {
    const about = (
      await json(
        await admin.send("/api/sites", {
          json: { path: "ueber-uns", name: "Über uns", type: "default", isPublic: true },
        }),
      )
    ).data;
    const draft = (
      await json(
        await admin.send("/api/sites", {
          json: { path: "neu", name: "Neu", type: "default", isPublic: false },
        }),
      )
    ).data;
    const created = await admin.send("/api/navigations", {
      json: {
        identifier: "header",
        name: "Kopfzeile",
        items: [
          {
            label: "Über uns",
            siteId: about.id,
            children: [{ label: "Mitte", href: "/store/mitte" }],
          },
          { label: "Entwurf", siteId: draft.id },
          { label: "Verband", href: "https://example.org/baecker" },
        ],
      },
    });
    expect(created.status).toBe(201);
    const navigation = (await json(created)).data;
    expect(navigation.items).toEqual([
      {
        label: "Über uns",
        siteId: about.id,
        href: null,
        children: [{ label: "Mitte", siteId: null, href: "/store/mitte" }],
      },
      { label: "Entwurf", siteId: draft.id, href: null, children: [] },
      { label: "Verband", siteId: null, href: "https://example.org/baecker", children: [] },
    ]);

    let shop = await (await visitor.send("/ueber-uns")).text();
    const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(shop)?.[1] ?? "";
    expect(header).toContain('href="/ueber-uns"');
    expect(header).toContain('href="/store/mitte"');
    expect(header).toContain('href="https://example.org/baecker"');
    // A draft's entry is left out: visitors would meet a 404.
    expect(header).not.toContain('href="/neu"');

    const list = await json(await admin.send("/api/navigations"));
    expect(list.data?.map((row: { identifier: string }) => row.identifier)).toEqual(["header"]);
    expect((await json(await admin.send(`/api/navigations/${navigation.id}`))).data.name).toBe(
      "Kopfzeile",
    );

    // Reordered and renamed: the shop's header shows it on the next page.
    const changed = await admin.send(`/api/navigations/${navigation.id}`, {
      method: "PUT",
      json: {
        items: [
          { label: "Verband", href: "https://example.org/baecker" },
          { label: "Wir", siteId: about.id },
        ],
      },
    });
    expect(changed.status).toBe(200);
    shop = await (await visitor.send("/ueber-uns")).text();
    const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(shop)?.[0] ?? "";
    expect(nav.indexOf("Verband")).toBeLessThan(nav.indexOf(">Wir<"));
    expect(nav).not.toContain("/store/mitte");

    // A page in a menu cannot go; the message names the menu.
    const refused = await admin.send(`/api/sites/${about.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toBe(
      "Kann nicht gelöscht werden: Die Seite steht in der Navigation „Kopfzeile“; entfernen Sie sie dort zuerst.",
    );

    const deleted = await admin.send(`/api/navigations/${navigation.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/navigations/${navigation.id}`)).status).toBe(404);
    shop = await (await visitor.send("/ueber-uns")).text();
    expect(shop).not.toContain('class="site-nav"');
    // Now it can go.
    expect((await admin.send(`/api/sites/${about.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("refuses a deleted page, bad addresses, deep nesting and absurd lengths", async () => {
    const gone = (
      await json(
        await admin.send("/api/sites", {
          json: { path: "alt", name: "Alt", type: "default", isPublic: true },
        }),
      )
    ).data;
    await admin.send(`/api/sites/${gone.id}`, { method: "DELETE" });
    const before = await count("navigations");
    const item = (extra: Record<string, unknown>) => ({ label: "Eintrag", ...extra });
    const cases: [unknown[], string, string][] = [
      [[item({ siteId: gone.id })], "items[0].siteId", "Diese Seite existiert nicht (mehr)."],
      [
        [item({ href: "/", children: [item({ siteId: 999_999 })] })],
        "items[0].children[0].siteId",
        "Diese Seite existiert nicht (mehr).",
      ],
      [[item({ href: "javascript:alert(1)" })], "items.0.href", "Bitte geben Sie einen Pfad"],
      [[item({ href: "//evil.example" })], "items.0.href", "Bitte geben Sie einen Pfad"],
      [[item({ href: "http://example.org" })], "items.0.href", "Bitte geben Sie einen Pfad"],
      [[item({})], "items.0.href", "Bitte wählen Sie eine Seite"],
      [[item({ href: "/", siteId: 1 })], "items.0.href", "nicht beides"],
      [[item({ siteId: "abc" })], "items.0.siteId", "vorhandenen Eintrag"],
      [[item({ siteId: 2 ** 40 })], "items.0.siteId", "vorhandenen Eintrag"],
      [
        [item({ href: "/", children: [item({ href: "/", children: [item({ href: "/" })] })] })],
        "items.0.children.0.children",
        "keine eigenen Untereinträge",
      ],
      [[item({ label: "x".repeat(100_000), href: "/" })], "items.0.label", "Höchstens 80"],
      [[item({ href: `/${"a".repeat(100_000)}` })], "items.0.href", "Höchstens 500"],
      [Array.from({ length: 31 }, () => item({ href: "/" })), "items", "Höchstens 30"],
    ];
    for (const [items, field, message] of cases) {
      const response = await admin.send("/api/navigations", {
        json: { identifier: "footer", name: "Fußzeile", items },
      });
      expect(response.status, field).toBe(400);
      const errors = (await json(response)).errors ?? [];
      expect(errors[0]?.message).toBe("Navigation konnte nicht erstellt werden.");
      expect(
        errors.find((error) => error.field === field)?.message,
        `${field}: ${JSON.stringify(errors)}`,
      ).toContain(message);
    }
    expect(await count("navigations")).toBe(before);

    const stored = (
      await json(
        await admin.send("/api/navigations", {
          json: { identifier: "footer", name: "Fußzeile", items: [item({ href: "/" })] },
        }),
      )
    ).data;
    const put = await admin.send(`/api/navigations/${stored.id}`, {
      method: "PUT",
      json: { items: [item({ siteId: gone.id })] },
    });
    expect(put.status).toBe(400);
    expect((await json(put)).errors?.[0]?.message).toBe(
      "Navigation konnte nicht aktualisiert werden.",
    );
    expect((await json(await admin.send(`/api/navigations/${stored.id}`))).data.items).toEqual([
      { label: "Eintrag", siteId: null, href: "/", children: [] },
    ]);
    expect((await admin.send("/api/navigations/999999", { method: "DELETE" })).status).toBe(404);
    await admin.send(`/api/navigations/${stored.id}`, { method: "DELETE" });
  });

  it("arranges entries without JavaScript: add, nest, move and save with the form", async () => {
    const added = await admin.send("/backend/navigations/new", {
      form: { name: "Kopfzeile", identifier: "header", itemsForm: "1", intent: "items-add" },
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('name="items[0].label"');

    const child = await admin.send("/backend/navigations/new", {
      form: {
        name: "Kopfzeile",
        identifier: "header",
        itemsForm: "1",
        "items[0].label": "Filialen",
        "items[0].href": "/",
        "items[1].label": "Kontakt",
        "items[1].href": "/kontakt",
        intent: "items[0].children-add",
      },
    });
    expect(await child.text()).toContain('name="items[0].children[0].label"');

    const moved = await admin.send("/backend/navigations/new", {
      form: {
        name: "Kopfzeile",
        identifier: "header",
        itemsForm: "1",
        "items[0].label": "Filialen",
        "items[0].href": "/",
        "items[1].label": "Kontakt",
        "items[1].href": "/kontakt",
        intent: "items-up-1",
      },
    });
    const movedPage = await moved.text();
    expect(movedPage.indexOf('value="Kontakt"')).toBeLessThan(
      movedPage.indexOf('value="Filialen"'),
    );

    const saved = await admin.send("/backend/navigations/new", {
      form: {
        name: "Kopfzeile",
        identifier: "header",
        itemsForm: "1",
        "items[0].label": "Kontakt",
        "items[0].href": "/kontakt",
        "items[0].siteId": "",
        "items[1].label": "Filialen",
        "items[1].href": "/",
        "items[1].siteId": "",
        "items[1].children[0].label": "Mitte",
        "items[1].children[0].href": "/store/mitte",
      },
    });
    expect(saved.status).toBe(302);
    const id = Number(
      /\/backend\/navigations\/(\d+)/.exec(saved.headers.get("Location") ?? "")?.[1],
    );
    expect((await json(await admin.send(`/api/navigations/${id}`))).data.items).toEqual([
      { label: "Kontakt", siteId: null, href: "/kontakt", children: [] },
      {
        label: "Filialen",
        siteId: null,
        href: "/",
        children: [{ label: "Mitte", siteId: null, href: "/store/mitte" }],
      },
    ]);

    // Removing the last entries and saving leaves an empty menu (the form's marker).
    const version = async () =>
      String((await json(await admin.send(`/api/navigations/${id}`))).data.version);
    const emptied = await admin.send(`/backend/navigations/${id}`, {
      form: { name: "Kopfzeile", identifier: "header", itemsForm: "1", version: await version() },
    });
    expect(emptied.status).toBe(302);
    expect((await json(await admin.send(`/api/navigations/${id}`))).data.items).toEqual([]);

    // A bad entry: 400 with the message beside the field, nothing stored.
    const refused = await admin.send(`/backend/navigations/${id}`, {
      form: {
        name: "Kopfzeile",
        identifier: "header",
        itemsForm: "1",
        version: await version(),
        "items[0].label": "Böse",
        "items[0].href": "javascript:alert(1)",
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Bitte geben Sie einen Pfad im Shop");
    expect((await json(await admin.send(`/api/navigations/${id}`))).data.items).toEqual([]);
    await admin.send(`/api/navigations/${id}`, { method: "DELETE" });
  });

  it("saves a site's body from the form's textarea, cleaned", async () => {
    const saved = await admin.send("/backend/sites/new", {
      form: {
        name: "Kontakt",
        path: "kontakt",
        type: "default",
        isPublic: "on",
        body: '<p>Rufen Sie an<script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(saved.status).toBe(302);
    const id = Number(/\/backend\/sites\/(\d+)/.exec(saved.headers.get("Location") ?? "")?.[1]);
    const page = await (await admin.send(`/backend/sites/${id}`)).text();
    expect(page).toContain("Inhalt");
    expect(page).toContain("&lt;p&gt;Rufen Sie an&lt;/p&gt;");
    const stored = await handle.db
      .selectFrom("sites")
      .select("content")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toEqual({ body: "<p>Rufen Sie an</p>" });
    await admin.send(`/api/sites/${id}`, { method: "DELETE" });
  });
});
