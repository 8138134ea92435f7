import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES } from "#app/domain/image-sizes";
import { sizeKey } from "#app/features/media/image-pipeline.server";
import { imageStores } from "#app/features/media/images.server";
import { deMedia } from "#app/i18n/de-media";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { largePng, photoJpeg, pngBomb, storageBackends } from "#tests/support/test-images";

/**
 * Images (issue 16, decision 038): `/api/images` and `/api/images/{id}` (list, one, upload,
 * change, replace, delete), the back-office pages without JavaScript, `/image/...` in every size
 * and format with its cache headers, and the hostile files, on every database and every storage
 * back-end (each reads and writes through `storageFor`).
 */
type Body = { data?: any; errors?: { message: string; field?: string }[]; meta?: any };

const targets = databaseTargets().flatMap((database) =>
  storageBackends().map((storage) => [`${database} / ${storage.name}`, database, storage] as const),
);

describe.each(targets)("images (%s)", (_name, target, backend) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let dataDir: string;
  let stopStorage: () => Promise<void>;
  let photo: Uint8Array<ArrayBuffer>;

  const json = async (response: Response) => (await response.json()) as Body;
  const upload = (fields: Record<string, string>, files: { bytes: Uint8Array; name: string }[]) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) {
      form.append(
        "file",
        new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: "image/jpeg" }),
      );
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
  const stores = () => imageStores(server.context.config);
  const storedRow = (id: number) =>
    handle.db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    dataDir = mkdtempSync(path.join(tmpdir(), "bt-media-"));
    const started = await backend.start();
    stopStorage = started.stop;
    server = await startAppServer(handle.db, {
      config: {
        publicOrigin: "http://localhost:3000",
        mode: "demo",
        dataDir,
        storage: started.storage,
      },
    });
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(handle.db, { roles: ["ROLE_MANAGER"] });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    photo = await photoJpeg(1200, 800, { disc: { x: 900, y: 400 } });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    await stopStorage?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("uploads through the API, stripped of metadata, and lists and reads it", async () => {
    expect(Buffer.from(photo).includes("Testkamera")).toBe(true);
    const created = await admin.send("/api/images", {
      multipart: upload({ alt: "Ein Roggenbrot", focalX: "0.75", focalY: "0.5" }, [
        { bytes: photo, name: "roggen.jpg" },
      ]),
    });
    expect(created.status).toBe(201);
    const image = (await json(created)).data;
    expect(image).toMatchObject({
      version: 1,
      extension: "jpg",
      width: 1200,
      height: 800,
      alt: "Ein Roggenbrot",
      focalPoint: { x: 0.75, y: 0.5 },
      url: `/image/${image.id}-1.jpg`,
    });
    expect(image.sizes.product).toEqual({
      url: `/image/product/${image.id}-1.jpg`,
      width: 600,
      height: 600,
    });
    const row = await storedRow(image.id);
    const original = await stores().originals.get(row.storageKey);
    expect(original).not.toBeNull();
    expect(Buffer.from(original!).includes("Testkamera")).toBe(false);
    expect((await sharp(original!).metadata()).exif).toBeUndefined();

    const served = await fetch(`${server.origin}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).includes("Testkamera")).toBe(false);

    const one = await admin.send(`/api/images/${image.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("ETag")).toBe('"1"');
    expect((await json(one)).data).toMatchObject({ id: image.id, usage: 0 });

    const list = await json(await admin.send("/api/images?search=roggen"));
    expect(list.data!.map((entry: { id: number }) => entry.id)).toContain(image.id);
    expect(list.meta).toMatchObject({ page: 1 });
    const none = await json(await admin.send("/api/images?search=nichtda"));
    expect(none.data).toEqual([]);
  });

  it("serves every size made by sharp, square ones cropped around the focal point, cached", async () => {
    const image = (
      await json(
        await admin.send("/api/images", {
          multipart: upload({ alt: "Brötchen", focalX: "0.75", focalY: "0.5" }, [
            { bytes: photo, name: "b.jpg" },
          ]),
        }),
      )
    ).data;
    for (const size of IMAGE_SIZE_NAMES) {
      const response = await fetch(`${server.origin}/image/${size}/${image.id}-1.jpg`, {
        headers: { Accept: "image/webp,*/*" },
      });
      expect(response.status, size).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("Vary")).toBe("Accept");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      expect({ width: meta.width, height: meta.height }).toEqual(
        image.sizes[size] && {
          width: image.sizes[size].width,
          height: image.sizes[size].height,
        },
      );
      if (IMAGE_SIZES[size].square) expect(meta.width).toBe(meta.height);
      expect(await stores().sizes.get(sizeKey(image, size, "webp"))).not.toBeNull();
    }
    expect(image.sizes.large).toMatchObject({ width: 1200, height: 800 });
    expect(image.sizes.medium).toMatchObject({ width: 800, height: 533 });

    // The product square (600 of a 1200 × 800 picture scaled to 900 × 600) is cut around the
    // focal point at 75 %: the red disc at 900, 400 of the original lies in it, near its middle.
    const product = await fetch(`${server.origin}/image/product/${image.id}-1.jpg`, {
      headers: { Accept: "image/avif,image/webp" },
    });
    expect(product.headers.get("Content-Type")).toBe("image/avif");
    const jpeg = await fetch(`${server.origin}/image/product/${image.id}-1.jpg`);
    expect(jpeg.headers.get("Content-Type")).toBe("image/jpeg");
    const { data, info } = await sharp(Buffer.from(await jpeg.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    // Scaled to 900 × 600, the disc's centre lies at (675, 300); the focal crop starts at
    // min(0.75 × 900 − 300, 300) = 300, so the centre lands at (375, 300). A middle crop (from
    // 150) would put it at (525, 300), and (375, 300) would be outside its disc of radius 100.
    const [r, g, b] = pixel(375, 300);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it("makes a size once for concurrent first requests and answers HEAD", async () => {
    const image = (
      await json(
        await admin.send("/api/images", {
          multipart: upload({ alt: "Gleichzeitig" }, [{ bytes: photo, name: "c.jpg" }]),
        }),
      )
    ).data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.origin}/image/medium/${image.id}-1.jpg`)),
    );
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(bodies.map((body) => body.toString("base64"))).size).toBe(1);
  });

  it("changes alt text, moves the focal point and replaces the file with a new version", async () => {
    const image = (
      await json(
        await admin.send("/api/images", {
          multipart: upload({ alt: "Vorher" }, [{ bytes: photo, name: "v.jpg" }]),
        }),
      )
    ).data;
    const first = await fetch(`${server.origin}/image/icon/${image.id}-1.jpg`);
    expect(first.status).toBe(200);
    const oldKey = (await storedRow(image.id)).storageKey;

    // The alt text alone leaves the pixels and so the version (and every address) alone.
    const renamed = await admin.send(`/api/images/${image.id}`, {
      method: "PUT",
      json: { alt: "Nachher" },
    });
    expect(renamed.status).toBe(200);
    expect((await json(renamed)).data).toMatchObject({ version: 1, alt: "Nachher" });

    // A new focal point changes the square sizes: a new version.
    const moved = await admin.send(`/api/images/${image.id}`, {
      method: "PUT",
      json: { focalPoint: { x: 0.1, y: 0.9 }, version: 1 },
    });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data).toMatchObject({ version: 2, focalPoint: { x: 0.1, y: 0.9 } });
    expect(await stores().sizes.get(sizeKey(image, "icon", "jpg"))).toBeNull();

    // A stale version is refused.
    const stale = await admin.send(`/api/images/${image.id}`, {
      method: "PUT",
      json: { alt: "Zu spät", version: 1 },
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).errors![0]!.message).toBe(deMedia.refusals.stale);

    // A new file: a new version, a new address; the old one leads to the new one.
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#00f" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new File([png], "neu.png", { type: "image/png" }));
    const replaced = await admin.send(`/api/images/${image.id}`, {
      method: "PUT",
      multipart: form,
    });
    expect(replaced.status).toBe(200);
    const after = (await json(replaced)).data;
    expect(after).toMatchObject({
      version: 3,
      extension: "png",
      width: 300,
      height: 200,
      alt: "Nachher",
    });
    expect(await stores().originals.get(oldKey)).toBeNull();
    const old = await fetch(`${server.origin}/image/icon/${image.id}-1.jpg`, {
      redirect: "manual",
    });
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`/image/icon/${image.id}-3.png`);
    expect(old.headers.get("Cache-Control")).toBe("no-cache");
    const future = await fetch(`${server.origin}/image/icon/${image.id}-9.png`);
    expect(future.status).toBe(404);
    const now = await fetch(`${server.origin}/image/icon/${image.id}-3.png`);
    expect(now.status).toBe(200);
    expect(now.headers.get("Content-Type")).toBe("image/png");
  });

  it("deletes an image nothing uses, and refuses one in use with the places", async () => {
    const image = (
      await json(
        await admin.send("/api/images", {
          multipart: upload({ alt: "Weg damit" }, [{ bytes: photo, name: "w.jpg" }]),
        }),
      )
    ).data;
    await fetch(`${server.origin}/image/small/${image.id}-1.jpg`);
    const { id: tagId } = await handle.db
      .insertInto("tags")
      .values({ name: `Tag ${image.id}`, identifier: `tag-${image.id}`, imageId: image.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const refused = await admin.send(`/api/images/${image.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    const reasons = (await json(refused)).errors!.map((error) => error.message);
    expect(reasons[0]).toBe(deMedia.refusals.inUse("1× in Tags"));
    expect(reasons).toContain(deMedia.images.errors.delete);
    expect((await json(await admin.send(`/api/images/${image.id}`))).data.usage).toBe(1);

    await handle.db.deleteFrom("tags").where("id", "=", tagId).execute();

    // Named inside content too: a gallery deep in a block, an image layer of a template. A file
    // value with the same id (it carries a publicHash) does not count.
    const stored = { id: image.id, version: 1, extension: "jpg", alt: "Weg damit" };
    const { id: blockId } = await handle.db
      .insertInto("blocks")
      .values({
        identifier: `galerie-${image.id}`,
        name: "Galerie",
        content: JSON.stringify({
          data: [
            { type: "gallery", value: { label: "Backstube", images: [stored, stored] } },
            { type: "file", value: { ...stored, publicHash: "f".repeat(32) } },
          ],
        }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: templateId } = await handle.db
      .insertInto("imageTemplates")
      .values({
        identifier: `schild-${image.id}`,
        name: "Schild",
        width: 64,
        height: 32,
        layers: JSON.stringify([
          { type: "image", imageId: image.id, x: 0, y: 0, width: 64, height: 32, fit: "cover" },
        ]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inContent = await admin.send(`/api/images/${image.id}`, { method: "DELETE" });
    expect(inContent.status).toBe(409);
    expect((await json(inContent)).errors![0]!.message).toBe(
      deMedia.refusals.inUse("2× in Inhalten, 1× in Bildvorlagen"),
    );
    await handle.db.deleteFrom("blocks").where("id", "=", blockId).execute();
    await handle.db.deleteFrom("imageTemplates").where("id", "=", templateId).execute();

    const key = (await storedRow(image.id)).storageKey;
    const deleted = await admin.send(`/api/images/${image.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await stores().originals.get(key)).toBeNull();
    expect(await stores().sizes.get(sizeKey(image, "small", "jpg"))).toBeNull();
    expect((await admin.send(`/api/images/${image.id}`)).status).toBe(404);
    expect((await fetch(`${server.origin}/image/small/${image.id}-1.jpg`)).status).toBe(404);
    const log = await handle.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "image")
      .where("entityId", "=", String(image.id))
      .execute();
    expect(log.map((entry) => entry.action).sort()).toEqual(["image.created", "image.deleted"]);
  });

  it("refuses hostile files with a German message and stores nothing", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const cases = [
      {
        name: "50 megapixels",
        bytes: largePng(),
        status: 413,
        message: deMedia.refusals.tooManyPixels,
      },
      { name: "PNG bomb", bytes: pngBomb(), status: 413, message: deMedia.refusals.tooManyPixels },
      { name: "SVG with script", bytes: svg, status: 400, message: deMedia.refusals.notAnImage },
      { name: "HTML named .jpg", bytes: html, status: 400, message: deMedia.refusals.notAnImage },
      { name: "truncated JPEG", bytes: truncated, status: 400, message: deMedia.refusals.broken },
    ];
    const before = await imageCount();
    for (const entry of cases) {
      const response = await admin.send("/api/images", {
        multipart: upload({ alt: "Böse" }, [{ bytes: entry.bytes, name: "bild.jpg" }]),
      });
      expect(response.status, entry.name).toBe(entry.status);
      const body = await json(response);
      expect(body.errors![0]!.message, entry.name).toBe(deMedia.images.errors.create);
      expect(body.errors, entry.name).toContainEqual({ message: entry.message, field: "file" });
    }
    // 500 files at once.
    const many = upload(
      { alt: "Viele" },
      Array.from({ length: 500 }, (_, index) => ({
        bytes: photo.subarray(0, 64),
        name: `${index}.jpg`,
      })),
    );
    const crowd = await admin.send("/api/images", { multipart: many });
    expect(crowd.status).toBe(400);
    expect((await json(crowd)).errors).toContainEqual({
      message: deMedia.refusals.tooManyFiles,
      field: "file",
    });
    // Without alt text, and without a file.
    const noAlt = await admin.send("/api/images", {
      multipart: upload({}, [{ bytes: photo, name: "a.jpg" }]),
    });
    expect(noAlt.status).toBe(400);
    expect((await json(noAlt)).errors).toContainEqual({
      message: deMedia.refusals.altMissing,
      field: "alt",
    });
    const noFile = await admin.send("/api/images", { multipart: upload({ alt: "Leer" }, []) });
    expect(noFile.status).toBe(400);
    const badFocal = await admin.send("/api/images", {
      multipart: upload({ alt: "Punkt", focalX: "7" }, [{ bytes: photo, name: "a.jpg" }]),
    });
    expect(badFocal.status).toBe(400);
    expect((await json(badFocal)).errors).toContainEqual({
      message: deMedia.refusals.focal,
      field: "focalX",
    });
    const garbage = await admin.send("/api/images", {
      method: "POST",
      body: "--x\r\nkaputt",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(garbage.status).toBe(400);
    expect(await imageCount()).toBe(before);
  }, 60_000);

  it("uploads, changes and deletes through the back-office pages without JavaScript", async () => {
    const page = await admin.send("/backend/images/new");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain('name="file"');

    const refused = await admin.send("/backend/images/new", {
      multipart: upload({ alt: "", focalX: "50", focalY: "50" }, [{ bytes: photo, name: "x.jpg" }]),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(deMedia.refusals.altMissing);

    const created = await admin.send("/backend/images/new", {
      multipart: upload({ alt: "Laugenbrezel", focalX: "30", focalY: "60" }, [
        { bytes: photo, name: "brezel.jpg" },
      ]),
    });
    expect(created.status).toBe(302);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/backend\/images\/\d+\?hinweis=hochgeladen$/);
    const id = Number(/\/(\d+)\?/.exec(location)![1]);
    expect(await storedRow(id)).toMatchObject({ alt: "Laugenbrezel", focalX: 0.3, focalY: 0.6 });

    const edit = await (await admin.send(location)).text();
    expect(edit).toContain(deMedia.images.created);
    expect(edit).toContain(`/image/product/${id}-1.jpg`);

    const list = await (await admin.send("/backend/images")).text();
    expect(list).toContain("Laugenbrezel");
    expect(list).toContain(`/image/small/${id}-1.jpg`);

    const saved = await admin.send(`/backend/images/${id}`, {
      multipart: upload({ alt: "Brezel", focalX: "30", focalY: "60", version: "1" }, []),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/backend/images/${id}?hinweis=gespeichert`);
    expect(await storedRow(id)).toMatchObject({ alt: "Brezel", version: 1 });

    const replaced = await admin.send(`/backend/images/${id}`, {
      multipart: upload({ alt: "Brezel", focalX: "30", focalY: "60", version: "1" }, [
        { bytes: await photoJpeg(640, 480), name: "neu.jpg" },
      ]),
    });
    expect(replaced.headers.get("Location")).toBe(`/backend/images/${id}?hinweis=ersetzt`);
    expect(await storedRow(id)).toMatchObject({ version: 2, width: 640, height: 480 });

    const deleted = await admin.send(`/backend/images/${id}`, { form: { intent: "delete" } });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/backend/images?hinweis=geloescht");
    expect((await admin.send(`/backend/images/${id}`)).status).toBe(404);
  });

  it("is for administrators only", async () => {
    expect((await manager.send("/api/images")).status).toBe(403);
    expect((await manager.send("/backend/images")).status).toBe(403);
    expect((await new StaffClient(server).send("/api/images")).status).toBe(401);
    expect((await new StaffClient(server).send("/backend/images")).status).toBe(302);
    const refused = await manager.send("/api/images", {
      multipart: upload({ alt: "Nein" }, [{ bytes: photo, name: "n.jpg" }]),
    });
    expect(refused.status).toBe(403);
  });
});
