import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface PublicAppConfig {
  publicOrigin: string;
  mode: "demo" | "production";
  /** Where local files live (uploads under `${dataDir}/uploads`). */
  dataDir: string;
}

export interface AppSecrets {
  /** Signs session and cart cookies. Never sent to the browser. */
  session: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    db: Kysely<Database>;
    config: PublicAppConfig;
    secrets: AppSecrets;
    cspNonce: string;
  }
}
