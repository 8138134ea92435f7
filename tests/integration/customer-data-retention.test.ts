import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import {
  anonymiseExpiredOrders,
  startCustomerDataRetention,
} from "#app/features/orders/customer-data.server";
import { enqueueEmail } from "#app/features/shared/outbox.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** What bookkeeping keeps of an order: none of it may change when the contact data goes. */
const BOOKKEEPING = [
  "id",
  "uid",
  "branchId",
  "businessDate",
  "ticketNumber",
  "paymentMethod",
  "paymentReference",
  "isPaid",
  "isCompleted",
  "isCanceled",
  "isRejected",
  "net",
  "tax",
  "gross",
  "deliveryGross",
  "totalNet",
  "totalTax",
  "totalGross",
  "createdAt",
] as const;

describe.each(databaseTargets())("personal data that expires on %s (decision 112)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let folder: string;
  let storage: FileStorage;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    folder = await mkdtemp(path.join(os.tmpdir(), "backstube-retention-"));
    storage = localFolderStorage(folder);
  });

  afterAll(async () => {
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.updateTable("settings").set({ customerDataRetentionDays: null }).execute();
  });

  /** A placed order with a photo, closed (or not) that many days ago. */
  async function order(
    closed: "completed" | "canceled" | "rejected" | "open",
    closedDaysAgo: number,
    email = `kunde-${randomBytes(4).toString("hex")}@example.org`,
  ): Promise<{ id: number; uploadKey: string }> {
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Baguette", amount: "2" }],
      fields: {
        email,
        phone: "+49 170 1234567",
        street: "Hauptstraße 1",
        city: "12345 Backstadt",
        comment: "Bitte klingeln",
      },
    });
    const item = await db
      .selectFrom("orderItems")
      .select("id")
      .where("orderId", "=", placed.id)
      .executeTakeFirstOrThrow();
    const uploadKey = randomBytes(20).toString("hex");
    await storage.put(uploadKey, new Uint8Array([1, 2, 3]));
    const upload = await db
      .insertInto("uploads")
      .values({
        extension: "png",
        publicHash: randomBytes(16).toString("hex"),
        mimeType: "image/png",
        sizeBytes: 3,
        originalName: "torte.png",
        storageKey: uploadKey,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("orderItemUploads")
      .values({ orderItemId: item.id, uploadId: upload.id, partPosition: 0 })
      .execute();
    if (closed !== "open") {
      const flag =
        closed === "completed"
          ? "isCompleted"
          : closed === "canceled"
            ? "isCanceled"
            : "isRejected";
      await db
        .updateTable("orders")
        .set({ [flag]: true })
        .where("id", "=", placed.id)
        .execute();
      // The trigger set closed_at to now; the test moves it into the past.
      await db
        .updateTable("orders")
        .set({ closedAt: daysAgo(closedDaysAgo) })
        .where("id", "=", placed.id)
        .execute();
    }
    return { id: placed.id, uploadKey };
  }

  const files = async () => (await readdir(folder).catch(() => [])).sort();
  const load = (id: number) =>
    db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const items = (id: number) =>
    db
      .selectFrom("orderItems")
      .select(["name", "amount", "unitPrice", "gross", "taxRate"])
      .where("orderId", "=", id)
      .orderBy("position")
      .execute();
  const taxes = (id: number) =>
    db.selectFrom("orderTaxes").selectAll().where("orderId", "=", id).orderBy("taxRate").execute();

  it("marks when an order was completed, canceled or rejected, once", async () => {
    const open = await order("open", 0);
    expect((await load(open.id)).closedAt).toBeNull();
    await db.updateTable("orders").set({ isCompleted: true }).where("id", "=", open.id).execute();
    const first = (await load(open.id)).closedAt;
    expect(first).toBeInstanceOf(Date);
    await db.updateTable("orders").set({ isPaid: true }).where("id", "=", open.id).execute();
    expect((await load(open.id)).closedAt).toEqual(first);
  });

  it("does nothing while the setting is empty", async () => {
    const old = await order("completed", 4000);
    expect(await anonymiseExpiredOrders(db, storage, { now: new Date() })).toEqual({
      orders: 0,
      uploads: 0,
    });
    expect((await load(old.id)).email).not.toBeNull();
    await db.updateTable("orders").set({ closedAt: null }).where("id", "=", old.id).execute();
  });

  it("anonymises exactly the orders past the retention, keeps their bookkeeping, removes files", async () => {
    await db.updateTable("settings").set({ customerDataRetentionDays: 90 }).execute();
    const completed = await order("completed", 91);
    const canceled = await order("canceled", 200);
    const rejected = await order("rejected", 95);
    const recent = await order("completed", 89);
    const open = await order("open", 0);
    await db
      .updateTable("orders")
      .set({ createdAt: daysAgo(500) })
      .where("id", "=", open.id)
      .execute();
    const expired = [completed, canceled, rejected];
    const before = new Map(
      await Promise.all(
        expired.map(
          async (o) =>
            [
              o.id,
              { order: await load(o.id), items: await items(o.id), taxes: await taxes(o.id) },
            ] as const,
        ),
      ),
    );
    const untouched = [await load(recent.id), await load(open.id)];

    // Batches of two: the round goes on until the expired orders are done.
    const result = await anonymiseExpiredOrders(db, storage, { now: new Date(), batchSize: 2 });

    expect(result).toEqual({ orders: 3, uploads: 3 });
    for (const o of expired) {
      const after = await load(o.id);
      const was = before.get(o.id)!;
      expect(after).toMatchObject({
        name: "",
        firstName: null,
        lastName: null,
        company: null,
        street: null,
        city: null,
        floor: null,
        stairway: null,
        door: null,
        phone: null,
        email: null,
        comment: null,
        questionnaireComment: null,
      });
      expect(after.anonymisedAt).toBeInstanceOf(Date);
      for (const column of BOOKKEEPING) expect(after[column], column).toEqual(was.order[column]);
      expect(await items(o.id)).toEqual(was.items);
      expect(await taxes(o.id)).toEqual(was.taxes);
      const uploads = await db
        .selectFrom("orderItemUploads")
        .innerJoin("orderItems", "orderItems.id", "orderItemUploads.orderItemId")
        .select("uploadId")
        .where("orderItems.orderId", "=", o.id)
        .execute();
      expect(uploads).toEqual([]);
    }
    const left = await files();
    expect(left).toEqual(expect.arrayContaining([recent.uploadKey, open.uploadKey]));
    for (const o of expired) expect(left).not.toContain(o.uploadKey);
    for (const kept of untouched) {
      const now = await load(kept.id);
      expect(now).toEqual(kept);
      expect(now.email).toMatch(/@example\.org$/);
    }
    // Nothing can be found by the e-mail any more.
    const byMail = await db
      .selectFrom("orders")
      .select("id")
      .where("email", "=", before.get(completed.id)!.order.email)
      .execute();
    expect(byMail).toEqual([]);

    // Idempotent: a second round changes nothing, not even the marks.
    const marks = await Promise.all(expired.map(async (o) => (await load(o.id)).anonymisedAt));
    expect(await anonymiseExpiredOrders(db, storage, { now: new Date() })).toEqual({
      orders: 0,
      uploads: 0,
    });
    expect(await Promise.all(expired.map(async (o) => (await load(o.id)).anonymisedAt))).toEqual(
      marks,
    );
  });

  it("removes sent and given-up messages older than the retention; waiting and recent ones stay", async () => {
    await db.updateTable("settings").set({ customerDataRetentionDays: 30 }).execute();
    await db.deleteFrom("outbox").execute();
    const message = async (status: "pending" | "sent" | "failed", ageDays: number, to: string) => {
      const id = await enqueueEmail(db, { to, subject: "Bestellung", text: "Hallo" });
      await db
        .updateTable("outbox")
        .set({
          status,
          createdAt: daysAgo(ageDays + 1),
          sentAt: status === "sent" ? daysAgo(ageDays) : null,
        })
        .where("id", "=", id)
        .execute();
    };
    await message("sent", 31, "alt-gesendet@example.org");
    await message("failed", 40, "alt-aufgegeben@example.org");
    await message("sent", 29, "neu-gesendet@example.org");
    await message("pending", 60, "wartet@example.org");
    await anonymiseExpiredOrders(db, storage, { now: new Date() });
    const left = await db.selectFrom("outbox").select("payload").orderBy("id").execute();
    expect(left.map((row) => row.payload.to)).toEqual([
      "neu-gesendet@example.org",
      "wartet@example.org",
    ]);
  });

  it("leaves the work to the instance that holds the lock", async () => {
    await db.updateTable("settings").set({ customerDataRetentionDays: 30 }).execute();
    const expired = await order("completed", 31);
    // PGlite has one connection: the other instance's lock needs a second one.
    if (target === "postgres") {
      const other = await db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(hashtext('backstube:customer-data-retention'))`.execute(
          connection,
        );
        try {
          return await anonymiseExpiredOrders(db, storage, { now: new Date() });
        } finally {
          await sql`select pg_advisory_unlock(hashtext('backstube:customer-data-retention'))`.execute(
            connection,
          );
        }
      });
      expect(other).toEqual({ orders: 0, uploads: 0 });
      expect((await load(expired.id)).anonymisedAt).toBeNull();
    }
    const worker = startCustomerDataRetention(db, storage, () => undefined, {
      intervalMs: 60_000,
      messages: { anonymised: (n) => `${n}`, failed: (p) => p },
    });
    await worker.runNow();
    await worker.stop();
    expect((await load(expired.id)).anonymisedAt).toBeInstanceOf(Date);
  });

  it("refuses a setting outside 30 to 3650 days", async () => {
    await expect(
      db.updateTable("settings").set({ customerDataRetentionDays: 29 }).execute(),
    ).rejects.toThrow(/customer_data_retention_days/);
    await expect(
      db.updateTable("settings").set({ customerDataRetentionDays: 3651 }).execute(),
    ).rejects.toThrow(/customer_data_retention_days/);
  });
});
