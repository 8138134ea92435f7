import { randomBytes } from "node:crypto";
import { accessSync, constants, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { makeFolder } from "../server/folders.server";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    APP_MODE: z.enum(["demo", "production"]).default("demo"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "muss mit postgres:// oder postgresql:// beginnen")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default("data"),
    SESSION_SECRET: z.string().min(32, "muss mindestens 32 Zeichen lang sein").optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    SEED_DEMO_DATA: flag.default(true),
    TRUST_PROXY: flag.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.APP_MODE !== "production") return;
    for (const key of ["SESSION_SECRET", "PUBLIC_ORIGIN", "DATABASE_URL"] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "fehlt (Pflicht mit APP_MODE=production)",
        });
      }
    }
  });

export interface AppConfig {
  mode: "demo" | "production";
  isDevelopment: boolean;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  sessionSecret: string;
  publicOrigin: string;
  seedDemoData: boolean;
  trustProxy: boolean;
}

/** A configuration problem that must stop the server with one clear line. */
export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Ungültige Konfiguration: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const needsDataDir = !env.DATABASE_URL || !env.SESSION_SECRET;
  if (needsDataDir) ensureWritableFolder(dataDir);
  return {
    mode: env.APP_MODE,
    isDevelopment: env.NODE_ENV === "development",
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? demoSecret(dataDir),
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    seedDemoData: env.SEED_DEMO_DATA,
    trustProxy: env.TRUST_PROXY,
  };
}

function ensureWritableFolder(folder: string): void {
  try {
    makeFolder(folder);
    accessSync(folder, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unbekannt";
    throw new ConfigError(`DATA_DIR ${folder} ist nicht beschreibbar (${code}).`);
  }
}

/** The demo keeps one generated secret per data folder, so sessions survive a restart. */
function demoSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
