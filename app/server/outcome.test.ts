import { describe, expect, it } from "vitest";
import { firstMessage, problem, problemAnswer, refused, refusedWith, succeeded } from "./outcome";

describe("the one outcome and JSON error answer", () => {
  it("builds successes and refusals with German problems", () => {
    expect(succeeded(3)).toEqual({ ok: true, value: 3 });
    expect(refused(404, "Nicht gefunden.")).toEqual({
      ok: false,
      status: 404,
      errors: [{ message: "Nicht gefunden." }],
    });
    const form = refusedWith(400, [
      { message: "Bitte geben Sie einen Namen ein.", field: "name" },
      { message: "Bitte wählen Sie eine Filiale.", field: "branch" },
    ]);
    expect(firstMessage(form)).toBe("Bitte geben Sie einen Namen ein.");
    expect(refused(400, "Zu lang.", "name").errors).toEqual([
      { message: "Zu lang.", field: "name" },
    ]);
  });

  it("answers JSON in the API's shape, never cached, with extra headers and members", async () => {
    const answer = problemAnswer(refused(409, "Veraltet."), {
      headers: { Allow: "GET" },
      extra: { preview: [] },
    });
    expect(answer.status).toBe(409);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Allow")).toBe("GET");
    expect(await answer.json()).toEqual({ errors: [{ message: "Veraltet." }], preview: [] });
    const one = problem(429, "Zu viele Versuche.", { headers: { "Retry-After": "60" } });
    expect(one.status).toBe(429);
    expect(one.headers.get("Retry-After")).toBe("60");
    expect(await one.json()).toEqual({ errors: [{ message: "Zu viele Versuche." }] });
  });
});
