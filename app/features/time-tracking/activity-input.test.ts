import { describe, expect, it } from "vitest";
import { correctionFromForm, newActivityFromForm, toCorrection } from "./activity-input";
import { bad, outcomeOf, valueOf } from "./refused";
import { refused } from "#app/server/outcome";

const ZONE = "Europe/Berlin";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

describe("the activity forms read into the API's shape", () => {
  it("reads local times of the business time zone, skips empty pauses and keeps the reason", () => {
    const parsed = correctionFromForm(
      form({
        start: "2026-11-27T08:00",
        end: "2026-11-27T16:30",
        pauseStart: ["2026-11-27T12:00", ""],
        pauseEnd: ["2026-11-27T12:30", ""],
        comment: "",
        reason: "  Ausstempeln vergessen ",
      }),
      ZONE,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const correction = toCorrection(parsed.value);
    expect(correction.startedAt.toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(correction.endedAt?.toISOString()).toBe("2026-11-27T15:30:00.000Z");
    expect(correction.pauses).toHaveLength(1);
    expect(correction.comment).toBeNull();
    expect(correction.reason).toBe("Ausstempeln vergessen");
  });

  it("refuses with the action's failure first, in German", () => {
    const noTime = correctionFromForm(form({ start: "gestern", reason: "x" }), ZONE);
    expect(noTime).toEqual(
      refused(
        400,
        "Aktivität konnte nicht aktualisiert werden. Bitte geben Sie Datum und Uhrzeit gültig an.",
      ),
    );
    const noReason = newActivityFromForm(
      form({ start: "2026-11-27T08:00", end: "", userId: "3", branchId: "1", reason: "" }),
      ZONE,
    );
    expect(noReason).toEqual(
      refused(
        400,
        "Aktivität konnte nicht erstellt werden. Bitte geben Sie den Grund der Korrektur an.",
      ),
    );
    const noPerson = newActivityFromForm(
      form({ start: "2026-11-27T08:00", end: "", branchId: "1", reason: "vergessen" }),
      ZONE,
    );
    expect(noPerson.ok).toBe(false);
  });
});

describe("the working plan's refusals", () => {
  it("turn a check's throw into the service's outcome, with the action's failure before it", async () => {
    expect(await outcomeOf(async () => 3)).toEqual({ ok: true, value: 3 });
    expect(
      await outcomeOf(async () => {
        throw bad(404, "Nicht gefunden.");
      }),
    ).toEqual(refused(404, "Nicht gefunden."));
    const prefixed = await outcomeOf(async () =>
      valueOf(refused(409, "Überschneidung."), "Schicht konnte nicht gespeichert werden."),
    );
    expect(prefixed).toEqual(
      refused(409, "Schicht konnte nicht gespeichert werden. Überschneidung."),
    );
    await expect(
      outcomeOf(async () => {
        throw new Error("kaputt");
      }),
    ).rejects.toThrow("kaputt");
  });
});
