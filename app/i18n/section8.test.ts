import { describe, expect, it } from "vitest";
import { resourceNamed } from "#app/features/resources.server";
import { dePlan } from "./de-working-plan";
import { deTimeTracking } from "./de-time-tracking";
import { deTemplates } from "./de-templates";

/**
 * Spec section 8's table of content resources, word for word: the texts the registered resources
 * answer with (the definitions the API and the pages use, not a copy of them), the activities', the
 * schedules' ('Planung konnte nicht … werden.', decision 100) and the other named sentences.
 */
const forms = (singular: string) => ({
  load: `${singular} konnte nicht geladen werden.`,
  create: `${singular} konnte nicht erstellt werden.`,
  update: `${singular} konnte nicht aktualisiert werden.`,
  delete: `${singular} konnte nicht gelöscht werden.`,
});

const TABLE: [resource: string, plural: string, singular: string][] = [
  ["blocks", "Inhalte konnten nicht geladen werden.", "Inhalt"],
  ["donatees", "Spendenempfänger konnten nicht geladen werden.", "Spendenempfänger"],
  ["projects", "Projekte konnten nicht geladen werden.", "Projekt"],
  ["tasks", "Aufgaben konnten nicht geladen werden.", "Aufgabe"],
  ["digital-signage-segments", "Filmsequenzen konnten nicht geladen werden.", "Filmsequenz"],
  ["digital-signage-streams", "Streams konnten nicht geladen werden.", "Stream"],
  ["digital-signage-devices", "TVs konnten nicht geladen werden.", "TV"],
  ["navigations", "Navigationen konnten nicht geladen werden.", "Navigation"],
];

describe("spec section 8: the content resources' messages", () => {
  it.each(TABLE)("%s", (name, plural, singular) => {
    const definition = resourceNamed(name);
    expect(definition, name).toBeDefined();
    expect(definition!.texts.errors).toEqual({ list: plural, ...forms(singular) });
  });

  it("activities", () => {
    expect(deTimeTracking.loadError).toBe("Aktivitäten konnten nicht geladen werden.");
    expect(deTimeTracking.createError).toBe("Aktivität konnte nicht erstellt werden.");
    expect(deTimeTracking.updateError).toBe("Aktivität konnte nicht aktualisiert werden.");
    expect(deTimeTracking.deleteError).toBe("Aktivität konnte nicht gelöscht werden.");
    expect(Object.values(deTimeTracking.failed)).toEqual([
      "Aktivität konnte nicht gestartet werden.",
      "Aktivität konnte nicht beendet werden.",
      "Aktivität konnte nicht pausiert werden.",
      "Aktivität konnte nicht fortgesetzt werden.",
    ]);
  });

  it("schedules and the other named sentences", () => {
    expect(dePlan.createError).toBe("Planung konnte nicht erstellt werden.");
    expect(dePlan.updateError).toBe("Planung konnte nicht aktualisiert werden.");
    expect(dePlan.deleteError).toBe("Planung konnte nicht gelöscht werden.");
    expect(dePlan.loadError).toBe("Arbeitsplanung konnte nicht geladen werden.");
    expect(dePlan.balancesLoadError).toBe("Urlaubskonten konnten nicht geladen werden.");
    expect(deTemplates.fonts.list).toBe("Schriftarten konnten nicht geladen werden.");
  });
});
