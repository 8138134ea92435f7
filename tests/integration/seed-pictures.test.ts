import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { BlockContent } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { storageFor } from "#app/integrations/storage/storage.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

describe.each(databaseTargets())("demo pictures seeded on %s", (target) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let seconds = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    dataDir = await mkdtemp(path.join(tmpdir(), "bt-pictures-"));
    const started = performance.now();
    await seedDemoData(handle.db, {
      now: new Date("2026-11-21T09:30:00Z"),
      pictures: storageFor({ dataDir, storage: { kind: "local" } }, "images"),
    });
    seconds = (performance.now() - started) / 1000;
  });

  afterAll(async () => {
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("gives every product, category and branch a picture, and the shop a logo", async () => {
    const db = handle.db;
    const withoutPicture = await db
      .selectFrom("products")
      .select("identifier")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("productImages")
              .select("productImages.imageId")
              .whereRef("productImages.productId", "=", "products.id"),
          ),
        ),
      )
      .execute();
    expect(withoutPicture).toEqual([]);
    const categories = await db
      .selectFrom("categories")
      .select(["identifier", "imageId"])
      .execute();
    expect(categories.filter((category) => category.imageId === null)).toEqual([]);
    const branches = await db.selectFrom("branches").select("id").execute();
    const branchImages = await db.selectFrom("branchImages").select("branchId").execute();
    expect(new Set(branchImages.map((row) => row.branchId))).toEqual(
      new Set(branches.map((row) => row.id)),
    );
    const settings = await db
      .selectFrom("settings")
      .select("logoImageId")
      .executeTakeFirstOrThrow();
    expect(settings.logoImageId).not.toBeNull();
    expect(seconds).toBeGreaterThan(0);
  });

  it("stores each picture's file with its real size, type and a German alt text", async () => {
    const images = await handle.db.selectFrom("images").selectAll().execute();
    const files = await readdir(path.join(dataDir, "images"));
    expect(new Set(files)).toEqual(new Set(images.map((image) => image.storageKey)));
    for (const image of images) {
      expect(image.alt?.length ?? 0).toBeGreaterThan(3);
      const meta = await sharp(path.join(dataDir, "images", image.storageKey)).metadata();
      expect(meta.format).toBe(image.extension);
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    }
    expect(images.filter((image) => image.mimeType === "image/webp").length).toBeGreaterThan(80);
  });

  it("puts pictures into the landing blocks in the blocks' own format", async () => {
    const blocks = await handle.db.selectFrom("blocks").select(["identifier", "content"]).execute();
    const content = (identifier: string) =>
      blocks.find((block) => block.identifier === identifier)?.content as BlockContent;
    const gallery = content("gallery").data?.[0]?.value as { images: { id: number }[] };
    expect(gallery.images).toHaveLength(3);
    for (const entry of content("news").news ?? []) expect(entry.value.image).not.toBeNull();
    expect(content("intro").data?.some((part) => part.type === "image")).toBe(true);
  });
});
