import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { BranchDetails } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import type { Database, Settings } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { changeCart, type CartChangeResult } from "#app/features/cart/cart-changes.server";
import {
  clientKeyFor,
  DEFAULT_UPLOAD_QUOTA,
  type UploadQuota,
} from "#app/features/cart/upload-quota.server";
import { appHandler } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { photoCakeAtAltstadt } from "#tests/support/photo-cake";
import { staffContext } from "#tests/support/staff";
import { tinyPng } from "#tests/support/tiny-png";

/** A Saturday, 10:30 in Freiburg: every seeded category and product schedule is open. */
const now = new Date("2026-11-21T09:30:00Z");
const PNG_BYTES = tinyPng().byteLength;

describe.each(databaseTargets())("upload quotas on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let settings: Settings;
  let folder: string;
  let branch: BranchDetails;
  let orderable: ReadonlyMap<number, CatalogueProduct>;
  let cake: CatalogueProduct;
  let photoField: string;
  let otherFields: Record<string, string>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    folder = await mkdtemp(path.join(os.tmpdir(), "backstube-quota-uploads-"));
    ({ settings, branch, orderable, cake, photoField, otherFields } = await photoCakeAtAltstadt(
      db,
      now,
    ));
  });

  afterAll(async () => {
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.deleteFrom("cartItems").execute();
    await db.deleteFrom("uploads").execute();
    await rm(folder, { recursive: true, force: true });
  });

  /** Adds the photo cake with one photo to a cart (a new one without `cartId`). */
  function addCake(
    cartId: string | null,
    options: { quota?: Partial<UploadQuota>; address?: string } = {},
  ): Promise<CartChangeResult> {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      ...otherFields,
    })) {
      form.append(name, value);
    }
    form.append(photoField, new File([tinyPng()], "foto.png", { type: "image/png" }));
    return changeCart(db, {
      branch,
      orderable,
      preferredType: settings.defaultDeliveryMethod,
      cartId,
      form,
      oversized: [],
      storage: localFolderStorage(folder),
      uploader: {
        clientKey: clientKeyFor(options.address, "s".repeat(40)),
        quota: { ...DEFAULT_UPLOAD_QUOTA, ...options.quota },
      },
    });
  }

  const cartOf = (result: CartChangeResult) => {
    if (!result.ok) throw new Error(`abgelehnt: ${result.message}`);
    return result.cartId;
  };
  const files = async () => (await readdir(folder).catch(() => [] as string[])).length;
  const uploads = async () =>
    Number(
      (
        await db
          .selectFrom("uploads")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a cart's file past its count, beside the field, storing nothing", async () => {
    const quota = { cartFiles: 2 };
    const cartId = cartOf(await addCake(null, { quota }));
    cartOf(await addCake(cartId, { quota }));
    const before = { files: await files(), uploads: await uploads() };
    const refused = await addCake(cartId, { quota });
    expect(refused).toEqual({
      ok: false,
      message: de.itemDialog.fixErrors,
      fieldErrors: { [photoField]: de.uploads.cartQuota(2, 100) },
    });
    expect({ files: await files(), uploads: await uploads() }).toEqual(before);
    expect(before).toEqual({ files: 2, uploads: 2 });
    const items = await db.selectFrom("cartItems").where("cartId", "=", cartId).execute();
    expect(items).toHaveLength(2);
    // Another cart has its own quota.
    cartOf(await addCake(null, { quota }));
  });

  it("refuses a cart's file past its bytes", async () => {
    const quota = { cartBytes: Math.floor(PNG_BYTES * 1.5) };
    const cartId = cartOf(await addCake(null, { quota }));
    const refused = await addCake(cartId, { quota });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.fieldErrors[photoField]).toBe(de.uploads.cartQuota(20, 0));
    expect(await uploads()).toBe(1);
  });

  it("refuses an address's files past its hourly quota, in any cart, until the hour is over", async () => {
    const quota = { addressFilesPerHour: 2 };
    const address = "198.51.100.7";
    cartOf(await addCake(null, { quota, address }));
    cartOf(await addCake(null, { quota, address }));
    const refused = await addCake(null, { quota, address });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { [photoField]: de.uploads.addressQuota },
    });
    expect(await uploads()).toBe(2);
    // Another address is not held up; the address itself is not stored.
    cartOf(await addCake(null, { quota, address: "198.51.100.8" }));
    const keys = await db.selectFrom("uploads").select("clientKey").execute();
    expect(keys.map((row) => row.clientKey)).not.toContain(address);
    expect(keys[0]?.clientKey).toMatch(/^[0-9a-f]{32}$/);
    // An hour later the address may upload again.
    await db
      .updateTable("uploads")
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .execute();
    cartOf(await addCake(null, { quota, address }));
  });

  it("refuses an address's bytes past its hourly quota", async () => {
    const quota = { addressBytesPerHour: Math.floor(PNG_BYTES * 1.5) };
    cartOf(await addCake(null, { quota, address: "198.51.100.9" }));
    const refused = await addCake(null, { quota, address: "198.51.100.9" });
    expect(!refused.ok && refused.fieldErrors[photoField]).toBe(de.uploads.addressQuota);
  });

  it("lets only as many parallel uploads into one cart as its quota has room for", async () => {
    const quota = { cartFiles: 2 };
    const cartId = cartOf(await addCake(null, { quota }));
    const results = await Promise.all(Array.from({ length: 6 }, () => addCake(cartId, { quota })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await uploads()).toBe(2);
    expect(await files()).toBe(2);
  });

  it("lets only as many parallel uploads from one address as its quota has room for", async () => {
    const quota = { addressFilesPerHour: 2 };
    const address = "203.0.113.99";
    const results = await Promise.all(
      Array.from({ length: 6 }, () => addCake(null, { quota, address })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(await uploads()).toBe(2);
    expect(await files()).toBe(2);
  });

  it("counts by the client address of the load context when the cart form is posted", async () => {
    const handle = await appHandler(
      staffContext(db, {
        config: {
          publicOrigin: "http://localhost:3000",
          mode: "demo",
          dataDir: folder,
          uploadQuota: { ...DEFAULT_UPLOAD_QUOTA, addressFilesPerHour: 1 },
        },
        clientAddress: "192.0.2.44",
      }),
    );
    const submit = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "add",
        productId: String(cake.id),
        amount: "1",
        ...otherFields,
      })) {
        form.append(name, value);
      }
      form.append(photoField, new File([tinyPng()], "foto.png", { type: "image/png" }));
      return handle(
        new Request("http://localhost:3000/store/altstadt?index", { method: "POST", body: form }),
      );
    };
    expect((await submit()).status).toBe(303);
    const refused = await submit();
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(de.uploads.addressQuota);
    const stored = await db.selectFrom("uploads").select("clientKey").execute();
    expect(stored).toEqual([{ clientKey: clientKeyFor("192.0.2.44", "s".repeat(40)) }]);
  });
});
