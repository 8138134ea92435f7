import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { verifySignature } from "#app/features/webhooks/webhook-signature";
import { testStaff } from "../support/prepare-checkout-database";
import { orderAsCustomer, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Webhooks (issue 38 part 3), with and without JavaScript: an administrator registers a receiver
 * for "Bestellung eingegangen", a customer orders, the delivery appears in the log as delivered
 * and the receiver's request carries a valid signature; "Erneut senden" sends the same event id
 * again.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });
const origin = `http://127.0.0.1:${checkoutPort}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("danke");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reloads the log until `check` holds: the worker sends every 2 s. */
async function reloadUntil(page: Page, check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if (await check()) return;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
}

test.describe("webhooks in the back office", () => {
  test.describe.configure({ timeout: 120_000 });

  test("registered, delivered on a new order, shown in the log and re-sent", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const receiver = await startReceiver();
    try {
      const description = `ERP ${javaScriptEnabled ? "JS" : "ohne JS"} ${Date.now()}`;
      await signIn(page, testStaff.admin, "/backend/webhooks");
      await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
      await page.getByRole("textbox", { name: "Adresse (URL)" }).fill(receiver.url);
      await page.getByRole("textbox", { name: "Beschreibung" }).fill(description);
      await page.getByLabel("Bestellung eingegangen", { exact: true }).check();
      await page.getByRole("button", { name: "Webhook anlegen" }).click();
      const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
      expect(secret).toMatch(/^whsec_[\w-]{43}$/);
      await page.getByRole("link", { name: receiver.url }).first().click();
      await expect(page).toHaveURL(/\/backend\/webhooks\/\d+$/);
      const log = page.url();

      const customer = await orderAsCustomer(
        browser,
        javaScriptEnabled,
        `Webhook ${description}`,
        origin,
      );
      await customer.context.close();

      await page.goto(log);
      const delivered = page.getByTestId("webhook-delivery").filter({ hasText: "zugestellt" });
      await reloadUntil(page, async () => (await delivered.count()) > 0);
      await expect(delivered.first()).toContainText("Bestellung eingegangen");
      await expect(delivered.first()).toContainText("HTTP 200: danke");
      expect(receiver.received.length).toBeGreaterThan(0);
      const first = receiver.received[0]!;
      expect(
        verifySignature(
          secret,
          String(first.headers["webhook-signature"]),
          first.body,
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);

      // "Erneut senden": the same event, with the same id.
      const row = delivered.first();
      const eventId = (await row.locator("small").first().textContent())?.trim() ?? "";
      await row.getByRole("button", { name: "Erneut senden" }).click();
      await expect(page.getByText("Die Nachricht wird erneut gesendet.")).toBeVisible();
      const sameId = () =>
        receiver.received.filter((request) => request.headers["webhook-id"] === eventId).length;
      await reloadUntil(page, async () => sameId() >= 2);
      expect(sameId()).toBe(2);
    } finally {
      await receiver.close();
    }
  });
});
