import AxeBuilder from "@axe-core/playwright";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "../support/fake-tcp-printer";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Devices (issue 20, decision 056), once with JavaScript and once without: an administrator
 * creates a receipt printer pointed at a fake ESC/POS printer on a local port (the e2e server
 * allows loopback with PRINTER_ALLOW_LOOPBACK=1), presses "Testdruck" and sees the German success
 * message; the fake printer received the ticket and the device log lists the test print. Each
 * project starts its own fake printer and names its own device.
 */
let printer: FakeTcpPrinter;
test.beforeEach(async () => {
  printer = await startFakeTcpPrinter();
});
test.afterEach(async () => {
  await printer.close();
});

test("a receipt printer is created and its test print reaches the printer", async ({
  page,
  javaScriptEnabled,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Küchendrucker ${javaScriptEnabled ? "js" : "nojs"} ${suffix}`;
  await signIn(
    page,
    { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword },
    "/backend/devices/new",
  );
  const field = (role: "textbox" | "combobox", label: string) =>
    page.getByRole(role, { name: label, exact: true });
  await field("textbox", "Name").fill(name);
  await field("textbox", "Kennung").fill(`drucker-${suffix}`);
  await expect(field("combobox", "Filiale")).toHaveValue(/^\d+$/);
  await field("combobox", "Art").selectOption({ label: "Bondrucker" });
  await field("combobox", "Verbindung").selectOption({ label: "ESC/POS über TCP (Port 9100)" });
  await field("textbox", "IP-Adresse").fill("127.0.0.1");
  await field("textbox", "Port").fill(String(printer.port));
  await page.getByRole("button", { name: "Anlegen" }).last().click();
  await expect(page.getByText("Das Gerät wurde angelegt.")).toBeVisible();
  const log = page.getByRole("region", { name: "Geräteprotokoll" });
  await expect(log).toContainText("Noch keine Einträge.");
  expect(printer.tickets).toHaveLength(0);
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  await page.getByRole("button", { name: "Testdruck", exact: true }).click();
  await expect(page.getByText("Testdruck erfolgreich.", { exact: true })).toBeVisible();
  // The fake counted one ticket, with the test line in the printer's code page (PC858).
  expect(printer.tickets).toHaveLength(1);
  expect(printer.printed).toHaveLength(1);
  expect(printer.printed[0]).toBeGreaterThan(0);
  expect(printer.tickets[0]!.toString("latin1")).toContain("Testdruck: Umlaute");
  await expect(
    log.getByRole("row").filter({ hasText: "Gerätetest: Testdruck erfolgreich." }),
  ).toHaveCount(1);
  await expect(log).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
});
