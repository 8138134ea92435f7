import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { addToNewCart, firstItemForm, submitOrder } from "#tests/support/http-orders";
import { createTestDatabase } from "#tests/support/db";
import {
  prepareCheckoutDatabase,
  testBranches,
  testStaff,
} from "#tests/support/prepare-checkout-database";
import { ensureBuild, startShopProcess, type ShopProcess } from "#tests/support/shop-process";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";
import { StaffClient } from "#tests/support/staff";

/**
 * Issue 41 part 2 (decision 108): a full order's log — the production build, two processes, the
 * log at its most talkative (debug) — holds the requests' lines and no name, e-mail address or
 * phone number of the customer, and no key of the status page.
 */
const BRANCH = `/store/${testBranches.open.identifier}`;
const template = inject("postgresTemplate");

const customer = {
  name: "Zacharias Quellenbrunner",
  email: "zacharias.quellenbrunner@example.org",
  phone: "+49 761 9876543",
};

describe.runIf(template)("the log of a full order", { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-log-"));
  let handle: DatabaseHandle;
  let sink: SmtpSink;
  let shop: ShopProcess;

  beforeAll(async () => {
    ensureBuild();
    handle = await createTestDatabase("postgres");
    const url = handle.databaseUrl!;
    await prepareCheckoutDatabase(handle.db);
    sink = await startSmtpSink();
    shop = await startShopProcess({
      DATABASE_URL: url,
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "false",
      SMTP_URL: sink.url,
      LOG_LEVEL: "debug",
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await sink?.close();
    // Drops the copy once the shop's connections are gone.
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("names the requests and never the customer", async () => {
    const item = await firstItemForm(shop.origin, BRANCH);
    const added = await addToNewCart(shop.origin, item);
    if (!("cookie" in added)) throw new Error(`Warenkorb: ${added.response.status}`);
    const key = `log-${randomBytes(6).toString("hex")}`;
    const answer = await submitOrder(shop.origin, BRANCH, added.cookie, key, customer.email, {
      name: customer.name,
      phone: customer.phone,
    });
    expect(answer.status, answer.body.slice(0, 300)).toBe(303);
    const status = answer.location!;
    expect(await (await fetch(`${shop.origin}${status}`)).text()).toContain("Ticket");
    // The confirmation mail went out through the outbox (its worker logs what it sends).
    await sink.waitFor((mail) => mail.envelopeTo.includes(customer.email), 30_000);

    // Staff open the order in the back office, where its name is shown.
    const staff = new StaffClient(shop);
    expect((await staff.login(testStaff.admin.email, testStaff.admin.password)).status).toBe(303);
    const order = await handle.db
      .selectFrom("orders")
      .select("id")
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();
    const detail = await staff.send(`/backend/orders/${order.id}`);
    expect(await detail.text()).toContain(customer.name);

    // Let both processes write what they still hold.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const output = shop.output();
    const entries = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ method: "POST", route: "checkout", status: 303 }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ method: "GET", route: "backoffice", status: 200 }),
    );
    const token = status.split("/").at(-1)!;
    for (const secret of [
      customer.name,
      "Quellenbrunner",
      customer.email,
      "quellenbrunner%40",
      customer.phone,
      "9876543",
      token,
      key,
    ]) {
      expect(output, secret).not.toContain(secret);
    }
  });
});
