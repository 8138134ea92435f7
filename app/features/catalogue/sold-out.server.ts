import { z } from "zod";
import type { Db } from "#app/db/schema";
import { endOfBusinessDay } from "#app/domain/sold-out";
import { canAccessBranch, isAdmin } from "#app/domain/staff-permissions";
import { idSchema, parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { refused, succeeded, type Outcome, type Problem } from "#app/server/outcome";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";

/**
 * "Sold out today" (issue 15, decision 036): a row in `product_sold_out` for one branch, or for
 * every branch (`branch_id` null), until the end of the business day. Marking again moves `until`
 * (an upsert on the table's partial unique indexes); clearing deletes the row. The table is
 * watched like every table the storefront reads (decision 032), so each change drops every
 * instance's kept pages and reference data; an expired row simply stops counting, no job runs.
 *
 * Who may: any staff member with access to the branch, for that branch (the counter needs it);
 * every branch at once only administrators.
 */

const texts = deCatalogue.soldOut;

export interface SoldOutChange {
  user: Pick<StaffUser, "id" | "roles" | "branchIds">;
  productId: number;
  /** Null: every branch. */
  branchId: number | null;
  clientAddress?: string;
  now?: Date;
}

export interface SoldOutState {
  productId: number;
  productName: string;
  branchId: number | null;
  soldOut: boolean;
  /** The end of the business day for a marked product; null once cleared. */
  until: Date | null;
}

/** The body of `PUT /api/products/{id}/sold-out` (and, converted, of the back office's form). */
export const soldOutBodySchema = z.object({
  branchId: z.union([idSchema, z.null()], { error: texts.errors.branchId }),
  soldOut: z.boolean({ error: texts.errors.soldOut }),
});

/** The form's fields: `branchId` ("" = every branch), `soldOut` ("1" or "0"). */
export function soldOutFromForm(form: {
  get(name: string): unknown;
}): { ok: true; branchId: number | null; soldOut: boolean } | { ok: false; errors: Problem[] } {
  const branch = form.get("branchId");
  const flag = form.get("soldOut");
  const errors: Problem[] = [];
  let branchId: number | null = null;
  if (branch !== "") {
    const parsed = idSchema.safeParse(branch);
    if (parsed.success) branchId = parsed.data;
    else errors.push({ message: texts.errors.branchId, field: "branchId" });
  }
  if (flag !== "1" && flag !== "0")
    errors.push({ message: texts.errors.soldOut, field: "soldOut" });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, branchId, soldOut: flag === "1" };
}

/** Whether this staff member may change the sold-out state of `branchId` (null: every branch). */
export function maySetSoldOut(
  user: Pick<StaffUser, "id" | "roles" | "branchIds">,
  branchId: number | null,
): boolean {
  return branchId === null ? isAdmin(user) : canAccessBranch(user, branchId);
}

async function checkChange(db: Db, change: SoldOutChange): Promise<Outcome<{ name: string }>> {
  if (!maySetSoldOut(change.user, change.branchId)) {
    return change.branchId === null
      ? refused(403, texts.errors.allBranchesAdminOnly, "branchId")
      : refused(403, texts.errors.branchForbidden, "branchId");
  }
  const product = await db
    .selectFrom("products")
    .select("name")
    .where("id", "=", change.productId)
    .executeTakeFirst();
  if (!product) return refused(404, texts.errors.unknownProduct);
  if (change.branchId !== null) {
    const branch = await db
      .selectFrom("branches")
      .select("id")
      .where("id", "=", change.branchId)
      .executeTakeFirst();
    if (!branch) return refused(400, texts.errors.unknownBranch, "branchId");
  }
  return succeeded(product);
}

/** Marks the product sold out in the branch (or every branch) until the end of the business day. */
export async function markSoldOut(db: Db, change: SoldOutChange): Promise<Outcome<SoldOutState>> {
  const checked = await checkChange(db, change);
  if (!checked.ok) return checked;
  const now = change.now ?? new Date();
  const settings = await referenceSettings(db);
  const until = endOfBusinessDay(now, settings.businessTimeZone);
  const row = {
    productId: change.productId,
    branchId: change.branchId,
    until,
    createdBy: change.user.id,
    createdAt: now,
  };
  const update = { until, createdBy: change.user.id, createdAt: now };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("productSoldOut")
      .values(row)
      .onConflict((conflict) =>
        change.branchId === null
          ? conflict.column("productId").where("branchId", "is", null).doUpdateSet(update)
          : conflict
              .columns(["productId", "branchId"])
              .where("branchId", "is not", null)
              .doUpdateSet(update),
      )
      .execute();
    await auditChange(trx, change, "product.sold-out", now, {
      name: checked.value.name,
      branchId: change.branchId,
      until: until.toISOString(),
    });
  });
  return succeeded(stateAfter(change, checked.value.name, until));
}

/**
 * Makes the product available again in the branch (or takes back "every branch"). A row for every
 * branch is not touched by clearing one branch: only an administrator takes that back.
 */
export async function clearSoldOut(db: Db, change: SoldOutChange): Promise<Outcome<SoldOutState>> {
  const checked = await checkChange(db, change);
  if (!checked.ok) return checked;
  const now = change.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("productSoldOut")
      .where("productId", "=", change.productId)
      .where((eb) =>
        change.branchId === null
          ? eb("branchId", "is", null)
          : eb("branchId", "=", change.branchId),
      )
      .executeTakeFirst();
    // Clearing what was not marked changes nothing and is not worth a log entry.
    if (Number(removed.numDeletedRows) === 0) return;
    await auditChange(trx, change, "product.available", now, {
      name: checked.value.name,
      branchId: change.branchId,
    });
  });
  return succeeded(stateAfter(change, checked.value.name, null));
}

/** The log entry of a mark or a clear. */
function auditChange(
  trx: Parameters<typeof audit>[0],
  change: SoldOutChange,
  action: "product.sold-out" | "product.available",
  at: Date,
  data: Record<string, unknown>,
) {
  return audit(trx, {
    user: change.user,
    action,
    entityType: "product",
    entityId: change.productId,
    branchId: change.branchId,
    data,
    context: { clientAddress: change.clientAddress },
    at,
  });
}

/** The product's state in the branch after a change: sold out until `until`, or available. */
function stateAfter(change: SoldOutChange, productName: string, until: Date | null): SoldOutState {
  return {
    productId: change.productId,
    productName,
    branchId: change.branchId,
    soldOut: until !== null,
    until,
  };
}

/** Marks or clears, as the form and the API ask. */
export function setSoldOut(db: Db, change: SoldOutChange & { soldOut: boolean }) {
  return change.soldOut ? markSoldOut(db, change) : clearSoldOut(db, change);
}

export interface SoldOutRow {
  productId: number;
  branchId: number | null;
  until: Date;
}

/** The rows that count for the branch now: its own and those for every branch. */
export async function soldOutRows(db: Db, branchId: number, now: Date): Promise<SoldOutRow[]> {
  return db
    .selectFrom("productSoldOut")
    .select(["productId", "branchId", "until"])
    .where((eb) => eb.or([eb("branchId", "=", branchId), eb("branchId", "is", null)]))
    .where("until", ">", now)
    .orderBy("productId")
    .orderBy("branchId")
    .execute();
}

/** The ids of the products sold out in the branch now. */
export async function soldOutProductIds(db: Db, branchId: number, now: Date): Promise<Set<number>> {
  return new Set((await soldOutRows(db, branchId, now)).map((row) => row.productId));
}

/** The API's shape of a state. */
export function soldOutJson(state: Omit<SoldOutState, "productName">) {
  return {
    productId: state.productId,
    branchId: state.branchId,
    soldOut: state.soldOut,
    until: state.until ? state.until.toISOString() : null,
  };
}

export interface ListedSoldOut extends SoldOutRow {
  productName: string;
}

/**
 * The rows that count now, for one branch (its own and those for every branch) or, without one,
 * for every branch the staff member works in (administrators: all rows).
 */
export async function listSoldOut(
  db: Db,
  user: Pick<StaffUser, "id" | "roles" | "branchIds">,
  branchId: number | null,
  now: Date,
): Promise<ListedSoldOut[]> {
  let query = db
    .selectFrom("productSoldOut")
    .innerJoin("products", "products.id", "productSoldOut.productId")
    .select([
      "productSoldOut.productId",
      "productSoldOut.branchId",
      "productSoldOut.until",
      "products.name as productName",
    ])
    .where("productSoldOut.until", ">", now);
  if (branchId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb("productSoldOut.branchId", "=", branchId),
        eb("productSoldOut.branchId", "is", null),
      ]),
    );
  } else if (!isAdmin(user)) {
    const ids = user.branchIds.length > 0 ? [...user.branchIds] : [-1];
    query = query.where((eb) =>
      eb.or([eb("productSoldOut.branchId", "in", ids), eb("productSoldOut.branchId", "is", null)]),
    );
  }
  return query
    .orderBy("products.name")
    .orderBy("productSoldOut.productId")
    .orderBy("productSoldOut.branchId")
    .execute();
}

/**
 * What is sold out now, for `GET /api/products/sold-out?branchId=`: the branch asked for (it must
 * be the caller's) or, without one, every branch the caller works in; as the API's JSON rows.
 */
export async function soldOutListFor(
  db: Db,
  user: Pick<StaffUser, "id" | "roles" | "branchIds">,
  rawBranchId: string | null,
  now: Date,
): Promise<Outcome<ReturnType<typeof listedJson>[]>> {
  const branch = listedBranch(user, rawBranchId);
  if (!branch.ok) return branch;
  const rows = await listSoldOut(db, user, branch.value, now);
  return succeeded(rows.map(listedJson));
}

/** The branch a list names: null for none; refused when malformed or not the caller's. */
export function listedBranch(
  user: Pick<StaffUser, "id" | "roles" | "branchIds">,
  raw: string | null,
): Outcome<number | null> {
  if (raw === null || raw === "") return succeeded(null);
  const branchId = parseId(raw);
  if (branchId === null) return refused(400, texts.errors.branchId, "branchId");
  if (!maySetSoldOut(user, branchId)) return refused(403, texts.errors.branchForbidden);
  return succeeded(branchId);
}

function listedJson(row: {
  productId: number;
  productName: string;
  branchId: number | null;
  until: Date;
}) {
  return {
    productId: row.productId,
    productName: row.productName,
    branchId: row.branchId,
    soldOut: true,
    until: row.until.toISOString(),
  };
}
