import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { updateSettings } from "#app/db/queries/settings";
import { seedDemoData } from "#app/db/seed.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Content blocks (issue 16, decision 040): every API route (list, one, POST, PUT, DELETE), the
 * form without JavaScript with its list buttons, the landing page showing a change at once, and
 * the hostile values: 50 levels of nesting, references to deleted records, wrong types, huge
 * values — each a 400 with a German message and nothing stored.
 */
type Body = { data?: any; meta?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("content blocks (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let imageId: number;

  const json = async (response: Response) => (await response.json()) as Body;
  const blockId = async (identifier: string) =>
    (
      await handle.db
        .selectFrom("blocks")
        .select("id")
        .where("identifier", "=", identifier)
        .executeTakeFirstOrThrow()
    ).id;
  const stored = async (identifier: string) =>
    handle.db
      .selectFrom("blocks")
      .selectAll()
      .where("identifier", "=", identifier)
      .executeTakeFirstOrThrow();
  const landing = async () => (await fetch(`${server.origin}/`)).text();

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(), adminPassword: "blocks-admin" });
    await updateSettings(handle.db, { enablePluginHomePage: true });
    imageId = (
      await handle.db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 40,
          height: 30,
          alt: "Brote",
          storageKey: "brote.png",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    server = await startAppServer(handle.db);
    admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id,
    );
    const branch = await handle.db.selectFrom("branches").select("id").executeTakeFirstOrThrow();
    manager = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_MANAGER"], branchIds: [branch.id] })).id,
    );
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("lists blocks and reads one, for administrators only", async () => {
    const list = await json(await admin.send("/api/blocks?pageSize=100"));
    const identifiers = list.data.map((block: { identifier: string }) => block.identifier);
    expect(identifiers).toEqual(expect.arrayContaining(["intro", "gallery", "news", "news-popup"]));
    expect(list.meta.total).toBe(identifiers.length);
    const one = await admin.send(`/api/blocks/${await blockId("news")}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("ETag")).toMatch(/^"\d+"$/);
    const news = (await json(one)).data;
    expect(news).toMatchObject({ identifier: "news", name: "Neuigkeiten", isPublic: true });
    expect(news.content.news[0].value.title).toBe("Stollenzeit am Münsterplatz");
    expect(typeof news.updatedAt).toBe("string");

    expect((await manager.send("/api/blocks")).status).toBe(403);
    expect((await manager.send(`/api/blocks/${await blockId("news")}`)).status).toBe(403);
    expect((await fetch(`${server.origin}/api/blocks`)).status).toBe(401);
  });

  it("creates, changes and deletes a block, its rich text cleaned and its image completed", async () => {
    const created = await admin.send("/api/blocks", {
      json: {
        identifier: "course-pralinen",
        name: "Pralinenkurs",
        isPublic: true,
        position: 20,
        content: {
          data: [
            { type: "text", value: "Pralinen selbst gemacht" },
            {
              type: "wysiwyg",
              value: '<p onmouseover="x()">Mit <b>Kakao</b><script>1</script></p>',
            },
            {
              type: "image",
              value: { id: imageId, alt: "Pralinen", version: 99, extension: "exe" },
            },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    const block = (await json(created)).data;
    expect(block.content.data).toEqual([
      { type: "text", value: "Pralinen selbst gemacht" },
      { type: "wysiwyg", value: "<p>Mit <b>Kakao</b></p>" },
      { type: "image", value: { id: imageId, version: 1, extension: "png", alt: "Pralinen" } },
    ]);

    const changed = await admin.send(`/api/blocks/${block.id}`, {
      method: "PUT",
      json: { name: "Pralinen und Trüffel", version: block.version },
    });
    expect(changed.status).toBe(200);
    const after = (await json(changed)).data;
    // A PUT without content keeps the stored one.
    expect(after).toMatchObject({ name: "Pralinen und Trüffel", content: block.content });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(block.updatedAt).getTime(),
    );
    const stale = await admin.send(`/api/blocks/${block.id}`, {
      method: "PUT",
      json: { name: "Alt", version: block.version },
    });
    expect(stale.status).toBe(409);

    const log = await handle.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "block")
      .where("entityId", "=", String(block.id))
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(["block.created", "block.updated"]);

    const deleted = await admin.send(`/api/blocks/${block.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/blocks/${block.id}`)).status).toBe(404);
  });

  it("shows a changed news entry and gallery on the landing page at once", async () => {
    const id = await blockId("news");
    const before = await landing();
    expect(before).toContain("Stollenzeit am Münsterplatz");
    const news = (await json(await admin.send(`/api/blocks/${id}`))).data;
    news.content.news[0].value.title = "Stollen jetzt vorbestellen";
    news.content.news[0].value.text = '<p>Ab heute <img src=x onerror="alert(1)">im Laden</p>';
    const saved = await admin.send(`/api/blocks/${id}`, {
      method: "PUT",
      json: { content: news.content },
    });
    expect(saved.status).toBe(200);
    const page = await landing();
    expect(page).toContain("Stollen jetzt vorbestellen");
    expect(page).toContain("<p>Ab heute im Laden</p>");
    expect(page).not.toContain("onerror");

    const galleryId = await blockId("gallery");
    const gallery = await admin.send(`/api/blocks/${galleryId}`, {
      method: "PUT",
      json: {
        content: {
          data: [
            {
              type: "gallery",
              value: { label: "Frisch aus dem Ofen", images: [{ id: imageId, alt: "Brote" }] },
            },
          ],
        },
      },
    });
    expect(gallery.status).toBe(200);
    const withGallery = await landing();
    expect(withGallery).toContain("Frisch aus dem Ofen");
    expect(withGallery).toContain(`/image/small/${imageId}-1.png`);
  });

  it("renders markdown on the landing page without letting markup through", async () => {
    const id = await blockId("events");
    const saved = await admin.send(`/api/blocks/${id}`, {
      method: "PUT",
      json: {
        content: {
          data: [
            { type: "text", value: "Termine" },
            { type: "markdown", value: "- **Samstag**: Führung\n- <script>alert(1)</script>Markt" },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
    const page = await landing();
    expect(page).toContain("<li><strong>Samstag</strong>: Führung</li>");
    expect(page).not.toContain("<script>alert(1)");
  });

  it("edits a block through the form without JavaScript, its list buttons included", async () => {
    const id = await blockId("news-popup");
    const row = await stored("news-popup");
    const version = (await json(await admin.send(`/api/blocks/${id}`))).data.version as string;
    const form: Record<string, string> = {
      version,
      name: row.name,
      identifier: "news-popup",
      isPublic: "on",
      position: "11",
      "content.news[0].type": "news",
      "content.news[0].value.title": "Erster Eintrag",
      "content.news[0].value.text": "<p>Eins</p>",
      "content.news[0].value.image.id": String(imageId),
      "content.news[0].value.image.alt": "Ein Brot",
      "content.news[0].value.button.label": "",
      "content.news[0].value.button.link": "",
    };
    // "Eintrag hinzufügen" saves nothing and answers the form with one more entry.
    const added = await admin.send(`/backend/blocks/${id}`, {
      form: { ...form, intent: "block:add:content.news:news" },
    });
    expect(added.status).toBe(200);
    const addedPage = await added.text();
    expect(addedPage).toContain('name="content.news[1].value.title"');
    expect(addedPage).toContain('value="Erster Eintrag"');
    expect((await stored("news-popup")).content).toEqual(row.content);

    const refused = await admin.send(`/backend/blocks/${id}`, {
      form: {
        ...form,
        "content.news[1].type": "news",
        "content.news[1].value.title": "",
        "content.news[1].value.button.link": "javascript:alert(1)",
      },
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Bitte ausfüllen.");
    expect(refusedPage).toContain("Bitte eine Adresse dieser Seite");
    expect((await stored("news-popup")).content).toEqual(row.content);

    const saved = await admin.send(`/backend/blocks/${id}`, {
      form: {
        ...form,
        "content.news[1].type": "news",
        "content.news[1].value.title": "Zweiter Eintrag",
        "content.news[1].value.button.label": "Ansehen",
        "content.news[1].value.button.link": "/store/altstadt",
      },
    });
    expect(saved.status).toBe(302);
    const content = (await stored("news-popup")).content;
    expect(content.news).toEqual([
      {
        type: "news",
        value: {
          title: "Erster Eintrag",
          text: "<p>Eins</p>",
          image: { id: imageId, version: 1, extension: "png", alt: "Ein Brot" },
          button: { label: "", link: "" },
        },
      },
      {
        type: "news",
        value: {
          title: "Zweiter Eintrag",
          text: "",
          image: null,
          button: { label: "Ansehen", link: "/store/altstadt" },
        },
      },
    ]);

    // Moving the second entry up and removing one are list buttons too.
    const moved = await admin.send(`/backend/blocks/${id}`, {
      form: {
        ...form,
        "content.news[1].type": "news",
        "content.news[1].value.title": "Zweiter Eintrag",
        intent: "block:up:content.news:1",
      },
    });
    const movedPage = await moved.text();
    expect(movedPage.indexOf("Zweiter Eintrag")).toBeLessThan(movedPage.indexOf("Erster Eintrag"));
  });

  it("keeps the version the editor read across a list button, so a later save meets the newer one", async () => {
    const id = await blockId("news-popup");
    const read = (await json(await admin.send(`/api/blocks/${id}`))).data;
    const form: Record<string, string> = {
      version: read.version,
      name: read.name,
      identifier: "news-popup",
      isPublic: "on",
      position: "11",
      "content.news[0].type": "news",
      "content.news[0].value.title": "Aus dem alten Formular",
      "content.news[0].value.text": "",
      "content.news[0].value.button.label": "",
      "content.news[0].value.button.link": "",
    };
    // Someone else saves while this editor's page is open.
    const other = await admin.send(`/api/blocks/${id}`, {
      method: "PUT",
      json: { name: "Von nebenan gespeichert", version: read.version },
    });
    expect(other.status).toBe(200);
    const newer = (await json(other)).data.version as string;
    expect(newer).not.toBe(read.version);

    // A row added (or a refusal) answers the typed form with the version it was read at.
    const added = await admin.send(`/backend/blocks/${id}`, {
      form: { ...form, intent: "block:add:content.news:news" },
    });
    expect(added.status).toBe(200);
    const addedPage = await added.text();
    expect(addedPage).toContain(`name="version" value="${read.version}"`);
    expect(addedPage).not.toContain(`name="version" value="${newer}"`);
    const refused = await admin.send(`/backend/blocks/${id}`, {
      form: { ...form, "content.news[0].value.button.link": "javascript:alert(1)" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`name="version" value="${read.version}"`);

    // So saving that page is refused instead of overwriting the other save unseen.
    const saved = await admin.send(`/backend/blocks/${id}`, { form });
    expect(saved.status).toBe(409);
    expect((await stored("news-popup")).name).toBe("Von nebenan gespeichert");
  });

  describe("hostile values: 400 with a German message, nothing stored", () => {
    const refuse = async (body: Record<string, unknown>, identifier = "intro") => {
      const id = await blockId(identifier);
      const before = await stored(identifier);
      const response = await admin.send(`/api/blocks/${id}`, { method: "PUT", json: body });
      expect(response.status).toBe(400);
      const { errors } = await json(response);
      expect(errors?.[0]?.message).toBe("Inhalt konnte nicht aktualisiert werden.");
      expect(await stored(identifier)).toEqual(before);
      return errors!.slice(1);
    };

    it("refuses a collection nested 50 levels deep", async () => {
      let deep: unknown = { type: "text", value: "x" };
      for (let level = 0; level < 50; level += 1) {
        deep = { type: "gallery", value: { label: "x", images: [deep] } };
      }
      expect(await refuse({ content: { data: [deep] } })).toEqual([
        {
          message: "Die Inhalte sind zu tief verschachtelt (höchstens 5 Ebenen).",
          field: "content",
        },
      ]);
    });

    it("refuses references to deleted pages, products and images", async () => {
      const site = await handle.db
        .insertInto("sites")
        .values({ path: "weg", name: "Weg", title: "Weg" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await handle.db.deleteFrom("sites").where("id", "=", site.id).execute();
      expect(
        await refuse({
          content: {
            data: [
              { type: "reference", value: { type: "site", id: site.id } },
              { type: "reference", value: { type: "product", id: 999_999 } },
              { type: "image", value: { id: 999_999, alt: "" } },
            ],
          },
        }),
      ).toEqual([
        { message: "Dieses Bild existiert nicht mehr.", field: "content.data[2].value" },
        { message: "Diese Seite existiert nicht mehr.", field: "content.data[0].value" },
        { message: "Dieses Produkt existiert nicht mehr.", field: "content.data[1].value" },
      ]);
    });

    it("refuses wrong types and huge values", async () => {
      expect(
        await refuse({
          content: {
            data: [
              { type: "text", value: { evil: true } },
              { type: "textarea", value: 42 },
              { type: "gallery", value: { label: "x", images: "alle" } },
              { type: "iframe", value: "<iframe>" },
            ],
          },
        }),
      ).toEqual([
        { message: "Bitte einen Text eingeben.", field: "content.data.0.value" },
        { message: "Bitte einen Text eingeben.", field: "content.data.1.value" },
        { message: "Bitte eine Liste angeben.", field: "content.data.2.value.images" },
        { message: "Unbekannte Art von Eintrag.", field: "content.data.3.type" },
      ]);
      expect(await refuse({ content: "alles" })).toEqual([
        { message: "Der Inhalt passt nicht zu dieser Art von Block.", field: "content" },
      ]);
      expect(
        await refuse({ content: { data: [{ type: "text", value: "x".repeat(5_000) }] } }),
      ).toEqual([{ message: "Höchstens 200 Zeichen.", field: "content.data.0.value" }]);
      const many = Array.from({ length: 41 }, () => ({ type: "text", value: "Brot" }));
      expect(await refuse({ content: { data: many } })).toEqual([
        { message: "Höchstens 40 Einträge.", field: "content.data" },
      ]);
      expect(
        await refuse(
          { content: { news: [{ type: "news", value: { title: "", text: 5 } }] } },
          "news",
        ),
      ).toEqual([
        { message: "Bitte ausfüllen.", field: "content.news.0.value.title" },
        { message: "Bitte einen Text eingeben.", field: "content.news.0.value.text" },
      ]);
    });
  });
});
