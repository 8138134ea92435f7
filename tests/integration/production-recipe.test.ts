import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Issue 41 part 5 (decision 111): the Dockerfile's steps as CI can run them without a container
 * engine (`scripts/production-recipe.sh`): production dependencies only, in a clean folder, the
 * built app started on a fresh database, answering its pages and a picture (sharp, the fonts and
 * the patched router come from the production install alone).
 */
describe("the production recipe", () => {
  it("installs the production dependencies alone, starts the built shop and serves it", async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve) => {
        const child = spawn("bash", ["scripts/production-recipe.sh"], { env: process.env });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (exitCode) => resolve({ code: exitCode, output }));
      },
    );
    expect(code, output).toBe(0);
    expect(output).toMatch(/^ok {3}200 \/store\/wiehre$/m);
    expect(output).toMatch(/^ok {3}200 \/image\/\S+\.webp$/m);
    // The production tree stays lean: @remix-run/route-config and its 400 belong to the build.
    const packages = Number(/^Pakete: (\d+)$/m.exec(output)?.[1]);
    expect(packages).toBeGreaterThan(100);
    expect(packages).toBeLessThan(500);
  }, 300_000);
});
