import AxeBuilder from "@axe-core/playwright";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The working plan (issue 21, decision 059), once with JavaScript and once without: an
 * administrator plans a shift for a new employee this week, changes it (decision 100), copies it into next week with
 * "Vorwoche übernehmen", books a day of holiday next week and sees the holiday balance and the
 * month's time sheet (Soll of that day) change. The two projects share one server, so each takes
 * its own branch (the copy takes a branch's whole week) and a person of its own.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

test("a shift is planned and copied, a holiday booked; balance and time sheet follow", async ({
  page,
  javaScriptEnabled,
}) => {
  const branch = javaScriptEnabled ? testBranches.quotation : testBranches.holidays;
  const suffix = Date.now().toString(36);
  const name = `Paula Plan ${javaScriptEnabled ? "js" : "nojs"} ${suffix}`;
  const zone = "Europe/Berlin";
  const monday = DateTime.now().setZone(zone).startOf("week");
  const nextMonday = monday.plus({ weeks: 1 });

  // A new employee of the branch.
  await signIn(page, testStaff.admin, "/backend/users/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-Mail-Adresse").fill(`plan-${suffix}@sonnenkorn.example`);
  await page.getByLabel("Mitarbeiter/in", { exact: true }).check();
  await page.getByLabel(branch.name, { exact: true }).check();
  await page.getByLabel("Passwort", { exact: true }).fill("plan-passwort-123");
  await page.getByRole("button", { name: "Benutzer anlegen" }).click();
  await expect(page.getByText("Der Benutzer wurde angelegt.")).toBeVisible();
  const personId = /\/backend\/users\/(\d+)/.exec(page.url())![1]!;

  // This week's shift on Monday, in the branch's plan.
  await page.goto("/backend/working-schedules");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arbeitsplanung");
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branch.name });
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/filiale=\d+/);
  const add = page.getByRole("form", { name: `Schicht eintragen: ${name}` });
  await add.getByLabel("Tag").selectOption(monday.toISODate()!);
  await add.getByLabel("Beginn").fill("06:00");
  await add.getByLabel("Ende").fill("14:00");
  await add.getByRole("button", { name: "Schicht eintragen" }).click();
  await expect(page.getByText("Schicht eingetragen.")).toBeVisible();
  const gridRow = () => page.getByTestId("schedule-grid").getByRole("row", { name: name });
  await expect(gridRow()).toContainText("06:00–14:00");

  // It starts an hour later: "Ändern" beside the shift (decision 100), the same form either way.
  await gridRow().locator("summary", { hasText: "Ändern" }).click();
  const edit = page.getByRole("form", { name: `Schicht ändern: ${name} 06:00–14:00` });
  await expect(edit.getByLabel("Tag")).toHaveValue(monday.toISODate()!);
  await expect(edit.getByLabel("Beginn")).toHaveValue("06:00");
  await edit.getByLabel("Beginn").fill("07:00");
  await edit.getByLabel("Ende").fill("15:00");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Schicht geändert.")).toBeVisible();
  await expect(gridRow()).toContainText("07:00–15:00");
  await expect(gridRow()).not.toContainText("06:00–14:00");

  // Next week starts empty for her and takes over the previous week.
  await page.getByRole("link", { name: "Nächste Woche" }).click();
  await expect(page).toHaveURL(new RegExp(`woche=${nextMonday.toISODate()}`));
  await expect(gridRow()).not.toContainText("07:00–15:00");
  await page.getByRole("button", { name: "Vorwoche übernehmen" }).click();
  await expect(page.getByText(/^\d+ Schichten aus der Vorwoche übernommen\.$/)).toBeVisible();
  await expect(gridRow().getByRole("cell").first()).toContainText("07:00–15:00");
  const planUrl = page.url();

  // Her contract: eight hours Monday to Friday, 30 days of holiday.
  const contract = page.locator("form").filter({ has: page.getByLabel("Sollzeit Mo") });
  await contract.getByLabel("Person").selectOption({ label: name });
  for (const day of ["Mo", "Di", "Mi", "Do", "Fr"]) {
    await contract.getByLabel(`Sollzeit ${day}`).fill("08:00");
  }
  await contract.getByLabel(/^Urlaubstage im Jahr/).fill("30");
  await contract.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Vertrag gespeichert.")).toBeVisible();
  const balance = page.getByTestId("holiday-balances").getByRole("row", { name: name });
  // Person, Anspruch, Übertrag, Genommen, Geplant, Rest, Krankheitstage.
  await expect(balance.getByRole("cell")).toHaveText(["30", "0", "0", "0", "30", "0"]);

  // A working day of next week with eight hours expected (not a public holiday) in its sheet.
  const sheetRow = (day: DateTime) =>
    page
      .getByTestId("time-sheet")
      .getByRole("row")
      .filter({ hasText: day.toFormat("dd.MM.yyyy") });
  let holiday: DateTime | null = null;
  for (const offset of [1, 2, 3, 4]) {
    const day = nextMonday.plus({ days: offset });
    if (day.year !== nextMonday.year) break;
    await page.goto(`/backend/time-sheets?monat=${day.toFormat("yyyy-MM")}&person=${personId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stundenzettel");
    if ((await sheetRow(day).getByRole("cell").first().innerText()) === "8:00") {
      holiday = day;
      break;
    }
  }
  expect(holiday, "ein Arbeitstag der nächsten Woche mit 8 Stunden Soll").not.toBeNull();
  const day = holiday!;

  // The holiday is booked; it is planned (in the future) and shows in the plan.
  await page.goto(planUrl);
  const absence = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Buchen" }) });
  await absence.getByLabel("Person").selectOption({ label: name });
  await absence.getByLabel("Von").fill(day.toISODate()!);
  await absence.getByLabel("Bis").fill(day.toISODate()!);
  await absence.getByLabel("Art").selectOption({ label: "Urlaub" });
  await absence.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByText("Abwesenheit gebucht.")).toBeVisible();
  await expect(balance.getByRole("cell")).toHaveText(["30", "0", "0", "1", "29", "0"]);
  await expect(
    gridRow()
      .getByRole("cell")
      .nth(day.weekday - 1),
  ).toHaveText("Urlaub");
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  // The month's time sheet expects nothing that day.
  await page.goto(`/backend/time-sheets?monat=${day.toFormat("yyyy-MM")}&person=${personId}`);
  await expect(sheetRow(day).getByRole("cell")).toHaveText(["0:00", "0:00", "Urlaub"]);
});
