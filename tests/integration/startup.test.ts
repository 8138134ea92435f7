import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs server.ts from source and returns what it printed when it stopped by itself. */
function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: { ...process.env, PORT: "0", SEED_DEMO_DATA: "false", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("server start-up with a bad environment", () => {
  it("stops with one clear line when DATABASE_URL is unreachable", async () => {
    const result = await startServer({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/nirgendwo",
      DATA_DIR: ".cache/startup-test",
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Start abgebrochen: Datenbank nicht erreichbar über DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:1\/nirgendwo\): .*ECONNREFUSED/,
    );
  });

  it("stops with one clear line when DATA_DIR is not writable", async () => {
    const result = await startServer({ DATA_DIR: "/proc/backstube-data" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Start abgebrochen: DATA_DIR /proc/backstube-data ist nicht beschreibbar (ENOENT).",
    );
  });

  it("stops with one clear line on an invalid port", async () => {
    const result = await startServer({ PORT: "nope", DATA_DIR: ".cache/startup-test" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Start abgebrochen: Ungültige Konfiguration: PORT /);
    expect(result.stderr).not.toContain("    at ");
  });
});
