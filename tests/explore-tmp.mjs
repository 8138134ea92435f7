import { chromium } from "playwright";
const base = process.env.BASE ?? "http://127.0.0.1:4580";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const ctx = await browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin", viewport: { width: Number(process.env.W ?? 1280), height: 800 } });
const page = await ctx.newPage();
await page.goto(base + "/backend/login");
await page.getByLabel("E-Mail-Adresse").first().fill(process.env.EMAIL ?? "chefin@sonnenkorn.example");
await page.getByLabel("Passwort", { exact: true }).fill(process.env.PW ?? "chefin-passwort-1");
await page.getByRole("button", { name: "Anmelden", exact: true }).click();
await page.waitForURL(/\/backend$/);
for (const p of process.argv.slice(2)) {
  const r = await page.goto(base + p);
  console.log("=== " + p + " " + r.status());
  if (process.env.SNAP) console.log(await page.locator("main, body").first().ariaSnapshot());
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/acc/${process.env.SHOT}-${p.replace(/\W+/g, "_")}-${process.env.W ?? 1280}.png`, fullPage: true });
}
await browser.close();
