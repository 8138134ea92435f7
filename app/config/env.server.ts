import { randomBytes } from "node:crypto";
import { accessSync, constants, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { makeFolder } from "#app/server/folders.server";
import type { UploadQuota } from "#app/features/cart/upload-quota.server";
import { DEFAULT_PIXEL_SCRIPT_URL } from "#app/features/analytics/pixel";
import {
  parseTestOrigins,
  type PushEndpointPolicy,
} from "#app/integrations/push/push-endpoints.server";

const MB = 1024 * 1024;

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

/** Unset and empty mean the same: an integration without its keys is simply switched off. */
const optional = (value: z.ZodString | z.ZodURL) =>
  value.optional().or(z.literal("").transform(() => undefined));

/**
 * Who an SMS is from: a number in E.164, a Twilio Messaging Service (MG + 32 hex digits), or an
 * alphanumeric sender ID (up to 11 letters, digits and spaces, with at least one letter).
 */
const SMS_SENDER = /^(\+\d{6,15}|MG[0-9a-fA-F]{32}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11})$/;

/** OpenStreetMap's standard tiles, as its tile usage policy allows a browser to load them. */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

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
    /** Server processes sharing the port (node:cluster); more than one needs PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Each server process's V8 old space in MB, when WEB_CONCURRENCY > 1 (decision 051). */
    SERVER_PROCESS_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(128),
    DATA_DIR: z.string().min(1).default("data"),
    SESSION_SECRET: z.string().min(32, "muss mindestens 32 Zeichen lang sein").optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    SEED_DEMO_DATA: flag.default(true),
    /** The seeded administrator's password instead of a generated one (demo and tests only). */
    /** log2 of scrypt's N for new staff password hashes (decision 011); only tests lower it. */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
    DEMO_ADMIN_PASSWORD: optional(z.string().min(10, "muss mindestens 10 Zeichen lang sein")),
    TRUST_PROXY: flag.default(false),
    /** The log (decision 108): how much, and JSON lines or a readable line (development). */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    /** Prometheus figures on a port of their own (decision 109); unset: no endpoint. */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    // Webhook receivers in the own network (private, loopback, link-local addresses): refused
    // unless the operator allows them (decision 094).
    WEBHOOK_PRIVATE_ADDRESSES: flag.default(false),
    UPLOAD_CART_MAX_FILES: z.coerce.number().int().min(1).max(10_000).default(20),
    UPLOAD_CART_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(100),
    /** The largest video of a signage segment (decision 060); the body guard allows 200 MB. */
    SIGNAGE_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(200).default(200),
    UPLOAD_ADDRESS_MAX_FILES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(50),
    UPLOAD_ADDRESS_MAX_MB_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
    ABANDONED_CART_DAYS: z.coerce.number().min(0.01).max(3650).default(7),
    // New carts per client address and minute and process (issue 35); 0: no bound (load tests).
    NEW_CARTS_PER_ADDRESS_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
    /** Calls per personal API token, minute and process (decision 095); 0: no bound. */
    API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
    /** Printers on 127.0.0.1 may be configured (the tests' fake printers only, decision 056). */
    PRINTER_ALLOW_LOOPBACK: flag.default(false),
    STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, "muss mit sk_ oder rk_ beginnen")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "muss mit whsec_ beginnen")),
    PAYPAL_API_BASE: z.url().default("https://api-m.paypal.com"),
    PAYPAL_CLIENT_ID: optional(z.string()),
    PAYPAL_CLIENT_SECRET: optional(z.string()),
    PAYPAL_WEBHOOK_ID: optional(z.string()),
    SMTP_URL: optional(
      z.string().regex(/^smtps?:\/\/[^/]/, "muss mit smtp:// oder smtps:// beginnen"),
    ),
    /**
     * The contact map's tiles (issue 17, decision 048): a URL template with {z}, {x} and {y}
     * ({s} for subdomains allowed), loaded by the visitor's browser after consent; empty shows
     * the marker without tiles. OpenStreetMap's standard tiles by default.
     */
    MAP_TILE_URL: z
      .string()
      .default(DEFAULT_MAP_TILE_URL)
      .refine(
        (value) =>
          value === "" ||
          (/^https?:\/\/[^/]+\//.test(value) &&
            ["{z}", "{x}", "{y}"].every((part) => value.includes(part))),
        "muss leer sein oder eine http(s)-Adresse mit {z}, {x} und {y}",
      ),
    /**
     * The social-media pixel's script (issue 19, decision 054), loaded by a consenting visitor's
     * browser when the settings name a pixel id; Meta's by default, a local fake in tests.
     */
    PIXEL_SCRIPT_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, "muss eine http(s)-Adresse sein")
      .default(DEFAULT_PIXEL_SCRIPT_URL),
    MAIL_FROM: z
      .string()
      .regex(/@/, "muss eine E-Mail-Adresse enthalten")
      .default("Bäckerei <bestellung@localhost>"),
    TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
    TWILIO_ACCOUNT_SID: optional(
      z.string().regex(/^AC[0-9a-fA-F]{32}$/, "muss aus AC und 32 Hexadezimalziffern bestehen"),
    ),
    TWILIO_AUTH_TOKEN: optional(z.string()),
    TWILIO_FROM: optional(
      z
        .string()
        .regex(
          SMS_SENDER,
          "muss eine Nummer wie +4976112345, eine Messaging-Service-SID (MG…) oder ein Absendername mit höchstens 11 Buchstaben und Ziffern sein",
        ),
    ),
    // Web Push for order notifiers (decision 057): the VAPID key pair (base64url, P-256; both or
    // neither) and the contact the push services see. Without keys a demo makes its own.
    VAPID_PUBLIC_KEY: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{86,88}$/, "muss ein öffentlicher P-256-Schlüssel (base64url) sein"),
    ),
    VAPID_PRIVATE_KEY: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{42,44}$/, "muss ein privater P-256-Schlüssel (base64url) sein"),
    ),
    VAPID_SUBJECT: optional(
      z
        .string()
        .regex(
          /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
          "muss mit mailto: oder https:// beginnen",
        ),
    ),
    // Test-only (decision 069): origins of local fake push services reached as they are, beside
    // the browsers' push services; refused with APP_MODE=production.
    PUSH_TEST_ORIGINS: z
      .string()
      .default("")
      .refine((value) => parseTestOrigins(value) !== null, {
        message: "muss eine mit Kommas getrennte Liste von http(s)-Ursprüngen sein",
      }),
    // Where images and uploads live (decision 037): the data folder, or an S3-compatible bucket
    // that several app instances share.
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_REGION: z.string().min(1).default("eu-central-1"),
    S3_BUCKET: optional(
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "ist kein gültiger Bucket-Name"),
    ),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    /** Path-style addresses (http://host/bucket/key), as MinIO and most local stores need. */
    S3_FORCE_PATH_STYLE: flag.default(true),
    /** A folder inside the bucket, so several shops can share one. */
    S3_PREFIX: z
      .string()
      .regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, "muss leer sein oder auf / enden (z. B. shop-1/)")
      .default(""),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === "s3") {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: "custom", path: [key], message: "fehlt (Pflicht mit STORAGE=s3)" });
        }
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "muss ein anderer Port als PORT sein (die Kennzahlen nie auf dem Port des Shops)",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "über 1 braucht DATABASE_URL (die eingebettete Datenbank gehört einem Prozess)",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && env.NODE_ENV === "development") {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "muss mit NODE_ENV=development 1 sein",
      });
    }
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
      const missing = env.PAYPAL_CLIENT_ID ? "PAYPAL_CLIENT_SECRET" : "PAYPAL_CLIENT_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "fehlt (PayPal braucht beide)" });
    }
    const twilio = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
    if (twilio.some((key) => env[key])) {
      for (const key of twilio) {
        if (!env[key]) {
          ctx.addIssue({ code: "custom", path: [key], message: "fehlt (SMS braucht alle drei)" });
        }
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: "fehlt (Web Push braucht beide)" });
    }
    if (env.APP_MODE !== "production") return;
    if (env.PUSH_TEST_ORIGINS.trim()) {
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_TEST_ORIGINS"],
        message: "ist mit APP_MODE=production nicht erlaubt",
      });
    }
    if (env.DEMO_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_ADMIN_PASSWORD"],
        message: "ist mit APP_MODE=production nicht erlaubt",
      });
    }
    // Webhooks settle payments whose customers never come back: production needs them verified.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "fehlt (Pflicht mit STRIPE_SECRET_KEY und APP_MODE=production)",
      });
    }
    if (env.PAYPAL_CLIENT_ID && !env.PAYPAL_WEBHOOK_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYPAL_WEBHOOK_ID"],
        message: "fehlt (Pflicht mit PAYPAL_CLIENT_ID und APP_MODE=production)",
      });
    }
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
  /** Server processes (node:cluster workers); 1 runs the server in this process. */
  processes: number;
  /** The old space of each of those processes, in MB. */
  processHeapMb: number;
  dataDir: string;
  sessionSecret: string;
  publicOrigin: string;
  seedDemoData: boolean;
  /** Only in demo mode: the seeded administrator's fixed password. */
  demoAdminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "silent";
  logFormat: "json" | "pretty";
  /** The Prometheus endpoint's address (decision 109); null: no endpoint. */
  metrics: { port: number; host: string } | null;
  /** Files per cart and per client address and hour (decision 027). */
  uploadQuota: UploadQuota;
  /** The largest video of a signage segment, in bytes (absent: 200 MB; decision 060). */
  signageVideoMaxBytes?: number;
  /** Carts and uploads no order names are removed after this long without a change. */
  abandonedCartMs: number;
  /** New carts per client address, minute and process; null: no bound (issue 35). */
  newCartsPerAddressMinute: number | null;
  /** Calls per personal API token, minute and process; 0: no bound (decision 095). */
  apiTokenRequestsPerMinute: number;
  /** Stripe Checkout; absent without STRIPE_SECRET_KEY. */
  stripe: { apiBase: string; secretKey: string; webhookSecret: string | undefined } | undefined;
  /** PayPal Orders v2; absent without PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET. */
  paypal:
    | { apiBase: string; clientId: string; clientSecret: string; webhookId: string | undefined }
    | undefined;
  /** Outgoing mail: without smtpUrl messages wait in the outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Text messages through Twilio's Messages API; absent without TWILIO_*: they wait in the outbox. */
  sms: { apiBase: string; accountSid: string; authToken: string; from: string } | undefined;
  /** Images and uploads: the data folder, or an S3-compatible bucket (decision 037). */
  storage: StorageConfig;
  /** The contact map's tile URL template; null: the marker without tiles (decision 048). */
  mapTileUrl: string | null;
  /** The social-media pixel's script (decision 054). */
  pixelScriptUrl: string;
  /**
   * Web Push's VAPID keys from VAPID_* (decision 057); without them a demo makes its own on first
   * use (`vapidKeys`), production sends no pushes (the notifier's live page still rings).
   */
  webPush?: WebPushConfig;
  /** The contact push services see (VAPID_SUBJECT, else the https origin or a demo mailbox). */
  vapidSubject?: string;
  /** Which push endpoints may be reached (decision 069); test origins only outside production. */
  pushEndpoints: PushEndpointPolicy;
  /** Whether webhooks may go to private, loopback and link-local addresses (decision 094). */
  webhookPrivateAddresses: boolean;
}

export interface WebPushConfig {
  /** base64url, the uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
  subject: string;
}

export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      /** Unset: AWS itself. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      prefix: string;
    };

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
    processes: env.WEB_CONCURRENCY,
    processHeapMb: env.SERVER_PROCESS_HEAP_MB,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? demoSecret(dataDir),
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    seedDemoData: env.SEED_DEMO_DATA,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json"),
    metrics:
      env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    signageVideoMaxBytes: env.SIGNAGE_VIDEO_MAX_MB * MB,
    uploadQuota: {
      cartFiles: env.UPLOAD_CART_MAX_FILES,
      cartBytes: env.UPLOAD_CART_MAX_MB * MB,
      addressFilesPerHour: env.UPLOAD_ADDRESS_MAX_FILES_PER_HOUR,
      addressBytesPerHour: env.UPLOAD_ADDRESS_MAX_MB_PER_HOUR * MB,
    },
    abandonedCartMs: Math.round(env.ABANDONED_CART_DAYS * 24 * 3_600_000),
    newCartsPerAddressMinute: env.NEW_CARTS_PER_ADDRESS_MINUTE || null,
    apiTokenRequestsPerMinute: env.API_TOKEN_REQUESTS_PER_MINUTE,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          apiBase: env.STRIPE_API_BASE,
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            apiBase: env.PAYPAL_API_BASE,
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            webhookId: env.PAYPAL_WEBHOOK_ID,
          }
        : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    mapTileUrl: env.MAP_TILE_URL || null,
    pixelScriptUrl: env.PIXEL_SCRIPT_URL,
    webPush:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT ?? vapidSubject(env.PUBLIC_ORIGIN),
          }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT ?? vapidSubject(env.PUBLIC_ORIGIN),
    pushEndpoints: { testOrigins: parseTestOrigins(env.PUSH_TEST_ORIGINS) ?? [] },
    webhookPrivateAddresses: env.WEBHOOK_PRIVATE_ADDRESSES,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            apiBase: env.TWILIO_API_BASE,
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
          }
        : undefined,
    storage:
      env.STORAGE === "s3"
        ? {
            kind: "s3",
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX,
          }
        : { kind: "local" },
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
/** Push services want a contact: the shop's https address, else a mailbox that says "demo". */
function vapidSubject(origin: string | undefined): string {
  return origin?.startsWith("https://")
    ? origin.replace(/\/$/, "")
    : "mailto:demo@backstube.example";
}

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
