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

  it("loads the map's tiles from OpenStreetMap unless MAP_TILE_URL says otherwise (decision 048)", () => {
    const DATA_DIR = tempDir();
    expect(loadConfig({ DATA_DIR }).mapTileUrl).toBe(
      "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    );
    expect(loadConfig({ DATA_DIR, MAP_TILE_URL: "" }).mapTileUrl).toBeNull();
    const own = "http://127.0.0.1:5417/{z}/{x}/{y}.png";
    expect(loadConfig({ DATA_DIR, MAP_TILE_URL: own }).mapTileUrl).toBe(own);
    expect(() => loadConfig({ DATA_DIR, MAP_TILE_URL: "javascript:alert(1)" })).toThrowError(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR, MAP_TILE_URL: "https://tiles.example/" })).toThrowError(
      /MAP_TILE_URL/,
    );
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

  it("takes a fixed demo administrator password, but never in production", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).demoAdminPassword).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, DEMO_ADMIN_PASSWORD: "lang-genug-1" }).demoAdminPassword,
    ).toBe("lang-genug-1");
    expect(() => loadConfig({ DATA_DIR: dataDir, DEMO_ADMIN_PASSWORD: "kurz" })).toThrowError(
      /DEMO_ADMIN_PASSWORD muss mindestens 10 Zeichen/,
    );
    expect(() =>
      loadConfig({
        APP_MODE: "production",
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://shop@db:5432/shop",
        SESSION_SECRET: "x".repeat(40),
        PUBLIC_ORIGIN: "https://shop.example/",
        DEMO_ADMIN_PASSWORD: "lang-genug-1",
      }),
    ).toThrowError(/DEMO_ADMIN_PASSWORD ist mit APP_MODE=production nicht erlaubt/);
  });

  it("reaches local fake push services only where tests name them, never in production", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).pushEndpoints).toEqual({ testOrigins: [] });
    expect(
      loadConfig({ DATA_DIR: dataDir, PUSH_TEST_ORIGINS: "http://127.0.0.1:4100" }).pushEndpoints,
    ).toEqual({ testOrigins: ["http://127.0.0.1:4100"] });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, PUSH_TEST_ORIGINS: "127.0.0.1:4100" }),
    ).toThrowError(/PUSH_TEST_ORIGINS muss eine mit Kommas getrennte Liste/);
    expect(() =>
      loadConfig({
        APP_MODE: "production",
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://shop@db:5432/shop",
        SESSION_SECRET: "x".repeat(40),
        PUBLIC_ORIGIN: "https://shop.example/",
        PUSH_TEST_ORIGINS: "http://127.0.0.1:4100",
      }),
    ).toThrowError(/PUSH_TEST_ORIGINS ist mit APP_MODE=production nicht erlaubt/);
  });

  it("serves metrics only with METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "" }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "9464" }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics,
    ).toEqual({ port: 9464, host: "0.0.0.0" });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "3000" })).toThrow(
      /METRICS_PORT muss ein anderer Port als PORT sein/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: "neun" })).toThrow(/METRICS_PORT/);
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

describe("loadConfig for payments and mail", () => {
  it("leaves every integration off without keys, with the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.stripe).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.mail).toEqual({ smtpUrl: undefined, from: "Bäckerei <bestellung@localhost>" });
    expect(config.sms).toBeUndefined();
  });

  it("switches SMS on with Twilio's account, token and sender, on the live API by default", () => {
    const sid = `AC${"0123456789abcdef".repeat(2)}`;
    const config = loadConfig({
      DATA_DIR: tempDir(),
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "Sonnenkorn",
    });
    expect(config.sms).toEqual({
      apiBase: "https://api.twilio.com",
      accountSid: sid,
      authToken: "token",
      from: "Sonnenkorn",
    });
    for (const from of ["+4976112345", `MG${"0".repeat(32)}`, "Backstube 1"]) {
      const other = loadConfig({
        DATA_DIR: tempDir(),
        TWILIO_API_BASE: "http://127.0.0.1:4030",
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: from,
      });
      expect(other.sms).toMatchObject({ apiBase: "http://127.0.0.1:4030", from });
    }
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}` }, "TWILIO_AUTH_TOKEN fehlt.*TWILIO_FROM fehlt"],
    [{ TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+4976112345" }, "TWILIO_ACCOUNT_SID fehlt"],
    [{ TWILIO_ACCOUNT_SID: "AC123" }, "TWILIO_ACCOUNT_SID muss aus AC"],
    [{ TWILIO_FROM: "Bäckerei Sonnenkorn" }, "TWILIO_FROM muss"],
    [{ TWILIO_FROM: "12345" }, "TWILIO_FROM muss"],
  ])("rejects the incomplete or malformed SMS settings %o", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrowError(new RegExp(message));
  });

  it("switches Stripe and PayPal on with their keys, on the live APIs by default", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      PAYPAL_CLIENT_ID: "client",
      PAYPAL_CLIENT_SECRET: "secret",
      PAYPAL_WEBHOOK_ID: "WH-1",
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "Sonnenkorn <shop@sonnenkorn.example>",
    });
    expect(config.stripe).toEqual({
      apiBase: "https://api.stripe.com",
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
    });
    expect(config.paypal).toEqual({
      apiBase: "https://api-m.paypal.com",
      clientId: "client",
      clientSecret: "secret",
      webhookId: "WH-1",
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "Sonnenkorn <shop@sonnenkorn.example>",
    });
  });

  it("points the providers at another base URL (the local fakes)", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_API_BASE: "http://127.0.0.1:4010",
      STRIPE_SECRET_KEY: "sk_test_abc",
      PAYPAL_API_BASE: "http://127.0.0.1:4020",
      PAYPAL_CLIENT_ID: "client",
      PAYPAL_CLIENT_SECRET: "secret",
    });
    expect(config.stripe?.apiBase).toBe("http://127.0.0.1:4010");
    expect(config.stripe?.webhookSecret).toBeUndefined();
    expect(config.paypal?.apiBase).toBe("http://127.0.0.1:4020");
  });

  it("treats empty keys as unset", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: "",
      PAYPAL_CLIENT_ID: "",
      PAYPAL_CLIENT_SECRET: "",
      SMTP_URL: "",
    });
    expect(config.stripe).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "pk_live_public" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_WEBHOOK_SECRET: "geheim" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_API_BASE: "kein url" }, "STRIPE_API_BASE"],
    [{ PAYPAL_CLIENT_ID: "client" }, "PAYPAL_CLIENT_SECRET fehlt"],
    [{ PAYPAL_CLIENT_SECRET: "secret" }, "PAYPAL_CLIENT_ID fehlt"],
    [{ SMTP_URL: "mail.example:25" }, "SMTP_URL"],
    [{ MAIL_FROM: "Bäckerei" }, "MAIL_FROM"],
  ])("rejects %o naming %s", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrowError(new RegExp(name));
  });

  it("never repeats a secret in its error message", () => {
    let message = "";
    try {
      loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "pk_live_very_secret" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("STRIPE_SECRET_KEY muss mit sk_ oder rk_ beginnen");
    expect(message).not.toContain("very_secret");
  });

  it("requires the webhook secrets of configured providers in production", () => {
    const production = {
      APP_MODE: "production",
      DATA_DIR: "/nonexistent/never-created",
      DATABASE_URL: "postgres://shop@db:5432/shop",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_ORIGIN: "https://shop.example",
    };
    expect(() =>
      loadConfig({
        ...production,
        STRIPE_SECRET_KEY: "sk_live_abc",
        PAYPAL_CLIENT_ID: "client",
        PAYPAL_CLIENT_SECRET: "secret",
      }),
    ).toThrowError(/STRIPE_WEBHOOK_SECRET fehlt.*PAYPAL_WEBHOOK_ID fehlt/);
    expect(
      loadConfig({
        ...production,
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
      }).stripe?.webhookSecret,
    ).toBe("whsec_abc");
  });

  it("limits uploads and keeps abandoned carts for a week by default, both configurable", () => {
    const MB = 1024 * 1024;
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.uploadQuota).toEqual({
      cartFiles: 20,
      cartBytes: 100 * MB,
      addressFilesPerHour: 50,
      addressBytesPerHour: 200 * MB,
    });
    expect(defaults.abandonedCartMs).toBe(7 * 24 * 3_600_000);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      UPLOAD_CART_MAX_FILES: "5",
      UPLOAD_CART_MAX_MB: "30",
      UPLOAD_ADDRESS_MAX_FILES_PER_HOUR: "8",
      UPLOAD_ADDRESS_MAX_MB_PER_HOUR: "60",
      ABANDONED_CART_DAYS: "2",
    });
    expect(set.uploadQuota).toEqual({
      cartFiles: 5,
      cartBytes: 30 * MB,
      addressFilesPerHour: 8,
      addressBytesPerHour: 60 * MB,
    });
    expect(set.abandonedCartMs).toBe(2 * 24 * 3_600_000);
    expect(() => loadConfig({ DATA_DIR: tempDir(), UPLOAD_CART_MAX_FILES: "0" })).toThrow(
      /UPLOAD_CART_MAX_FILES/,
    );
  });
  it("keeps files in the data folder unless STORAGE=s3 names a complete bucket", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toEqual({ kind: "local" });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE: "s3", S3_BUCKET: "bilder" })).toThrow(
      /S3_ACCESS_KEY_ID fehlt \(Pflicht mit STORAGE=s3\).*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: "A_B" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_PREFIX: "shop" })).toThrow(/S3_PREFIX/);
    const s3 = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "baeckerei",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "shop-1/",
    });
    expect(s3.storage).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      bucket: "baeckerei",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      prefix: "shop-1/",
    });
  });
});
