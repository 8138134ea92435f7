import { describe, expect, it } from "vitest";
import { de } from "./de-staff";

/** The sign-in messages of spec section 8 in the wording decision 011 chose. */
describe("staff sign-in messages", () => {
  it("names the four section 8 cases", () => {
    expect(de.staffAuth.invalidCredentials).toBe("E-Mail-Adresse oder Passwort ist ungültig.");
    expect(de.staffAuth.accountLocked).toBe(
      "Ihr Konto ist gesperrt. Bitte wenden Sie sich an die Administration.",
    );
    expect(de.staffAuth.invalidLink).toBe("Der Login-Link ist ungültig oder abgelaufen.");
  });

  it("says how many minutes to wait, in the singular for one", () => {
    expect(de.staffAuth.tooManyAttempts(15)).toBe(
      "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.",
    );
    expect(de.staffAuth.tooManyAttempts(1)).toBe(
      "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Minute erneut.",
    );
  });

  it("follows the spec's pattern for the user resource", () => {
    expect(de.users.errors.loadList).toBe("Benutzer konnten nicht geladen werden.");
    expect(de.users.errors.load).toBe("Benutzer konnte nicht geladen werden.");
    expect(de.users.errors.create).toBe("Benutzer konnte nicht erstellt werden.");
    expect(de.users.errors.update).toBe("Benutzer konnte nicht aktualisiert werden.");
    expect(de.users.errors.remove).toBe("Benutzer konnte nicht gelöscht werden.");
  });
});
