import { sql, type Kysely } from "kysely";
import type { Database, Db } from "#app/db/schema";
import type { ChosenPart } from "#app/domain/chosen-parts";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { startPeriodicJob, type PeriodicJob } from "#app/server/periodic-job.server";
import { checkPhone, DEFAULT_PHONE_COUNTRY, phoneCountryOf } from "#app/domain/phone";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { dePrivacy } from "#app/i18n/de-privacy";
import type { CountryCode } from "libphonenumber-js/min";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import { refused, succeeded, type Outcome } from "#app/server/outcome";

/**
 * Personal data that expires (issue 41 part 7, decision 112). An order keeps its own copy of the
 * customer's contact data; anonymising it removes name, e-mail, phone, address, the notes and
 * the uploaded photos (rows and files), the notes' copy in its cart and the printed tickets'
 * bytes. What bookkeeping must keep stays: items, prices, taxes, totals, payment and the
 * order's number. `anonymised_at` says when; an anonymised order is never touched again.
 */

const DAY_MS = 24 * 3_600_000;
const DEFAULT_BATCH_SIZE = 100;
/** A round stops after this many full batches and goes on at the next turn. */
const MAX_BATCHES_PER_ROUND = 50;
/** One instance at a time works through the expired orders (as the rollups do). */
const RETENTION_LOCK = sql`hashtext('backstube:customer-data-retention')`;

/** The contact columns an anonymised order keeps empty; `name` is required, so it becomes ''. */
const CLEARED = {
  name: "",
  firstName: null,
  lastName: null,
  company: null,
  street: null,
  city: null,
  floor: null,
  stairway: null,
  door: null,
  phone: null,
  email: null,
  comment: null,
  questionnaireComment: null,
} as const;

export interface AnonymiseResult {
  orders: number;
  uploads: number;
}

/**
 * Anonymises these orders (those not anonymised yet) inside `trx`: the uploads' rows go first,
 * then their files; a file that cannot be removed throws, so the caller's transaction rolls back
 * and nothing is half done (removing a missing file is no error).
 */
export async function anonymiseOrdersIn(
  trx: Db,
  storage: FileStorage,
  orderIds: readonly number[],
  now: Date,
): Promise<AnonymiseResult> {
  if (orderIds.length === 0) return { orders: 0, uploads: 0 };
  const orders = await trx
    .selectFrom("orders")
    .select(["id", "cartId"])
    .where("id", "in", [...orderIds])
    .where("anonymisedAt", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute();
  if (orders.length === 0) return { orders: 0, uploads: 0 };
  const ids = orders.map((order) => order.id);
  const uploads = await trx
    .selectFrom("orderItemUploads")
    .innerJoin("orderItems", "orderItems.id", "orderItemUploads.orderItemId")
    .innerJoin("uploads", "uploads.id", "orderItemUploads.uploadId")
    .select(["uploads.id", "uploads.storageKey"])
    .distinct()
    .where("orderItems.orderId", "in", ids)
    .execute();
  if (uploads.length > 0) {
    const uploadIds = uploads.map((upload) => upload.id);
    await trx.deleteFrom("orderItemUploads").where("uploadId", "in", uploadIds).execute();
    await trx.deleteFrom("uploads").where("id", "in", uploadIds).execute();
  }
  await trx
    .updateTable("orders")
    .set({ ...CLEARED, anonymisedAt: now })
    .where("id", "in", ids)
    .execute();
  const cartIds = orders.flatMap((order) => (order.cartId ? [order.cartId] : []));
  if (cartIds.length > 0) {
    await trx.updateTable("carts").set({ comment: null }).where("id", "in", cartIds).execute();
  }
  await forgetItemTexts(trx, ids, cartIds);
  // A ticket's bytes name the customer; a job not yet printed keeps them (it is on its way).
  await trx
    .updateTable("printJobs")
    .set({ content: null })
    .where("orderId", "in", ids)
    .where("status", "in", ["printed", "stale", "failed"])
    .execute();
  for (const upload of uploads) await storage.remove(upload.storageKey);
  return { orders: ids.length, uploads: uploads.length };
}

/**
 * A configured item without what the customer typed or uploaded (a name on a cake, a photo): the
 * part stays with its name and chosen options, which the item's price depends on.
 */
export function withoutCustomerTexts(parts: readonly ChosenPart[]): ChosenPart[] {
  return parts.map((part) => {
    const { value, uploadIds, ...kept } = part;
    if ((value === undefined || value === null) && uploadIds === undefined) return part;
    return kept;
  });
}

const holdsCustomerText = (parts: readonly ChosenPart[]) =>
  parts.some((part) => (part.value ?? "") !== "" || (part.uploadIds ?? []).length > 0);

/** The free texts and upload references in the items of these orders and of their carts. */
async function forgetItemTexts(trx: Db, orderIds: number[], cartIds: string[]): Promise<void> {
  const orderItems = await trx
    .selectFrom("orderItems")
    .select(["id", "parts"])
    .where("orderId", "in", orderIds)
    .execute();
  for (const item of orderItems.filter((row) => holdsCustomerText(row.parts))) {
    await trx
      .updateTable("orderItems")
      .set({ parts: JSON.stringify(withoutCustomerTexts(item.parts)) })
      .where("id", "=", item.id)
      .execute();
  }
  if (cartIds.length === 0) return;
  const cartItems = await trx
    .selectFrom("cartItems")
    .select(["id", "parts"])
    .where("cartId", "in", cartIds)
    .execute();
  for (const item of cartItems.filter((row) => holdsCustomerText(row.parts))) {
    await trx
      .updateTable("cartItems")
      .set({ parts: JSON.stringify(withoutCustomerTexts(item.parts)) })
      .where("id", "=", item.id)
      .execute();
  }
}

/**
 * Sent and given-up e-mails and text messages hold the customer's address or number and what
 * was said; once older than the retention (by when they were sent, else written) they go. A
 * message still waiting is on its way and stays.
 */
export async function forgetSentMessagesBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db
    .deleteFrom("outbox")
    .where("status", "in", ["sent", "failed"])
    .where(sql<boolean>`coalesce(sent_at, created_at) < ${cutoff}`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The first instant whose closed orders still keep their data, or null to keep all. */
export async function retentionCutoff(db: Db, now: Date): Promise<Date | null> {
  const settings = await db
    .selectFrom("settings")
    .select("customerDataRetentionDays")
    .executeTakeFirst();
  const days = settings?.customerDataRetentionDays ?? null;
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/**
 * One batch of the retention: orders completed, canceled or rejected before the cut-off and not
 * anonymised yet, oldest first. Returns null when another instance holds the work.
 */
async function anonymiseExpiredBatch(
  db: Kysely<Database>,
  storage: FileStorage,
  cutoff: Date,
  now: Date,
  batchSize: number,
): Promise<AnonymiseResult | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    const due = await trx
      .selectFrom("orders")
      .select("id")
      .where("anonymisedAt", "is", null)
      .where("closedAt", "<", cutoff)
      .orderBy("closedAt")
      .orderBy("id")
      .limit(batchSize)
      .execute();
    return anonymiseOrdersIn(
      trx,
      storage,
      due.map((order) => order.id),
      now,
    );
  });
}

/** Every order past the retention setting, batch by batch; nothing when the setting is empty. */
export async function anonymiseExpiredOrders(
  db: Kysely<Database>,
  storage: FileStorage,
  { now, batchSize = DEFAULT_BATCH_SIZE }: { now: Date; batchSize?: number },
): Promise<AnonymiseResult> {
  const result: AnonymiseResult = { orders: 0, uploads: 0 };
  const cutoff = await retentionCutoff(db, now);
  if (!cutoff) return result;
  await forgetSentMessagesBefore(db, cutoff);
  for (let batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
    const done = await anonymiseExpiredBatch(db, storage, cutoff, now, batchSize);
    if (!done) break;
    result.orders += done.orders;
    result.uploads += done.uploads;
    if (done.orders < batchSize) break;
  }
  return result;
}

export type CustomerDataWorker = Pick<PeriodicJob, "stop" | "runNow">;

/** Runs the retention a few minutes after the start and then hourly, in every instance. */
export function startCustomerDataRetention(
  db: Kysely<Database>,
  storage: FileStorage,
  log: (line: string) => void,
  options: {
    intervalMs?: number;
    now?: () => Date;
    messages: { anonymised: (orders: number) => string; failed: (problem: string) => string };
  },
): CustomerDataWorker {
  const interval = options.intervalMs ?? 60 * 60_000;
  const clock = options.now ?? (() => new Date());
  return startPeriodicJob({
    intervalMs: interval,
    firstAfterMs: Math.min(2 * 60_000, interval),
    log,
    failed: options.messages.failed,
    round: async () => {
      const result = await anonymiseExpiredOrders(db, storage, { now: clock() });
      if (result.orders > 0) log(options.messages.anonymised(result.orders));
    },
  });
}

// ——— The back office: one customer's orders found, exported (Art. 15) and erased (Art. 17). ———

/** What the administrator searched for: an e-mail address or a phone number's digits. */
export type CustomerQuery = { kind: "email"; value: string } | { kind: "phone"; digits: string };

/** The search field's value read: an e-mail address, or a phone number with at least 6 digits. */
export function parseCustomerQuery(
  raw: unknown,
  message: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): Outcome<CustomerQuery> {
  const text = typeof raw === "string" ? raw.trim() : "";
  // eslint-disable-next-line no-control-regex -- control characters and U+FFFD (broken encoding) are refused
  if (text.length === 0 || text.length > 254 || /[\u0000-\u001f\u007f\ufffd]/.test(text)) {
    return refused(400, message, "q");
  }
  if (text.includes("@")) {
    return /^[^\s@]+@[^\s@]+$/.test(text)
      ? succeeded({ kind: "email", value: text.toLowerCase() })
      : refused(400, message, "q");
  }
  if (!/^[+\d\s()/.-]+$/.test(text)) return refused(400, message, "q");
  // The checkout stores numbers in international form: `0170 …` is searched as `+49 170 …`.
  const checked = checkPhone(text, country);
  const digits = (checked.isValid ? checked.phone : text).replace(/\D/g, "");
  return digits.length >= 6 && digits.length <= 20
    ? succeeded({ kind: "phone", digits })
    : refused(400, message, "q");
}

/** The search field's value read as `parseCustomerQuery` does, in the shop's own country. */
export async function readCustomerQuery(db: Db, raw: unknown): Promise<Outcome<CustomerQuery>> {
  const zone = (await referenceSettings(db)).businessTimeZone;
  return parseCustomerQuery(raw, dePrivacy.errors.query, phoneCountryOf(zone));
}

/** The orders (not anonymised) whose e-mail or phone is the query's, newest first. */
function matchingOrders(db: Db, query: CustomerQuery) {
  const base = db.selectFrom("orders").where("anonymisedAt", "is", null);
  return query.kind === "email"
    ? base.where(sql<boolean>`lower(orders.email) = ${query.value}`)
    : base.where(sql<boolean>`regexp_replace(orders.phone, '\\D', '', 'g') = ${query.digits}`);
}

/** The outbox's e-mails or text messages to the customer of the query. */
function messagesTo(db: Db, query: CustomerQuery) {
  return query.kind === "email"
    ? db
        .selectFrom("outbox")
        .where("kind", "=", "email")
        .where(sql<boolean>`lower(payload->>'to') = ${query.value}`)
    : db
        .selectFrom("outbox")
        .where("kind", "=", "sms")
        .where(sql<boolean>`regexp_replace(payload->>'to', '\\D', '', 'g') = ${query.digits}`);
}

export interface CustomerOrderRow {
  id: number;
  createdAt: Date;
  branchName: string;
  ticketNumber: number;
  name: string;
  totalGross: number;
  isCompleted: boolean;
  isCanceled: boolean;
  isRejected: boolean;
}

export async function findCustomerOrders(
  db: Db,
  query: CustomerQuery,
): Promise<CustomerOrderRow[]> {
  return matchingOrders(db, query)
    .innerJoin("branches", "branches.id", "orders.branchId")
    .select([
      "orders.id",
      "orders.createdAt",
      "branches.name as branchName",
      "orders.ticketNumber",
      "orders.name",
      "orders.totalGross",
      "orders.isCompleted",
      "orders.isCanceled",
      "orders.isRejected",
    ])
    .orderBy("orders.createdAt", "desc")
    .orderBy("orders.id", "desc")
    .limit(1000)
    .execute();
}

/**
 * Everything stored about the customer (Art. 15): each order with its contact data, state,
 * items, the names of the uploaded files and its history from the audit log.
 */
export async function customerDataExport(db: Db, query: CustomerQuery, now: Date) {
  const orders = await matchingOrders(db, query)
    .innerJoin("branches", "branches.id", "orders.branchId")
    .selectAll("orders")
    .select("branches.name as branchName")
    .orderBy("orders.createdAt")
    .orderBy("orders.id")
    .execute();
  const ids = orders.map((order) => order.id);
  const items = ids.length
    ? await db
        .selectFrom("orderItems")
        .select(["id", "orderId", "position", "name", "amount", "unit", "unitPrice", "gross"])
        .select(["taxRate", "parts"])
        .where("orderId", "in", ids)
        .orderBy("orderId")
        .orderBy("position")
        .execute()
    : [];
  const uploads = ids.length
    ? await db
        .selectFrom("orderItemUploads")
        .innerJoin("uploads", "uploads.id", "orderItemUploads.uploadId")
        .select(["orderItemUploads.orderItemId", "uploads.originalName", "uploads.createdAt"])
        .where(
          "orderItemUploads.orderItemId",
          "in",
          items.map((item) => item.id),
        )
        .execute()
    : [];
  const history = ids.length
    ? await db
        .selectFrom("auditLog")
        .select(["entityId", "at", "action"])
        .where("entityType", "=", "order")
        .where(
          "entityId",
          "in",
          ids.map((id) => String(id)),
        )
        .orderBy("at")
        .orderBy("id")
        .execute()
    : [];
  const messages = await messagesTo(db, query)
    .select(["kind", "payload", "status", "createdAt", "sentAt"])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return {
    exportedAt: now.toISOString(),
    query: query.kind === "email" ? { email: query.value } : { phoneDigits: query.digits },
    messages: messages.map((message) => ({
      kind: message.kind,
      to: message.payload.to,
      subject: "subject" in message.payload ? message.payload.subject : null,
      text: message.payload.text,
      status: message.status,
      writtenAt: message.createdAt,
      sentAt: message.sentAt,
    })),
    orders: orders.map((order) => ({
      id: order.id,
      uid: order.uid,
      branch: order.branchName,
      ticketNumber: order.ticketNumber,
      createdAt: order.createdAt,
      contact: {
        name: order.name,
        firstName: order.firstName,
        lastName: order.lastName,
        company: order.company,
        email: order.email,
        phone: order.phone,
        street: order.street,
        city: order.city,
        deliveryArea: order.deliveryAreaName,
        floor: order.floor,
        stairway: order.stairway,
        door: order.door,
      },
      comment: order.comment,
      appointment: order.appointment,
      delivery: order.isDelivery,
      dineIn: order.isDineIn,
      paymentMethod: order.paymentMethod,
      paid: order.isPaid,
      state: {
        confirmed: order.isConfirmed,
        completed: order.isCompleted,
        canceled: order.isCanceled,
        rejected: order.isRejected,
        closedAt: order.closedAt,
      },
      totals: { net: order.totalNet, tax: order.totalTax, gross: order.totalGross },
      rating: {
        overall: order.rating,
        food: order.foodRating,
        service: order.serviceRating,
        process: order.processRating,
        comment: order.questionnaireComment,
      },
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          name: item.name,
          amount: item.amount,
          unit: item.unit,
          unitPrice: item.unitPrice,
          gross: item.gross,
          taxRate: item.taxRate,
          parts: item.parts,
          uploads: uploads
            .filter((upload) => upload.orderItemId === item.id)
            .map((upload) => ({ name: upload.originalName, uploadedAt: upload.createdAt })),
        })),
      history: history
        .filter((entry) => entry.entityId === String(order.id))
        .map((entry) => ({ at: entry.at, action: entry.action })),
    })),
  };
}

/**
 * The erasure (Art. 17): every order of the customer anonymised now, in one transaction with
 * its audit entry, which names the orders but none of the customer's data.
 */
export async function eraseCustomerData(
  db: Kysely<Database>,
  storage: FileStorage,
  query: CustomerQuery,
  audit: { userId: number; ip: string | null },
  now: Date,
): Promise<AnonymiseResult & { orderIds: number[]; messages: number }> {
  return db.transaction().execute(async (trx) => {
    const found = await matchingOrders(trx, query).select("orders.id").execute();
    const orderIds = found.map((order) => order.id);
    const result = await anonymiseOrdersIn(trx, storage, orderIds, now);
    // The messages sent to the customer go too; one still waiting leaves first.
    const messages = await messagesTo(trx, query)
      .select("id")
      .where("status", "in", ["sent", "failed"])
      .execute();
    if (messages.length > 0) {
      await trx
        .deleteFrom("outbox")
        .where(
          "id",
          "in",
          messages.map((message) => message.id),
        )
        .execute();
    }
    await insertAuditEntry(trx, {
      userId: audit.userId,
      action: "customer-data.erase",
      entityType: "customer-data",
      entityId: null,
      data: {
        by: query.kind,
        orders: orderIds,
        uploads: result.uploads,
        messages: messages.length,
      },
      ip: audit.ip,
      branchId: null,
      at: now,
    });
    return { ...result, orderIds, messages: messages.length };
  });
}

/**
 * The export (Art. 15) as the download and the API answer it, with its audit entry: who exported
 * which orders, without the customer's data.
 */
export async function exportCustomerData(
  db: Db,
  query: CustomerQuery,
  audit: { userId: number; ip: string | null },
  now: Date,
) {
  const exported = await customerDataExport(db, query, now);
  await auditCustomerExport(
    db,
    query,
    exported.orders.map((order) => order.id),
    audit,
    now,
  );
  return exported;
}

/** The export's audit entry: who downloaded how many orders, without the customer's data. */
async function auditCustomerExport(
  db: Db,
  query: CustomerQuery,
  orderIds: number[],
  audit: { userId: number; ip: string | null },
  now: Date,
): Promise<void> {
  await insertAuditEntry(db, {
    userId: audit.userId,
    action: "customer-data.export",
    entityType: "customer-data",
    entityId: null,
    data: { by: query.kind, orders: orderIds },
    ip: audit.ip,
    branchId: null,
    at: now,
  });
}
