import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { deUploads } from "#app/i18n/de-uploads";
import { storageFor } from "#app/integrations/storage/storage.server";
import { fileIcon } from "#app/features/uploads/previews.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import {
  htmlNamedJpg,
  jpegPhoto,
  pdfWithEscapedJavaScript,
  pdfWithFilteredObjectStream,
  pdfWithJavaScript,
  pdfWithPackedJavaScript,
  simplePdf,
  truncatedJpeg,
} from "#tests/support/sample-files";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";
import { storageBackends, type StorageBackend } from "#tests/support/storage-backends";

interface UploadJson {
  id: number;
  version: number;
  extension: string;
  publicHash: string;
  mimeType: string;
  name: string;
  sizeBytes: number;
  url: string;
  previewUrl: string;
  orderIds: number[];
}

const form = (...files: [Uint8Array, string][]) => {
  const body = new FormData();
  for (const [bytes, name] of files) body.append("file", new File([Buffer.from(bytes)], name));
  return body;
};

/** The keys stored in one area of the backend, whichever it is. */
async function storedKeys(backend: StorageBackend, area: string): Promise<string[]> {
  if (backend.name === "s3") {
    const prefix = `shop-1/${area}/`;
    return [...backend.fake!.objects.keys()].filter((key) => key.startsWith(prefix));
  }
  try {
    return await readdir(path.join(backend.config.dataDir, area));
  } catch {
    return [];
  }
}

describe.each(databaseTargets())("/api/uploads on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: TestStaff;
  let employee: TestStaff;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"] });
    await db
      .insertInto("branches")
      .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
      .execute();
  });

  afterAll(async () => {
    await handle?.close();
  });

  describe.each(storageBackends())("with $name storage", (backend) => {
    let server: AppServer;
    let client: StaffClient;

    beforeAll(async () => {
      await backend.start();
      server = await startAppServer(db, {
        config: {
          publicOrigin: "http://localhost:3000",
          mode: "demo",
          dataDir: backend.config.dataDir,
          storage: backend.config.storage,
        },
      });
      client = await new StaffClient(server).signInAs(server.context, admin.id);
    });

    afterAll(async () => {
      await server?.close();
      await backend.stop();
    });

    beforeEach(async () => {
      await db.deleteFrom("orderItemUploads").execute();
      await db.deleteFrom("uploads").execute();
      await backend.clear();
    });

    const post = async (...files: [Uint8Array, string][]) => {
      const response = await client.send("/api/uploads", { multipart: form(...files) });
      return { response, body: (await response.clone().json()) as { data: UploadJson[] } };
    };

    const fetchPath = (address: string) => fetch(`${server.origin}${address}`);

    async function expectRefused(response: Response, status: number, detail: string) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]!.message).toBe(deUploads.errors.create);
      expect(body.errors.map((error) => error.message)).toContain(detail);
      expect(await db.selectFrom("uploads").select("id").execute()).toEqual([]);
      expect(await storedKeys(backend, "uploads")).toEqual([]);
    }

    it("stores a photo, serves it unchanged and its preview as a small JPEG", async () => {
      const photo = await jpegPhoto();
      const { response, body } = await post([photo, "Torte.JPG"]);
      expect(response.status).toBe(201);
      const [upload] = body.data;
      expect(upload).toMatchObject({ version: 1, extension: "jpg", mimeType: "image/jpeg" });
      expect(upload!.name).toBe("Torte.JPG");
      expect(upload!.url).toBe(`/upload/${upload!.publicHash}/${upload!.id}-1.jpg`);
      const file = await fetchPath(upload!.url);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("image/jpeg");
      expect(file.headers.get("X-Content-Type-Options")).toMatch(/nosniff/);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(photo));

      const preview = await fetchPath(upload!.previewUrl);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("Content-Type")).toBe("image/jpeg");
      expect(preview.headers.get("Content-Security-Policy")).toContain("sandbox");
      const facts = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
      expect(facts.format).toBe("jpeg");
      expect(Math.max(facts.width!, facts.height!)).toBe(320);
      // Made once, then kept in the previews' area of the same store.
      expect(await storedKeys(backend, "upload-previews")).toHaveLength(1);
    });

    it("shows a PDF's first page as its preview, not the icon", async () => {
      const { body } = await post([simplePdf(), "Vorlage.pdf"]);
      const preview = await fetchPath(body.data[0]!.previewUrl);
      expect(preview.status).toBe(200);
      const bytes = Buffer.from(await preview.arrayBuffer());
      expect(bytes).not.toEqual(Buffer.from(await fileIcon("pdf")));
      // The page's green square fills its middle.
      const { data } = await sharp(bytes)
        .extract({ left: 150, top: 150, width: 20, height: 20 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[1]!).toBeGreaterThan(data[0]! + 60);
    });

    it("gives other files the file icon as their preview", async () => {
      const { body } = await post([new TextEncoder().encode("Bitte 3 Stück."), "notiz.txt"]);
      const preview = await fetchPath(body.data[0]!.previewUrl);
      expect(Buffer.from(await preview.arrayBuffer())).toEqual(Buffer.from(await fileIcon("txt")));
    });

    it("lists, shows, replaces and deletes a staff file", async () => {
      const { body } = await post([await jpegPhoto(), "alt.jpg"], [simplePdf(), "zwei.pdf"]);
      const [first] = body.data;
      const list = await client.send("/api/uploads?search=alt");
      const listed = (await list.json()) as { data: UploadJson[]; meta: { total: number } };
      expect(listed.data.map((row) => row.name)).toEqual(["alt.jpg"]);
      expect(listed.meta.total).toBe(1);

      const one = await client.send(`/api/uploads/${first!.id}`);
      expect(one.headers.get("ETag")).toBe('"1"');

      const stale = new FormData();
      stale.append("file", new File([Buffer.from(await jpegPhoto("#2e86c1"))], "neu.jpg"));
      stale.append("version", "7");
      const refused = await client.send(`/api/uploads/${first!.id}`, {
        method: "PUT",
        multipart: stale,
      });
      expect(refused.status).toBe(409);

      const next = new FormData();
      next.append("file", new File([Buffer.from(await jpegPhoto("#2e86c1"))], "neu.jpg"));
      const replaced = await client.send(`/api/uploads/${first!.id}`, {
        method: "PUT",
        multipart: next,
        headers: { "If-Match": '"1"' },
      });
      expect(replaced.status).toBe(200);
      const after = ((await replaced.json()) as { data: UploadJson }).data;
      expect(after).toMatchObject({ version: 2, name: "neu.jpg" });
      expect((await fetchPath(first!.url)).status).toBe(404);
      expect((await fetchPath(first!.previewUrl)).status).toBe(404);
      expect((await fetchPath(after.url)).status).toBe(200);
      expect(await storedKeys(backend, "uploads")).toHaveLength(2);

      const deleted = await client.send(`/api/uploads/${first!.id}`, { method: "DELETE" });
      expect(deleted.status).toBe(204);
      expect((await client.send(`/api/uploads/${first!.id}`)).status).toBe(404);
      expect((await fetchPath(after.url)).status).toBe(404);
      expect(await storedKeys(backend, "uploads")).toHaveLength(1);
    });

    it("refuses to delete or replace a file an order names, and links the order", async () => {
      const { body } = await post([await jpegPhoto(), "motiv.jpg"]);
      const upload = body.data[0]!;
      const order = await insertTestOrder(db);
      const item = await db
        .selectFrom("orderItems")
        .select("id")
        .where("orderId", "=", order.id)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("orderItemUploads")
        .values({ orderItemId: item.id, uploadId: upload.id, partPosition: 0 })
        .execute();
      const shown = (await (await client.send(`/api/uploads/${upload.id}`)).json()) as {
        data: UploadJson;
      };
      expect(shown.data.orderIds).toEqual([order.id]);
      const refused = await client.send(`/api/uploads/${upload.id}`, { method: "DELETE" });
      expect(refused.status).toBe(409);
      const errors = ((await refused.json()) as { errors: { message: string }[] }).errors;
      expect(errors[0]!.message).toBe(deUploads.inOrder(`#${order.id}`));
      expect((await fetchPath(upload.url)).status).toBe(200);
      const page = await client.send("/backend/uploads");
      expect(await page.text()).toContain(`/backend/orders/${order.id}`);
    });

    it("refuses an HTML page named .jpg", async () => {
      const { response } = await post([htmlNamedJpg(), "foto.jpg"]);
      await expectRefused(response, 400, deUploads.failed("foto.jpg"));
    });

    it("refuses a truncated JPEG", async () => {
      const { response } = await post([await truncatedJpeg(), "halb.jpg"]);
      await expectRefused(response, 400, deUploads.failed("halb.jpg"));
    });

    it.each([
      ["plain", pdfWithJavaScript],
      ["#-escaped", pdfWithEscapedJavaScript],
      ["packed", pdfWithPackedJavaScript],
      // Issue 35: an object stream filtered [/ASCIIHexDecode /FlateDecode] hid it.
      ["hex-and-deflate object stream", () => pdfWithFilteredObjectStream(true)],
    ])("refuses a PDF with %s JavaScript", async (_kind, make) => {
      const { response } = await post([make(), "formular.pdf"]);
      await expectRefused(response, 400, deUploads.failed("formular.pdf"));
    });

    it("accepts a harmless PDF whose objects sit in a filtered object stream", async () => {
      const { response, body } = await post([pdfWithFilteredObjectStream(false), "plan.pdf"]);
      expect(response.status).toBe(201);
      expect(body.data[0]!.mimeType).toBe("application/pdf");
    });

    it("refuses the whole request when one of its files is bad", async () => {
      const { response } = await post([await jpegPhoto(), "gut.jpg"], [htmlNamedJpg(), "b.jpg"]);
      await expectRefused(response, 400, deUploads.failed("b.jpg"));
    });

    it("refuses 500 files at once with 413", async () => {
      const files = Array.from(
        { length: 500 },
        (_, index) =>
          [new TextEncoder().encode(`Datei ${index}`), `d${index}.txt`] as [Uint8Array, string],
      );
      const response = await client.send("/api/uploads", { multipart: form(...files) });
      await expectRefused(response, 413, deUploads.tooMany(20));
    });

    it("refuses a body that is no form and a PUT without a file, in German", async () => {
      const json = await client.send("/api/uploads", { json: { data: "x" } });
      expect(json.status).toBe(400);
      const { body } = await post([await jpegPhoto(), "a.jpg"]);
      const empty = await client.send(`/api/uploads/${body.data[0]!.id}`, {
        method: "PUT",
        multipart: new FormData(),
      });
      expect(empty.status).toBe(400);
      const errors = ((await empty.json()) as { errors: { message: string }[] }).errors;
      expect(errors.map((error) => error.message)).toEqual([
        deUploads.errors.update,
        deUploads.noFile,
      ]);
    });

    it("serves an SVG only as a download, sandboxed", async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      const { body } = await post([new TextEncoder().encode(svg), "logo.svg"]);
      const file = await fetchPath(body.data[0]!.url);
      expect(file.headers.get("Content-Disposition")).toMatch(/^attachment/);
      expect(file.headers.get("Content-Security-Policy")).toContain("sandbox");
      const preview = await fetchPath(body.data[0]!.previewUrl);
      expect(preview.headers.get("Content-Type")).toBe("image/jpeg");
    });

    it("answers 404 for a preview with a wrong hash or version", async () => {
      const { body } = await post([await jpegPhoto(), "a.jpg"]);
      const upload = body.data[0]!;
      const otherHash = upload.previewUrl.replace(upload.publicHash, "f".repeat(32));
      expect((await fetchPath(otherHash)).status).toBe(404);
      expect((await fetchPath(upload.previewUrl.replace("-1.jpg", "-2.jpg"))).status).toBe(404);
      expect((await fetchPath(upload.previewUrl.replace(".jpg", ".png"))).status).toBe(404);
    });

    it("lets no employee use the API", async () => {
      const other = await new StaffClient(server).signInAs(server.context, employee.id);
      expect((await other.send("/api/uploads")).status).toBe(403);
      const refused = await other.send("/api/uploads", {
        multipart: form([await jpegPhoto(), "a.jpg"]),
      });
      expect(refused.status).toBe(403);
      expect(await storedKeys(backend, "uploads")).toEqual([]);
    });

    it.runIf(backend.name === "s3")("keeps nothing in the data folder", async () => {
      await post([await jpegPhoto(), "a.jpg"]);
      expect(await readdir(backend.config.dataDir)).toEqual([]);
      expect(storageFor(backend.config, "uploads")).toBeTruthy();
    });
  });
});
