import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import type { ChosenPart } from "#app/domain/chosen-parts";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import { enqueueEmail, enqueueSms } from "#app/features/shared/outbox.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The customer's data through the API (decision 112): `GET /api/customer-data?q=` exports and
 * `POST /api/customer-data/erase` erases, for administrators only, as the back office's page
 * does; and what the page's erasure now removes besides the contact data: the texts the customer
 * typed into items (a name on a cake) and the e-mails and text messages sent to them. The
 * receipt of an erased order says so.
 */
describe.each(databaseTargets())("a customer's data through the API on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let folder: string;
  let admin: StaffClient;
  let manager: StaffClient;
  const email = "Berta.Brot@example.org";
  const phone = "+49 170 5550202";
  let orderId: number;
  let otherId: number;
  const inscription: ChosenPart = {
    partId: 1,
    name: "Aufschrift",
    type: "text",
    value: "Alles Gute, Berta",
  };
  const size: ChosenPart = {
    partId: 2,
    name: "Größe",
    type: "select",
    options: [{ optionId: 7, name: "Ø 26 cm", modifier: "add", value: 400 }],
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    folder = await mkdtemp(path.join(os.tmpdir(), "backstube-kundendaten-api-"));
    server = await startAppServer(db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: folder },
    });
    const branch = (await findBranchByIdentifier(db, testBranches.open.identifier))!;
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branch.id] });
    admin = new StaffClient(server);
    manager = new StaffClient(server);
    expect((await admin.login(adminUser.email, adminUser.password)).status).toBe(303);
    expect((await manager.login(managerUser.email, managerUser.password)).status).toBe(303);
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Baguette", amount: "1" }],
      fields: { email, phone },
    });
    orderId = placed.id;
    // The item as a configured cake's would be: a text the customer typed and a chosen size.
    await db
      .updateTable("orderItems")
      .set({ parts: JSON.stringify([inscription, size]) })
      .where("orderId", "=", orderId)
      .execute();
    otherId = (
      await placeTestOrder(db, {
        branch: testBranches.open.identifier,
        products: [{ name: "Baguette", amount: "2" }],
        fields: { email: "andere@example.org", phone: "+49 30 1234567" },
      })
    ).id;
    // Messages: two to the customer (sent), one to someone else (sent), one still waiting; the
    // order confirmations the checkout queued are left out, so the list is this test's own.
    await db.deleteFrom("outbox").execute();
    await db.transaction().execute(async (trx) => {
      const sent = [
        await enqueueEmail(trx, { to: email, subject: "Ihre Bestellung", text: "Hallo Berta" }),
        await enqueueSms(trx, { to: "+49 170 555 0202", text: "Abholbereit, Berta" }),
        await enqueueEmail(trx, {
          to: "andere@example.org",
          subject: "Ihre Bestellung",
          text: "x",
        }),
      ];
      await trx
        .updateTable("outbox")
        .set({ status: "sent", sentAt: new Date() })
        .where("id", "in", sent)
        .execute();
      await enqueueEmail(trx, { to: email.toLowerCase(), subject: "Unterwegs", text: "Gleich da" });
    });
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const q = (value: string) => encodeURIComponent(value);
  const outboxTo = async () =>
    (await db.selectFrom("outbox").select(["payload", "status"]).orderBy("id").execute()).map(
      (row) => `${row.status} ${row.payload.to}`,
    );

  it("is for administrators only", async () => {
    expect((await manager.send(`/api/customer-data?q=${q(email)}`)).status).toBe(403);
    const erase = await manager.send("/api/customer-data/erase", {
      method: "POST",
      json: { q: email },
    });
    expect(erase.status).toBe(403);
    const order = await db
      .selectFrom("orders")
      .select("email")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order.email).toBe(email);
  });

  it("exports the orders and the messages to the customer, changing no data", async () => {
    const before = await outboxTo();
    const response = await admin.send(`/api/customer-data?q=${q(email.toUpperCase())}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const { data } = (await response.json()) as {
      data: {
        orders: { id: number; items: { parts: ChosenPart[] }[] }[];
        messages: {
          kind: string;
          to: string;
          subject: string | null;
          text: string;
          status: string;
        }[];
      };
    };
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(data.orders[0]!.items[0]!.parts).toEqual([inscription, size]);
    expect(
      data.messages.map((message) => `${message.kind} ${message.status} ${message.subject}`),
    ).toEqual(["email sent Ihre Bestellung", "email pending Unterwegs"]);
    const byPhone = (await (
      await admin.send(`/api/customer-data?q=${q("0170 555 02 02")}`)
    ).json()) as {
      data: { messages: { text: string }[] };
    };
    expect(byPhone.data.messages.map((message) => message.text)).toEqual(["Abholbereit, Berta"]);
    expect(await outboxTo()).toEqual(before);
  });

  it("refuses bad input with a German 400 and other methods with 405", async () => {
    const bad = await admin.send(`/api/customer-data?q=${q("ab")}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("E-Mail-Adresse oder Telefonnummer: Bitte");
    const unknown = await admin.send("/api/customer-data/erase", {
      method: "POST",
      json: { q: email, force: true },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("Unbekanntes Feld „force“");
    const missing = await admin.send("/api/customer-data/erase", { method: "POST", json: {} });
    expect(missing.status).toBe(400);
    expect((await admin.send("/api/customer-data/erase")).status).toBe(405);
    expect(
      (await admin.send("/api/customer-data", { method: "POST", json: { q: email } })).status,
    ).toBe(405);
    const order = await db
      .selectFrom("orders")
      .select("anonymisedAt")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order.anonymisedAt).toBeNull();
  });

  it("erases contact data, typed texts and sent messages; keeps the options, the price and others' data", async () => {
    const gross = (
      await db
        .selectFrom("orders")
        .select("totalGross")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow()
    ).totalGross;
    const response = await admin.send("/api/customer-data/erase", {
      method: "POST",
      json: { q: email },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { orderIds: number[]; orders: number; messages: number };
    };
    expect(data).toMatchObject({ orderIds: [orderId], orders: 1, messages: 1 });
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ name: "", email: null, phone: null, totalGross: gross });
    const item = await db
      .selectFrom("orderItems")
      .select("parts")
      .where("orderId", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(item.parts).toEqual([{ partId: 1, name: "Aufschrift", type: "text" }, size]);
    // The e-mail sent to her is gone, the one on its way and everyone else's stay; the SMS went
    // by her number, which the erasure by e-mail does not name.
    expect(await outboxTo()).toEqual([
      "sent +491705550202",
      "sent andere@example.org",
      `pending ${email.toLowerCase()}`,
    ]);
    const byPhone = await admin.send("/api/customer-data/erase", {
      method: "POST",
      json: { q: phone },
    });
    expect(((await byPhone.json()) as { data: { messages: number } }).data.messages).toBe(1);
    expect(await outboxTo()).toEqual(["sent andere@example.org", `pending ${email.toLowerCase()}`]);
    const other = await db
      .selectFrom("orders")
      .select("email")
      .where("id", "=", otherId)
      .executeTakeFirstOrThrow();
    expect(other.email).toBe("andere@example.org");
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "customer-data.erase")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toMatch(/example\.org|5550202|Berta/);
  });

  it("says on the order's page that its customer data was erased", async () => {
    const page = await admin.send(`/backend/orders/${orderId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/Kundendaten am \d{2}\.\d{2}\.\d{4} gelöscht \(DSGVO\)/);
    expect(html).not.toContain("Alles Gute, Berta");
    const other = await (await admin.send(`/backend/orders/${otherId}`)).text();
    expect(other).not.toContain("gelöscht (DSGVO)");
  });
});
