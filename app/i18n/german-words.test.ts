import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { de } from "./de";
import { de as deBackoffice } from "./de-backoffice";
import { deCheckout } from "./de-checkout";
import { de as deStaff } from "./de-staff";

const catalogue = readdirSync(new URL(".", import.meta.url))
  .filter((file) => /^de[.-][\w-]*\.ts$|^de\.ts$/.test(file) && !file.includes(".test."))
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");

/** Issue 36, item 15: the shop is German, its texts are too; the spec's own words stay. */
describe("the text catalogue's words", () => {
  it("has no Austrian words: Aufgang for Stiege, 10 g for Dekagramm", () => {
    expect(catalogue).not.toMatch(/Stiege|Dekagramm|"dag"/);
    expect(deCheckout.stairway).toBe("Aufgang");
    expect(de.units.decagram.name).toBe("10 Gramm");
  });

  it("keeps the spec's own words elsewhere", () => {
    expect(catalogue).toContain("Takeaway");
    expect(catalogue).toContain("Dine In");
    expect(catalogue).toContain("404 Not Found");
  });

  it("says what a non-public branch is for customers: listed as unavailable, not hidden", () => {
    expect(deBackoffice.branches.isPublicHelp).toBe(
      "Nicht öffentliche Filialen stehen in der Filialliste als „Derzeit nicht verfügbar“; Speisekarte und Bestellung sind für Kunden gesperrt.",
    );
    expect(deBackoffice.branches.isPublicHelp).toContain(de.home.inactive);
  });

  it("says that the opening hours apply while a branch's own delivery hours are off", () => {
    expect(deStaff.hoursEditor.deliveryFollowsOpening).toBe(
      "Eigene Lieferzeiten sind aus: Geliefert wird zu den Öffnungszeiten.",
    );
  });
});
