import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import type { PaymentProviders } from "./integrations/payments/providers.server";
import type { LiveOrders } from "./server/notify-hub.server";
import type { UploadQuota } from "./features/cart/upload-quota.server";
import type { StorageConfig } from "./config/env.server";
import type { PushEndpointPolicy } from "./integrations/push/push-endpoints.server";
import type { AnalyticsRecorder } from "./features/analytics/recorder.server";

export interface PublicAppConfig {
  publicOrigin: string;
  mode: "demo" | "production";
  /** Where local files live (uploads under `${dataDir}/uploads`). */
  dataDir: string;
  /** Files per cart and per client address and hour (decision 027); the defaults without it. */
  uploadQuota?: UploadQuota;
  /** Where files live (decision 037); absent means the data folder. */
  storage?: StorageConfig;
  /** The contact map's tile URL template (decision 048); absent or null: no tiles. */
  mapTileUrl?: string | null;
  /** The social-media pixel's script (decision 054); absent: Meta's. */
  pixelScriptUrl?: string;
  /** The largest video of a signage segment, in bytes (decision 060); absent: 200 MB. */
  signageVideoMaxBytes?: number;
  /** New carts per client address, minute and process (issue 35); absent or null: no bound. */
  newCartsPerAddressMinute?: number | null;
  /** Calls per personal API token, minute and process (decision 095); absent: 600, 0: no bound. */
  apiTokenRequestsPerMinute?: number;
  /** Which push endpoints a notifier may subscribe (decision 069); absent: the push services. */
  pushEndpoints?: PushEndpointPolicy;
  /** Webhooks to private, loopback and link-local addresses (decision 094); absent: refused. */
  webhookPrivateAddresses?: boolean;
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
    /** The online payment providers that have keys (none in the plain demo). */
    payments: PaymentProviders;
    /**
     * The instance's one LISTEN connection for live order updates (order board event streams).
     * Absent in contexts built for tests; `liveOrderEventStream` then answers 503.
     */
    live?: LiveOrders;
    /**
     * The client's address as Express sees it (`X-Forwarded-For` only with TRUST_PROXY): the
     * sign-in lockout counts by it and the audit log records it. Absent outside a server.
     */
    clientAddress?: string;
    /**
     * Present while a document (not a `.data` request) is rendered: a loader puts the visitor's
     * own data here instead of into its loader data, which stays the same for every visitor, and
     * the page carries it in a JSON script (decision 049, app/components/visitor-slot.tsx).
     */
    documentParts?: { visitor?: unknown };
    /**
     * This process's analytics recorder (decision 054): page views and consented events wait in
     * it for their batch. Absent in contexts built for tests: one per database is made then.
     */
    analytics?: AnalyticsRecorder;
    /** This process's webhook worker (decision 094), woken after a re-send; absent in tests. */
    webhooks?: { wake(): void };
  }
}
