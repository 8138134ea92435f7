import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { BranchDetails } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import type { Database, Settings } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import { storageFor } from "#app/integrations/storage/storage.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { photoCakeAtAltstadt } from "#tests/support/photo-cake";
import { jpegPhoto, simplePdf, truncatedJpeg } from "#tests/support/sample-files";
import { storageBackends } from "#tests/support/storage-backends";

/** A Saturday, 10:30 in Freiburg: every seeded category and product schedule is open. */
const now = new Date("2026-11-21T09:30:00Z");

/**
 * The customer's side of decision 037: a photo for the cake must decode to its last row; a cut-off
 * JPEG gets the spec's message and nothing is stored, in either store.
 */
describe.each(databaseTargets())("a cake photo's content on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let settings: Settings;
  let branch: BranchDetails;
  let orderable: ReadonlyMap<number, CatalogueProduct>;
  let cake: CatalogueProduct;
  let photoField: string;
  let otherFields: Record<string, string>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    ({ settings, branch, orderable, cake, photoField, otherFields } = await photoCakeAtAltstadt(
      db,
      now,
    ));
  });

  afterAll(async () => {
    await handle?.close();
  });

  describe.each(storageBackends())("in the $name store", (backend) => {
    beforeAll(() => backend.start());
    afterAll(() => backend.stop());

    function addCake(bytes: Uint8Array, fileName: string) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "add",
        productId: String(cake.id),
        amount: "1",
        ...otherFields,
      })) {
        form.append(name, value);
      }
      form.append(photoField, new File([Buffer.from(bytes)], fileName));
      return changeCart(db, {
        branch,
        orderable,
        preferredType: settings.defaultDeliveryMethod,
        cartId: null,
        form,
        oversized: [],
        storage: storageFor(backend.config, "uploads"),
      });
    }

    const count = async () => (await db.selectFrom("uploads").select("id").execute()).length;

    it("refuses a truncated JPEG with the spec's message and stores nothing", async () => {
      const before = await count();
      const result = await addCake(await truncatedJpeg(), "halb.jpg");
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(Object.values(result.fieldErrors)).toContain(de.uploads.failed("halb.jpg"));
      expect(await count()).toBe(before);
      if (backend.name === "s3") expect(backend.fake!.objects.size).toBe(0);
    });

    it("refuses a PDF in a photo step and takes a whole photo", async () => {
      const refused = await addCake(simplePdf(), "motiv.pdf");
      expect(refused.ok).toBe(false);
      const taken = await addCake(await jpegPhoto(), "motiv.jpg");
      expect(taken.ok).toBe(true);
      const stored = await db
        .selectFrom("uploads")
        .select("storageKey")
        .where("originalName", "=", "motiv.jpg")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(await storageFor(backend.config, "uploads").get(stored.storageKey)).not.toBeNull();
    });
  });
});
