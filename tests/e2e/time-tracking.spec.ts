import AxeBuilder from "@axe-core/playwright";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Time tracking (issue 21, decision 058), once with JavaScript and once without: an employee sets
 * a PIN, clocks in on the branch's time clock, pauses, resumes and ends; a manager sees the day,
 * corrects the entry with a reason, and the corrected 10.5-hour day is flagged; the manager adds a
 * forgotten day and deletes it again, and resets the employee's PIN (decision 065). The two projects
 * run at once on one server, so each takes its own branch and employee.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

test.describe("time tracking", () => {
  test.describe.configure({ timeout: 120_000 });

  test("clock in with a PIN, pause, resume, end; a manager corrects and sees the 10.5 h flagged", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const employee = javaScriptEnabled ? testStaff.open : testStaff.closed;
    const branch = javaScriptEnabled ? testBranches.open : testBranches.closed;
    const pin = javaScriptEnabled ? "4826" : "7391";

    // The employee sets their PIN on "Meine Arbeitszeit".
    await signIn(page, employee, "/backend/my-time");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meine Arbeitszeit");
    await page.getByLabel("Neue PIN").fill(pin);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("PIN und Karte gespeichert.")).toBeVisible();
    if (javaScriptEnabled) {
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    }

    // The manager makes the branch's time-clock key.
    const office = await browser.newContext({ javaScriptEnabled });
    const manager = await office.newPage();
    await signIn(manager, testStaff.admin, "/backend/device-keys");
    const section = manager.getByRole("region", { name: branch.name, exact: true });
    await section.getByLabel("Bezeichnung des Geräts").fill("Tablet am Eingang");
    await section.getByLabel("Zweck").selectOption({ label: "Stempeluhr" });
    await section.getByRole("button", { name: "Schlüssel erzeugen" }).click();
    const address = await manager.locator("code", { hasText: "/time-clock/" }).innerText();
    const clockPath = new URL(address).pathname;

    // The shared tablet: name, PIN, one tap; four times.
    const tablet = await browser.newContext({ javaScriptEnabled });
    const clock = await tablet.newPage();
    await clock.goto(clockPath);
    await expect(clock.getByRole("heading", { level: 1 })).toContainText("Stempeluhr");
    if (javaScriptEnabled) {
      expect((await new AxeBuilder({ page: clock }).analyze()).violations).toEqual([]);
    }
    const tap = async (action: string, confirmation: RegExp) => {
      await clock.getByLabel("Name").selectOption({ label: employee.name });
      await clock.getByLabel("PIN").fill(pin);
      await clock.getByRole("button", { name: action, exact: true }).click();
      await expect(clock.getByRole("status")).toHaveText(confirmation);
    };
    await tap(
      "Kommen",
      new RegExp(`^${employee.name}: Arbeitsbeginn um \\d\\d:\\d\\d Uhr erfasst\\.$`),
    );
    await tap("Pause", /Pause ab \d\d:\d\d Uhr erfasst\./);
    await tap("Weiter", /Weiterarbeit ab \d\d:\d\d Uhr erfasst\./);
    // A wrong PIN is refused with the spec's message.
    await clock.getByLabel("Name").selectOption({ label: employee.name });
    await clock.getByLabel("PIN").fill("0000");
    await clock.getByRole("button", { name: "Gehen", exact: true }).click();
    await expect(clock.getByRole("alert")).toContainText("Aktivität konnte nicht beendet werden.");
    await tap("Gehen", /Arbeitsende um \d\d:\d\d Uhr erfasst\./);

    // The manager sees the day and corrects the entry to yesterday 06:00–16:30, with a reason.
    const today = DateTime.now().setZone("Europe/Berlin").toISODate()!;
    const yesterday = DateTime.fromISO(today).minus({ days: 1 }).toISODate()!;
    await manager.goto(`/backend/working-activities?von=${today}&bis=${today}`);
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Zeiterfassung");
    const row = manager.getByRole("row", { name: new RegExp(employee.name) });
    await expect(row).toBeVisible();
    if (javaScriptEnabled) {
      expect((await new AxeBuilder({ page: manager }).analyze()).violations).toEqual([]);
    }
    await row.getByRole("link", { name: /^Korrigieren/ }).click();
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Aktivität korrigieren");
    await manager.getByLabel("Beginn", { exact: true }).fill(`${yesterday}T06:00`);
    await manager.getByLabel("Ende", { exact: true }).fill(`${yesterday}T16:30`);
    await manager.getByLabel("Pause 1: Beginn").fill("");
    await manager.getByLabel("Pause 1: Ende").fill("");
    await manager.getByRole("button", { name: "Korrektur speichern" }).click();
    // Without a reason the form refuses (the browser's own check, or the server's 400).
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Aktivität korrigieren");
    await manager.getByLabel("Grund der Korrektur").fill("Ausstempeln vergessen");
    await manager.getByRole("button", { name: "Korrektur speichern" }).click();
    await expect(manager.getByText("Korrektur gespeichert.")).toBeVisible();
    await expect(manager.getByTestId("violations")).toContainText(
      `${employee.name}, ${DateTime.fromISO(yesterday).toFormat("dd.MM.yyyy")}: Mehr als 10 Stunden Arbeit an einem Tag (10:30 h).`,
    );
    await expect(manager.getByRole("row", { name: new RegExp(employee.name) })).toContainText(
      "10:30",
    );

    // A forgotten day two days ago: the manager adds it with a reason, then deletes it again.
    const earlier = DateTime.fromISO(today).minus({ days: 2 }).toISODate()!;
    await manager.goto(`/backend/working-activities?von=${earlier}&bis=${earlier}`);
    await manager.getByRole("link", { name: "Aktivität nachtragen" }).click();
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Aktivität nachtragen");
    if (javaScriptEnabled) {
      expect((await new AxeBuilder({ page: manager }).analyze()).violations).toEqual([]);
    }
    await manager.getByLabel("Person").selectOption({ label: employee.name });
    await manager.getByLabel("Filiale").selectOption({ label: branch.name });
    await manager.getByLabel("Beginn", { exact: true }).fill(`${earlier}T08:00`);
    await manager.getByLabel("Ende", { exact: true }).fill(`${earlier}T12:15`);
    await manager.getByLabel("Pause 1: Beginn").fill(`${earlier}T10:00`);
    await manager.getByLabel("Pause 1: Ende").fill(`${earlier}T10:15`);
    await manager.getByLabel("Grund des Nachtrags").fill("Einstempeln vergessen");
    await manager.getByRole("button", { name: "Aktivität speichern" }).click();
    await expect(manager.getByText("Aktivität nachgetragen.")).toBeVisible();
    const added = manager.getByRole("row", { name: new RegExp(employee.name) });
    await expect(added).toContainText("4:00");
    // An overlapping second one is refused in German.
    await manager.getByRole("link", { name: "Aktivität nachtragen" }).click();
    await manager.getByLabel("Person").selectOption({ label: employee.name });
    await manager.getByLabel("Filiale").selectOption({ label: branch.name });
    await manager.getByLabel("Beginn", { exact: true }).fill(`${earlier}T11:00`);
    await manager.getByLabel("Ende", { exact: true }).fill(`${earlier}T13:00`);
    await manager.getByLabel("Grund des Nachtrags").fill("Doppelt");
    await manager.getByRole("button", { name: "Aktivität speichern" }).click();
    await expect(manager.getByRole("alert")).toContainText(
      "Aktivität konnte nicht erstellt werden. Die Zeiten überschneiden sich",
    );
    await manager.goto(`/backend/working-activities?von=${earlier}&bis=${earlier}`);
    await manager
      .getByRole("row", { name: new RegExp(employee.name) })
      .getByRole("link", { name: /^Korrigieren/ })
      .click();
    await manager.getByLabel("Grund der Löschung").fill("Versehentlich nachgetragen");
    await manager.getByRole("button", { name: "Aktivität löschen" }).click();
    await expect(manager.getByText("Aktivität gelöscht.")).toBeVisible();
    await expect(manager.getByRole("row", { name: new RegExp(employee.name) })).toHaveCount(0);

    // The manager resets the employee's PIN; the clock takes the new one.
    const newPin = javaScriptEnabled ? "55117" : "66228";
    await manager.goto("/backend/clock-credentials");
    await manager.getByLabel("Person").selectOption({ label: employee.name });
    await manager.getByLabel("Neue PIN").fill(newPin);
    await manager.getByRole("button", { name: "PIN und Karte speichern" }).click();
    await expect(
      manager.getByText(`PIN und Karte von ${employee.name} gespeichert.`),
    ).toBeVisible();
    await clock.getByLabel("Name").selectOption({ label: employee.name });
    await clock.getByLabel("PIN").fill(newPin);
    await clock.getByRole("button", { name: "Kommen", exact: true }).click();
    await expect(clock.getByRole("status")).toHaveText(/Arbeitsbeginn um \d\d:\d\d Uhr erfasst\./);
    await clock.getByLabel("Name").selectOption({ label: employee.name });
    await clock.getByLabel("PIN").fill(newPin);
    await clock.getByRole("button", { name: "Gehen", exact: true }).click();
    await expect(clock.getByRole("status")).toHaveText(/Arbeitsende um \d\d:\d\d Uhr erfasst\./);

    await tablet.close();
    await office.close();
  });
});
