import { isIP } from "node:net";
import { z } from "zod";
import type { Db, WebhookEventType } from "#app/db/schema";
import { WEBHOOK_EVENT_TYPES } from "#app/domain/webhook-events";
import { deWebhooks as texts } from "#app/i18n/de-webhooks";
import { isPublicAddress } from "#app/integrations/push/push-endpoints.server";
import { refused, refusedWith, succeeded, type Outcome } from "#app/server/outcome";
import { newWebhookSecret } from "./webhook-signature";

/**
 * The webhook endpoints and their delivery log (issue 38 part 3): what the back office's pages and
 * `/api/webhooks` call. The deliveries themselves are written by the database's triggers
 * (decision 093) and sent by `webhook-delivery.server.ts` (decision 094).
 */

export interface EndpointInput {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/** The URL's problem, or null: http(s), no credentials, private addresses only when allowed. */
export function urlProblem(value: string, allowPrivate: boolean): string | null {
  if (value.length > 2000) return texts.errors.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return texts.errors.url;
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname) return texts.errors.url;
  if (url.username || url.password) return texts.errors.urlCredentials;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const named = host === "localhost" || host.endsWith(".localhost");
  if (!allowPrivate && (named || (isIP(host) !== 0 && !isPublicAddress(host)))) {
    return texts.errors.urlPrivate;
  }
  return null;
}

const flag = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])], texts.errors.enabled)
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

/** The fields of a form or a JSON body; `events` one value or a list. */
export function endpointSchema(allowPrivate: boolean) {
  return z.object({
    url: z
      .string(texts.errors.url)
      .trim()
      .superRefine((value, context) => {
        const problem = urlProblem(value, allowPrivate);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    description: z
      .string(texts.errors.descriptionTooLong)
      .trim()
      .max(200, texts.errors.descriptionTooLong)
      .default(""),
    events: z
      .union([z.string(), z.array(z.string())], texts.errors.events)
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .pipe(
        z
          .array(z.enum(WEBHOOK_EVENT_TYPES, texts.errors.unknownEvent))
          .min(1, texts.errors.events)
          .max(WEBHOOK_EVENT_TYPES.length, texts.errors.events),
      )
      .transform((events) => [...new Set(events)]),
    enabled: flag.default(false),
  });
}

export interface EndpointFormFields {
  url: string;
  description: string;
  events: string[];
  enabled: string;
}

/** A form's fields as the schema reads them (checkboxes: absent is off, several `events`). */
export function formFields(form: FormData | URLSearchParams): EndpointFormFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    url: text("url"),
    description: text("description"),
    events: form.getAll("events").filter((value) => typeof value === "string"),
    enabled: text("enabled"),
  };
}

export function parseEndpoint(
  fields: unknown,
  allowPrivate: boolean,
  defaults: Partial<EndpointInput> = {},
): Outcome<EndpointInput> {
  const body = typeof fields === "object" && fields !== null ? fields : {};
  const parsed = endpointSchema(allowPrivate).safeParse({ enabled: true, ...defaults, ...body });
  if (parsed.success) return succeeded(parsed.data);
  return refusedWith(
    400,
    parsed.error.issues.map((issue) => ({
      message: issue.message,
      field: String(issue.path[0] ?? ""),
    })),
  );
}

/** The keys of an endpoint's JSON (decision 104): what it takes, and what its answer shows. */
export const ENDPOINT_KEYS = {
  takes: ["url", "description", "events", "enabled"],
  answers: ["id", "secret", "createdAt", "updatedAt"],
} as const;

const ENDPOINT_COLUMNS = [
  "id",
  "url",
  "description",
  "events",
  "enabled",
  "createdAt",
  "updatedAt",
] as const;

export function listEndpoints(db: Db) {
  return db.selectFrom("webhookEndpoints").select(ENDPOINT_COLUMNS).orderBy("id").execute();
}

export type WebhookEndpoint = Awaited<ReturnType<typeof listEndpoints>>[number];

export function findEndpoint(db: Db, id: number) {
  return db
    .selectFrom("webhookEndpoints")
    .select(ENDPOINT_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A new endpoint with a new secret; the secret is answered this once. */
export async function createEndpoint(db: Db, input: EndpointInput) {
  const secret = newWebhookSecret();
  const row = await db
    .insertInto("webhookEndpoints")
    .values({ ...input, secret })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, secret };
}

export async function updateEndpoint(
  db: Db,
  id: number,
  input: EndpointInput,
): Promise<Outcome<WebhookEndpoint>> {
  const row = await db
    .updateTable("webhookEndpoints")
    .set({ ...input, updatedAt: new Date() })
    .where("id", "=", id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
  return row ? succeeded(row) : refused(404, texts.errors.notFound);
}

/** Deletes the endpoint and, with it, its delivery log and what was still waiting for it. */
export async function deleteEndpoint(db: Db, id: number): Promise<Outcome> {
  const result = await db.deleteFrom("webhookEndpoints").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n ? succeeded(undefined) : refused(404, texts.errors.notFound);
}

/** A new secret; the old one signs nothing from now on. */
export async function regenerateSecret(db: Db, id: number): Promise<Outcome<string>> {
  const secret = newWebhookSecret();
  const row = await db
    .updateTable("webhookEndpoints")
    .set({ secret, updatedAt: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return row ? succeeded(secret) : refused(404, texts.errors.notFound);
}

export const DELIVERY_PAGE_SIZE = 100;

/** The endpoint's delivery log, newest first. */
export function listDeliveries(db: Db, endpointId: number, limit = DELIVERY_PAGE_SIZE) {
  return db
    .selectFrom("webhookDeliveries")
    .select([
      "id",
      "eventId",
      "eventType",
      "subject",
      "status",
      "attempts",
      "createdAt",
      "lastAttemptAt",
      "nextAttemptAt",
      "lastStatusCode",
      "lastResponse",
      "lastError",
      "deliveredAt",
    ])
    .where("endpointId", "=", endpointId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type WebhookDelivery = Awaited<ReturnType<typeof listDeliveries>>[number];

/**
 * Sends a delivery again, with the same event id (receivers deduplicate by it): pending and due
 * now, with three more days of retries. Answers the endpoint's id.
 */
export async function resendDelivery(
  db: Db,
  deliveryId: number,
  now: Date,
  endpointId?: number,
): Promise<Outcome<number>> {
  let query = db
    .updateTable("webhookDeliveries")
    .set({
      status: "pending",
      deliveredAt: null,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + 3 * 24 * 3_600_000),
    })
    .where("id", "=", deliveryId);
  if (endpointId !== undefined) query = query.where("endpointId", "=", endpointId);
  const row = await query.returning("endpointId").executeTakeFirst();
  return row ? succeeded(row.endpointId) : refused(404, texts.errors.deliveryNotFound);
}

/** The API's view of an endpoint (never the secret, except right after it was made). */
export function endpointJson(row: WebhookEndpoint) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function deliveryJson(row: WebhookDelivery) {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.eventType,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastResponse: row.lastResponse,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
