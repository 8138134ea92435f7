import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { tinyPng } from "#tests/support/tiny-png";
import { sniffImage } from "#app/domain/image-files";

/**
 * Image fields of the resource pattern (decision 035, "Images"): the tag's image and the branch's
 * logo and images, uploaded through the HTML form as a browser without JavaScript sends it
 * (multipart), replaced, removed, refused when they are no image or too large, never left behind
 * by a refused save, and named by id through the JSON API.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("back-office images (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let dataDir: string;
  let branchId: number;

  const json = async (response: Response) => (await response.json()) as Body;
  const png = (name = "brot.png") => new File([tinyPng()], name, { type: "image/png" });
  const multipart = (fields: Record<string, string | string[] | File | File[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    return form;
  };
  const imageCount = async () =>
    Number(
      (
        await handle.db
          .selectFrom("images")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const storedFiles = () => {
    try {
      return readdirSync(path.join(dataDir, "images"));
    } catch {
      return [];
    }
  };
  const versionOf = async (url: string) => {
    const page = await (await admin.send(url)).text();
    return /name="version" value="([^"]+)"/.exec(page)![1]!;
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    dataDir = mkdtempSync(path.join(tmpdir(), "bt-images-"));
    server = await startAppServer(handle.db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    branchId = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("uploads a tag's image through the form, shows and serves it, replaces and removes it", async () => {
    const created = await admin.send("/backend/tags/new", {
      multipart: multipart({
        name: "Vollkorn",
        identifier: "vollkorn",
        position: "1",
        imageId__datei: png(),
        imageId__alt: "Ein Vollkornbrot",
      }),
    });
    expect(created.status).toBe(302);
    const url = created.headers.get("Location")!.split("?")[0]!;
    const tag = await handle.db
      .selectFrom("tags")
      .select(["id", "imageId"])
      .where("identifier", "=", "vollkorn")
      .executeTakeFirstOrThrow();
    expect(tag.imageId).not.toBeNull();
    const image = await handle.db
      .selectFrom("images")
      .selectAll()
      .where("id", "=", tag.imageId!)
      .executeTakeFirstOrThrow();
    expect(image).toMatchObject({
      extension: "png",
      mimeType: "image/png",
      width: 1,
      height: 1,
      alt: "Ein Vollkornbrot",
    });
    expect(storedFiles()).toContain(image.storageKey);

    const page = await (await admin.send(url)).text();
    expect(page).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    const src = `/image/${image.id}-${image.version}.png`;
    expect(page).toContain(`src="${src}"`);
    expect(page).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(page).toContain("Entfernen");
    const served = await fetch(`${server.origin}${src}`);
    expect(served.status).toBe(200);
    // Written again by the image pipeline (decision 038): the same picture, without metadata.
    expect(sniffImage(new Uint8Array(await served.arrayBuffer()))).toMatchObject({
      extension: "png",
      width: 1,
      height: 1,
    });

    // A new file replaces the image.
    const replaced = await admin.send(url, {
      multipart: multipart({
        name: "Vollkorn",
        identifier: "vollkorn",
        position: "1",
        version: await versionOf(url),
        imageId: String(image.id),
        imageId__datei: png("neu.png"),
      }),
    });
    expect(replaced.status).toBe(302);
    const afterReplace = await handle.db
      .selectFrom("tags")
      .select("imageId")
      .where("id", "=", tag.id)
      .executeTakeFirstOrThrow();
    expect(afterReplace.imageId).not.toBe(image.id);
    expect(afterReplace.imageId).not.toBeNull();

    // 'Entfernen' takes it off.
    const removed = await admin.send(url, {
      multipart: multipart({
        name: "Vollkorn",
        identifier: "vollkorn",
        position: "1",
        version: await versionOf(url),
        imageId: String(afterReplace.imageId),
        imageId__entfernen: String(afterReplace.imageId),
      }),
    });
    expect(removed.status).toBe(302);
    const afterRemove = await handle.db
      .selectFrom("tags")
      .select("imageId")
      .where("id", "=", tag.id)
      .executeTakeFirstOrThrow();
    expect(afterRemove.imageId).toBeNull();
  });

  it("adds branch images in order, keeps them, removes one, and sets the logo", async () => {
    const url = `/backend/branches/${branchId}`;
    const base = { name: "Altstadt", identifier: "altstadt", position: "1" };
    const saved = await admin.send(url, {
      multipart: multipart({
        ...base,
        version: await versionOf(url),
        imageIds__datei: [png("eins.png"), png("zwei.png")],
        logoImageId__datei: png("logo.png"),
      }),
    });
    expect(saved.status).toBe(302);
    const linked = await handle.db
      .selectFrom("branchImages")
      .select(["imageId", "position"])
      .where("branchId", "=", branchId)
      .orderBy("position")
      .execute();
    expect(linked.map((row) => row.position)).toEqual([0, 1]);
    const branch = await handle.db
      .selectFrom("branches")
      .select("logoImageId")
      .where("id", "=", branchId)
      .executeTakeFirstOrThrow();
    expect(branch.logoImageId).not.toBeNull();

    const [first, second] = linked.map((row) => String(row.imageId));
    const kept = await admin.send(url, {
      multipart: multipart({
        ...base,
        version: await versionOf(url),
        imageIds: [first!, second!],
        imageIds__entfernen: first!,
        logoImageId: String(branch.logoImageId),
      }),
    });
    expect(kept.status).toBe(302);
    const after = await json(await admin.send(`/api/branches/${branchId}`));
    // The API answers the spec's names and shapes (decision 097).
    expect(after.data.images).toEqual([{ id: Number(second) }]);
    expect(after.data.logo).toEqual({ id: branch.logoImageId });
  });

  it("refuses a file that is no image beside the field, and a refused save leaves no image", async () => {
    const images = await imageCount();
    const files = storedFiles().length;
    const notImage = await admin.send("/backend/tags/new", {
      multipart: multipart({
        name: "Roggen",
        identifier: "roggen",
        position: "1",
        imageId__datei: new File(["<html><script>alert(1)</script>"], "bild.png", {
          type: "image/png",
        }),
      }),
    });
    expect(notImage.status).toBe(400);
    const page = await notImage.text();
    expect(page).toContain("Diese Datei ist kein Bild.");
    expect(page).toMatch(/id="[^"]*imageId[^"]*-error"[^>]*>Diese Datei ist kein Bild/);

    // A bad other field: the image is neither stored nor given a row.
    const badName = await admin.send("/backend/tags/new", {
      multipart: multipart({
        name: "<b>Roggen</b>",
        identifier: "roggen",
        position: "1",
        imageId__datei: png(),
      }),
    });
    expect(badName.status).toBe(400);
    expect(await badName.text()).toContain("Bitte ohne spitze Klammern");

    // A refusal inside the transaction (a duplicate identifier) rolls the image row back and
    // removes its file.
    const duplicate = await admin.send("/backend/tags/new", {
      multipart: multipart({
        name: "Doppelt",
        identifier: "vollkorn",
        position: "1",
        imageId__datei: png(),
      }),
    });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toContain("Dieser Wert ist schon vergeben.");
    expect(await imageCount()).toBe(images);
    expect(storedFiles().length).toBe(files);
  });

  it("refuses an oversize file and too many files with a 400, not a 500", async () => {
    const images = await imageCount();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(tinyPng());
    const oversize = await admin.send("/backend/tags/new", {
      multipart: multipart({
        name: "Groß",
        identifier: "gross",
        position: "1",
        imageId__datei: new File([big], "gross.png", { type: "image/png" }),
      }),
    });
    expect(oversize.status).toBe(400);
    expect(await oversize.text()).toContain("Dieses Bild ist zu groß.");

    const tooMany = await admin.send(`/backend/branches/${branchId}`, {
      multipart: multipart({
        name: "Altstadt",
        identifier: "altstadt",
        position: "1",
        imageIds__datei: Array.from({ length: 11 }, (_, index) => png(`${index}.png`)),
      }),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("Zu viele Bilder auf einmal");
    expect(await imageCount()).toBe(images);
  });

  it("takes image ids through the JSON API and refuses an unknown one", async () => {
    const image = await handle.db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        storageKey: "json-reference.png",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = await admin.send("/api/tags", {
      json: { name: "Dinkel", identifier: "dinkel", imageId: image.id },
    });
    expect(created.status).toBe(201);
    expect((await json(created)).data.image).toEqual({ id: image.id });

    // The old names (bare ids) and the spec's ({ id }) are both taken (decision 097).
    const branch = await admin.send(`/api/branches/${branchId}`, {
      method: "PUT",
      json: { imageIds: [image.id], logo: { id: image.id } },
    });
    expect(branch.status).toBe(200);
    expect((await json(branch)).data).toMatchObject({
      images: [{ id: image.id }],
      logo: { id: image.id },
    });

    const unknown = await admin.send("/api/tags", {
      json: { name: "Hafer", identifier: "hafer", imageId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors).toContainEqual({
      message: "Dieser Eintrag existiert nicht (mehr).",
      field: "imageId",
    });
  });
});
