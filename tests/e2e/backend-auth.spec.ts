import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { branches as seededBranches } from "#app/db/seed/branches";
import { expect, test } from "./fixtures";
import { demoAdminPassword } from "./servers";

const branch = seededBranches[0]!;

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText("Sie wurden abgemeldet.")).toBeVisible();
  await expect(page).toHaveURL(/\/backend\/login\?abgemeldet/);
}

test.describe("the back-office sign-in", () => {
  test("admin creates an employee, who signs in, changes the password and signs out", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Seven sign-ins and two new passwords, each a deliberately slow scrypt run.
    test.setTimeout(90_000);
    const project = javaScriptEnabled ? "js" : "nojs";
    const employee = {
      name: `Erika Theke ${project}`,
      email: `erika-${project}@sonnenkorn.example`,
      password: "erstes-passwort-1",
      newPassword: "zweites-passwort-2",
    };

    // Anonymous visitors land on the login, which remembers where they wanted to go.
    await page.goto("/backend/users");
    await expect(page).toHaveURL(/\/backend\/login\?redirectTo=%2Fbackend%2Fusers$/);
    await expect(page.getByRole("heading", { name: "Anmeldung im Backoffice" })).toBeVisible();

    await login(page, DEMO_ADMIN_EMAIL, "falsches-passwort");
    await expect(page.getByText("E-Mail-Adresse oder Passwort ist ungültig.")).toBeVisible();

    await login(page, DEMO_ADMIN_EMAIL, demoAdminPassword);
    await expect(page).toHaveURL(/\/backend\/users$/);
    await expect(page.getByRole("heading", { name: "Benutzer", level: 1 })).toBeVisible();
    await expect(page.getByText("Angemeldet als Administration")).toBeVisible();

    await page.getByRole("link", { name: "Neuer Benutzer" }).click();
    await page.getByLabel("Name", { exact: true }).fill(employee.name);
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(employee.email);
    await page.getByLabel("Mitarbeiter/in").check();
    await page.getByLabel(branch.name, { exact: true }).check();
    await page.getByLabel("Passwort", { exact: true }).fill(employee.password);
    await page.getByRole("button", { name: "Benutzer anlegen" }).click();
    await expect(page.getByText("Der Benutzer wurde angelegt.")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: `Benutzer bearbeiten: ${employee.name}` }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Zurück zur Benutzerliste" }).click();
    const row = page.getByRole("row").filter({ hasText: employee.email });
    await expect(row).toContainText("Mitarbeiter/in");
    await expect(row).toContainText(branch.name);

    await logout(page);

    await login(page, employee.email, employee.password);
    await expect(page).toHaveURL(/\/backend$/);
    await expect(page.getByRole("heading", { name: `Willkommen, ${employee.name}` })).toBeVisible();
    const navigation = page.getByRole("navigation", { name: "Backoffice-Navigation" });
    await expect(navigation.getByRole("link", { name: "Bestellungen" })).toBeVisible();
    await expect(navigation.getByRole("link", { name: "Benutzer" })).toHaveCount(0);

    await navigation.getByRole("link", { name: "Passwort ändern" }).click();
    await page.getByLabel("Aktuelles Passwort").fill(employee.password);
    await page.getByLabel("Neues Passwort", { exact: true }).fill(employee.newPassword);
    await page.getByLabel("Neues Passwort wiederholen").fill(employee.newPassword);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByText("Ihr Passwort wurde geändert.")).toBeVisible();

    await logout(page);
    await login(page, employee.email, employee.password);
    await expect(page.getByText("E-Mail-Adresse oder Passwort ist ungültig.")).toBeVisible();
    await login(page, employee.email, employee.newPassword);
    await expect(page.getByRole("heading", { name: `Willkommen, ${employee.name}` })).toBeVisible();
    await logout(page);

    // Signed out means signed out: the back office sends back to the login.
    await page.goto("/backend");
    await expect(page).toHaveURL(/\/backend\/login\?redirectTo=%2Fbackend$/);
  });

  test("an employee is refused the user management", async ({ page, javaScriptEnabled }) => {
    const project = javaScriptEnabled ? "js" : "nojs";
    // The admin creates the employee through the JSON API, with the browser's session.
    await page.goto("/backend/login");
    await login(page, DEMO_ADMIN_EMAIL, demoAdminPassword);
    await expect(page).toHaveURL(/\/backend$/);
    const email = `paul-${project}@sonnenkorn.example`;
    const me = await page.request.get("/api/users/me");
    const { data } = (await me.json()) as { data: { user: { branches: { id: number }[] } } };
    const created = await page.request.post("/api/users", {
      data: {
        data: {
          name: `Paul Backstube ${project}`,
          email,
          roles: ["ROLE_EMPLOYEE"],
          branches: [{ id: data.user.branches[0]!.id }],
          password: "paul-passwort-1",
        },
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    await logout(page);

    await login(page, email, "paul-passwort-1");
    await expect(page).toHaveURL(/\/backend$/);
    const response = await page.goto("/backend/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
  });
});

test.describe("ending sessions", () => {
  test("an administrator signs an employee out everywhere, after asking once more", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    // Three sign-ins and a new user, each a deliberately slow scrypt run.
    test.setTimeout(90_000);
    const project = javaScriptEnabled ? "js" : "nojs";
    const employee = {
      name: `Tina Tablet ${project}`,
      email: `tina-${project}@sonnenkorn.example`,
      password: "tablet-passwort-1",
    };
    await page.goto("/backend/login");
    await login(page, DEMO_ADMIN_EMAIL, demoAdminPassword);
    await expect(page).toHaveURL(/\/backend$/);
    const me = await page.request.get("/api/users/me");
    const { data } = (await me.json()) as { data: { user: { branches: { id: number }[] } } };
    const created = await page.request.post("/api/users", {
      data: {
        name: employee.name,
        email: employee.email,
        roles: ["ROLE_EMPLOYEE"],
        branches: [{ id: data.user.branches[0]!.id }],
        password: employee.password,
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { data: user } = (await created.json()) as { data: { id: number } };

    // The employee signs in on a counter tablet: a browser of its own.
    const tabletContext = await browser.newContext({ baseURL, javaScriptEnabled });
    const tablet = await tabletContext.newPage();
    await tablet.goto("/backend/login");
    await login(tablet, employee.email, employee.password);
    await expect(
      tablet.getByRole("heading", { name: `Willkommen, ${employee.name}` }),
    ).toBeVisible();

    await page.goto(`/backend/users/${user.id}`);
    const sessions = page.getByRole("region", { name: "Angemeldete Geräte" });
    await expect(sessions).toContainText("Zurzeit auf 1 Gerät angemeldet.");
    // Asked once more; cancelling changes nothing.
    await sessions.getByRole("link", { name: "Überall abmelden", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: `${employee.name} wirklich überall abmelden?` }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Abbrechen" }).click();
    await expect(page.getByRole("button", { name: "Ja, überall abmelden" })).toHaveCount(0);
    await tablet.reload();
    await expect(
      tablet.getByRole("heading", { name: `Willkommen, ${employee.name}` }),
    ).toBeVisible();

    await sessions.getByRole("link", { name: "Überall abmelden", exact: true }).click();
    await page.getByRole("button", { name: "Ja, überall abmelden" }).click();
    await expect(page.getByText("Der Benutzer wurde auf allen Geräten abgemeldet.")).toBeVisible();
    await expect(sessions).toContainText("Zurzeit auf keinem Gerät angemeldet.");

    // The tablet's next page is the sign-in.
    await tablet.goto("/backend/orders");
    await expect(tablet).toHaveURL(/\/backend\/login\?redirectTo=%2Fbackend%2Forders$/);
    await tabletContext.close();
  });
});

test.describe("accessibility of the back office", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");
  // Four pages, each analysed in full: more than the default 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("axe finds no violations on the login and the users page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const violations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`,
      );
    await page.goto("/backend/login");
    expect(await violations()).toEqual([]);
    // The messages after a failed attempt are part of the page too.
    await login(page, DEMO_ADMIN_EMAIL, "");
    await login(page, "axe@sonnenkorn.example", "falsch");
    await expect(page.getByText("E-Mail-Adresse oder Passwort ist ungültig.")).toBeVisible();
    expect(await violations()).toEqual([]);

    await login(page, DEMO_ADMIN_EMAIL, demoAdminPassword);
    await expect(page).toHaveURL(/\/backend$/);
    await page.goto("/backend/users");
    await expect(page.getByRole("table")).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto("/backend/users/new");
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
