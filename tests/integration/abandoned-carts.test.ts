import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Database } from "#app/db/schema";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { startCleanupWorker, sweepAbandoned } from "#app/features/cart/abandoned-carts.server";
import { uploadsWithPreviews } from "#app/features/uploads/previews.server";
import { storageFor } from "#app/integrations/storage/storage.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

const DAY = 24 * 3_600_000;
const WEEK = 7 * DAY;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe.each(databaseTargets())("the clean-up of abandoned carts on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let folder: string;
  let storage: FileStorage;
  let branchId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    branchId = (await findBranchByIdentifier(db, testBranches.open.identifier))!.id;
    folder = await mkdtemp(path.join(os.tmpdir(), "backstube-cleanup-"));
    storage = localFolderStorage(folder);
  });

  afterAll(async () => {
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.deleteFrom("orderItemUploads").execute();
    await db.deleteFrom("uploads").execute();
    await db
      .deleteFrom("carts")
      .where(
        "id",
        "not in",
        db.selectFrom("orders").select("cartId").where("cartId", "is not", null),
      )
      .execute();
    await rm(folder, { recursive: true, force: true });
  });

  async function cart(updatedAt: Date): Promise<string> {
    const row = await db
      .insertInto("carts")
      .values({ branchId, createdAt: updatedAt, updatedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** An upload with its file in the storage. */
  async function upload(cartId: string | null, createdAt: Date): Promise<number> {
    const storageKey = randomBytes(20).toString("hex");
    await storage.put(storageKey, new Uint8Array([1, 2, 3]));
    const row = await db
      .insertInto("uploads")
      .values({
        extension: "png",
        publicHash: randomBytes(16).toString("hex"),
        mimeType: "image/png",
        sizeBytes: 3,
        originalName: "foto.png",
        storageKey,
        cartId,
        createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const cartIds = async () =>
    (await db.selectFrom("carts").select("id").execute()).map((row) => row.id).sort();
  const uploadIds = async () =>
    (await db.selectFrom("uploads").select("id").orderBy("id").execute()).map((row) => row.id);
  const fileCount = async () => (await readdir(folder).catch(() => [])).length;

  it("removes old carts no order names with their files, keeps recent and ordered ones", async () => {
    const abandoned = await cart(daysAgo(8));
    const abandonedUpload = await upload(abandoned, daysAgo(8));
    // A cart touched yesterday keeps even its week-old photo.
    const recent = await cart(daysAgo(1));
    const recentUpload = await upload(recent, daysAgo(9));
    // An online payment keeps its cart until the money arrives, however long that takes.
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Baguette", amount: "1" }],
    });
    const paying = await cart(daysAgo(10));
    await db.updateTable("orders").set({ cartId: paying }).where("id", "=", placed.id).execute();
    // An ordered photo outlives its cart; an unordered one without a cart goes when it is old.
    const item = await db
      .selectFrom("orderItems")
      .select("id")
      .where("orderId", "=", placed.id)
      .executeTakeFirstOrThrow();
    const ordered = await upload(null, daysAgo(30));
    await db
      .insertInto("orderItemUploads")
      .values({ orderItemId: item.id, uploadId: ordered, partPosition: 0 })
      .execute();
    const leftOver = await upload(null, daysAgo(8));
    const fresh = await upload(null, daysAgo(2));
    const keptCarts = [recent, paying].sort();

    const result = await sweepAbandoned(db, storage, { now: new Date(), maxAgeMs: WEEK });

    expect(result).toEqual({ carts: 1, uploads: 2 });
    expect(await cartIds()).toEqual(expect.arrayContaining(keptCarts));
    expect(await cartIds()).not.toContain(abandoned);
    expect(await uploadIds()).toEqual([recentUpload, ordered, fresh].sort((a, b) => a - b));
    expect(await uploadIds()).not.toContain(abandonedUpload);
    expect(await uploadIds()).not.toContain(leftOver);
    expect(await fileCount()).toBe(3);
    // Nothing more to do.
    expect(await sweepAbandoned(db, storage, { now: new Date(), maxAgeMs: WEEK })).toEqual({
      carts: 0,
      uploads: 0,
    });
  });

  it("keeps staff files however old, and removes a customer file's preview with it", async () => {
    const staffFile = await upload(null, daysAgo(400));
    await db
      .updateTable("uploads")
      .set({ isStaffFile: true })
      .where("id", "=", staffFile)
      .execute();
    const old = await upload(null, daysAgo(8));
    const { storageKey } = await db
      .selectFrom("uploads")
      .select("storageKey")
      .where("id", "=", old)
      .executeTakeFirstOrThrow();
    const config = { dataDir: folder, storage: { kind: "local" as const } };
    await storageFor(config, "uploads").put(storageKey, new Uint8Array([4]));
    await storageFor(config, "upload-previews").put(storageKey, new Uint8Array([5]));

    const result = await sweepAbandoned(db, uploadsWithPreviews(config), {
      now: new Date(),
      maxAgeMs: WEEK,
    });

    expect(result).toEqual({ carts: 0, uploads: 1 });
    expect(await uploadIds()).toEqual([staffFile]);
    expect(await storageFor(config, "uploads").get(storageKey)).toBeNull();
    expect(await storageFor(config, "upload-previews").get(storageKey)).toBeNull();
  });

  it("keeps the rows when a file cannot be removed, and finishes the next round", async () => {
    const abandoned = await cart(daysAgo(8));
    await upload(abandoned, daysAgo(8));
    const failing: FileStorage = {
      ...storage,
      remove: () => Promise.reject(new Error("Speicher nicht erreichbar")),
    };
    await expect(sweepAbandoned(db, failing, { now: new Date(), maxAgeMs: WEEK })).rejects.toThrow(
      "Speicher nicht erreichbar",
    );
    expect(await uploadIds()).toHaveLength(1);
    expect(await fileCount()).toBe(1);
    expect(await sweepAbandoned(db, storage, { now: new Date(), maxAgeMs: WEEK })).toEqual({
      carts: 0,
      uploads: 1,
    });
    expect(await fileCount()).toBe(0);
  });

  it("never lets two workers remove or count the same rows", async () => {
    const total = 60;
    for (let index = 0; index < total; index++) {
      await upload(await cart(daysAgo(8 + index / 100)), daysAgo(8));
    }
    const removed = new Map<string, number>();
    const counting: FileStorage = {
      ...storage,
      async remove(key) {
        removed.set(key, (removed.get(key) ?? 0) + 1);
        // A slow store keeps each batch's transaction open while the other worker runs.
        await new Promise((resolve) => setTimeout(resolve, 2));
        await storage.remove(key);
      },
    };
    const options = { now: new Date(), maxAgeMs: WEEK, batchSize: 7 };
    const [first, second] = await Promise.all([
      sweepAbandoned(db, counting, options),
      sweepAbandoned(db, counting, options),
    ]);
    expect(first.carts + second.carts).toBe(total);
    expect(first.uploads + second.uploads).toBe(total);
    expect(removed.size).toBe(total);
    expect([...removed.values()].every((times) => times === 1)).toBe(true);
    expect(await uploadIds()).toEqual([]);
    expect(await fileCount()).toBe(0);
  });

  it("runs as a worker that logs what it removed and survives a failed round", async () => {
    const abandoned = await cart(daysAgo(8));
    await upload(abandoned, daysAgo(8));
    const lines: string[] = [];
    let fail = true;
    const flaky: FileStorage = {
      ...storage,
      async remove(key) {
        if (fail) throw new Error("Speicher nicht erreichbar");
        await storage.remove(key);
      },
    };
    const worker = startCleanupWorker(db, flaky, (line) => lines.push(line), {
      maxAgeMs: WEEK,
      intervalMs: 20,
    });
    try {
      await expect.poll(() => lines.length).toBeGreaterThan(0);
      expect(lines[0]).toContain("Speicher nicht erreichbar");
      fail = false;
      await expect.poll(() => fileCount()).toBe(0);
      await expect.poll(() => lines.some((line) => line.startsWith("Aufgeräumt"))).toBe(true);
    } finally {
      await worker.stop();
    }
    expect(await uploadIds()).toEqual([]);
  });
});
