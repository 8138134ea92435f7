import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The published contract's reference page (issue 38, decision 102): an administrator finds it
 * in the menu and sees the API's calls. Without JavaScript the server's list of every call
 * (method, path, summary); with it, Swagger UI served by the app itself. The JSON link works.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

test.describe("the API reference page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an administrator opens the reference from the menu and sees the calls", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signIn(page, demoAdmin, "/backend");
    await page
      .getByRole("link", { name: /Programmierschnittstelle/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/backend\/api$/);
    await expect(
      // Exactly: Swagger UI draws its own h1 "Backstube – Programmierschnittstelle" beside ours.
      page.getByRole("heading", { level: 1, name: "Programmierschnittstelle", exact: true }),
    ).toBeVisible();

    if (javaScriptEnabled) {
      // Swagger UI, drawn from /api/openapi.json in the browser: the tags, one opened.
      const renderer = page.getByTestId("api-reference-renderer");
      const tags = renderer.locator("#operations-tag-Tags");
      await expect(tags).toBeVisible({ timeout: 30_000 });
      await expect(renderer.locator("#operations-tag-Produkte")).toBeVisible();
      // Once drawn, the server's own list gives way (it stays until then: never an empty page).
      await expect(page.getByTestId("api-operations")).toHaveCount(0);
      await tags.click();
      await expect(
        renderer.getByRole("button", { name: /^GET \/tags Tags auflisten/ }),
      ).toBeVisible();
      await expect(
        renderer.getByRole("button", { name: /^POST \/tags Tag anlegen/ }),
      ).toBeVisible();
    } else {
      const list = page.getByRole("table", { name: "Alle Aufrufe" });
      await expect(list).toBeVisible();
      const row = list.getByRole("row").filter({ hasText: "Tags auflisten" });
      await expect(row).toContainText("GET");
      await expect(row).toContainText("/api/tags");
      await expect(
        list.getByRole("row").filter({ hasText: "/api/products/{id}" }).first(),
      ).toBeVisible();
    }

    // The JSON behind the link: OpenAPI 3.1 with the resources' calls.
    const link = page.getByRole("link", {
      name: "Beschreibung als JSON herunterladen (/api/openapi.json)",
    });
    await expect(link).toHaveAttribute("href", "/api/openapi.json");
    const answer = await page.request.get("/api/openapi.json");
    expect(answer.status()).toBe(200);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/tags");
  });
});
