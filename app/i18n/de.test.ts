import { describe, expect, it } from "vitest";
import { de } from "./de";

/** The specification's wording, letter for letter, so that a refactoring cannot drift from it. */
describe("messages", () => {
  it("keeps the closed notices of section 5", () => {
    expect(de.notices.closed).toBe("Derzeit haben wir leider geschlossen.");
    expect(de.notices.preorder).toBe(
      "Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.",
    );
    expect(de.notices.noDelivery).toBe("Derzeit bieten wir leider keine Lieferung an.");
    expect(de.notices.reopensToday("07:00")).toBe(
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder um 07:00 Uhr",
    );
    expect(de.notices.reopensOn("Montag", "07:00")).toBe(
      "Derzeit haben wir leider geschlossen. Wir öffnen wieder am Montag um 07:00 Uhr",
    );
    expect(de.notices.deliveryResumesToday("11:00")).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder ab 11:00 Uhr",
    );
    expect(de.notices.deliveryResumesOn("Dienstag", "11:00")).toBe(
      "Derzeit ist leider keine Lieferung möglich. Wir liefern wieder am Dienstag ab 11:00 Uhr",
    );
  });

  it("keeps the toolbar, cart and search texts", () => {
    expect(de.toolbar.openUntil("18:00")).toBe("Geöffnet bis 18:00");
    expect(de.toolbar.closed).toBe("Geschlossen");
    expect(de.toolbar.branchesOpen(1)).toBe("1 Standort geöffnet");
    expect(de.toolbar.branchesOpen(4)).toBe("4 Standorte geöffnet");
    expect(de.toolbar.allClosed).toBe("Alle Standorte geschlossen");
    expect(de.cart.empty).toBe("Keine Produkte im Warenkorb");
    expect(de.cart.one).toBe("1 Produkt im Warenkorb");
    expect(de.cart.many("2")).toBe("2 Produkte im Warenkorb");
    expect(de.search.resultCount(3, 5)).toBe("3 von 5 Filialen");
    expect(de.search.noResults).toBe("Leider wurden keine Ergebnisse gefunden.");
  });

  it("keeps the checkout validation texts", () => {
    expect(de.appointment.required).toBe("Bitte wählen Sie einen Termin aus.");
    expect(de.appointment.noTimesOnDay).toBe("Zum ausgewählten Tag sind keine Termine verfügbar.");
    expect(de.phone.invalid("+49 30 1234567")).toBe(
      "Bitte geben Sie eine gültige Nummer im Format +49 30 1234567 an.",
    );
    expect(de.delivery.freeFrom("50,00 €")).toBe("Kostenlose Lieferung ab 50,00 €.");
  });

  it("names the weekdays from Monday", () => {
    expect(Object.values(de.weekdays)).toEqual([
      "Montag",
      "Dienstag",
      "Mittwoch",
      "Donnerstag",
      "Freitag",
      "Samstag",
      "Sonntag",
    ]);
  });
});
