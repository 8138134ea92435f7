import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const folders: string[] = [];
function tempDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "backstube-env-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("starts the demo on the embedded database with defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      mode: "demo",
      port: 3000,
      databaseUrl: undefined,
      dataDir,
      publicOrigin: "http://localhost:3000",
      seedDemoData: true,
    });
  });

  it("generates the demo secret once and keeps it in the data folder", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("stops production without its secrets, naming each missing variable", () => {
    expect(() => loadConfig({ APP_MODE: "production", DATA_DIR: tempDir() })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ APP_MODE: "production", DATA_DIR: tempDir() });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("SESSION_SECRET fehlt");
      expect(message).toContain("PUBLIC_ORIGIN fehlt");
      expect(message).toContain("DATABASE_URL fehlt");
    }
  });

  it("accepts production with everything set and no data folder needed", () => {
    const config = loadConfig({
      APP_MODE: "production",
      DATA_DIR: "/nonexistent/never-created",
      DATABASE_URL: "postgres://shop@db:5432/shop",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_ORIGIN: "https://shop.example/",
    });
    expect(config.publicOrigin).toBe("https://shop.example");
    expect(config.sessionSecret).toBe("x".repeat(40));
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SEED_DEMO_DATA: "vielleicht" }, "SEED_DEMO_DATA"],
  ])("rejects %o naming %s", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrowError(new RegExp(name));
  });

  it("treats an empty DATABASE_URL as unset and SEED_DEMO_DATA=false as off", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "", SEED_DEMO_DATA: "false" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(false);
  });

  it("refuses a data folder it cannot write", () => {
    expect(() => loadConfig({ DATA_DIR: "/proc/backstube" })).toThrowError(
      /DATA_DIR \/proc\/backstube ist nicht beschreibbar/,
    );
  });
});

describe("loadConfig with a data folder below a file", () => {
  it("names the folder and the reason", () => {
    const file = path.join(tempDir(), "eine-datei");
    writeFileSync(file, "");
    expect(() => loadConfig({ DATA_DIR: path.join(file, "data") })).toThrowError(
      /ist nicht beschreibbar \(ENOTDIR\)/,
    );
  });
});
