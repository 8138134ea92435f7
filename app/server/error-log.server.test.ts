import { describe, expect, it } from "vitest";
import { describe as describeError, errorLog } from "./error-log.server";

describe("the server's error log (issue 35)", () => {
  const request = { method: "GET", url: "http://shop.example/store/altstadt?name=Max%20Muster" };

  it("writes an error in one line: method, path without the query, kind, message, own frame", () => {
    const error = new TypeError("Cannot read properties of null (reading 'status')\nsecond line");
    error.stack = [
      `TypeError: ${error.message}`,
      "    at handle (/work/main/node_modules/@remix-run/server-runtime/dist/server.js:1:2)",
      "    at loader (/work/main/app/routes/kiosk.tsx:42:7)",
      "    at node:internal/process/task_queues:95:5",
    ].join("\n");
    const line = describeError(error, request);
    expect(line).toBe(
      "Serverfehler bei GET /store/altstadt: TypeError: Cannot read properties of null " +
        "(reading 'status') second line (app/routes/kiosk.tsx:42:7)",
    );
    expect(line).not.toContain("Max");
  });

  it("writes the same error at most once a minute, then with the count of its repeats", () => {
    const lines: string[] = [];
    let now = 0;
    const log = errorLog(
      (line) => lines.push(line),
      () => now,
    );
    // Thrown in one place, as one bug throws it again and again.
    const fail = (message: string) => new Error(message);
    for (let index = 0; index < 1_000; index += 1) log(fail("kaputt"), request);
    expect(lines).toHaveLength(1);
    log(fail("anders kaputt"), request);
    expect(lines).toHaveLength(2);
    now = 60_000;
    log(fail("kaputt"), request);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain("(999× wiederholt in der Minute davor)");
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
  });

  it("keeps a bounded number of different errors in mind", () => {
    const lines: string[] = [];
    const log = errorLog(
      (line) => lines.push(line),
      () => 0,
    );
    for (let index = 0; index < 5_000; index += 1) log(new Error(`Fehler ${index}`));
    expect(lines).toHaveLength(5_000);
    // The oldest were forgotten: it is written again.
    log(new Error("Fehler 0"));
    expect(lines).toHaveLength(5_001);
  });
});
