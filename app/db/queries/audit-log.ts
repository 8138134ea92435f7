import type { Db } from "#app/db/schema";

export interface AuditEntry {
  userId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  data?: Record<string, unknown> | null;
  ip?: string | null;
  branchId?: number | null;
  at?: Date;
}

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      userId: entry.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId:
        entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      data: entry.data ? JSON.stringify(entry.data) : null,
      ip: entry.ip ?? null,
      branchId: entry.branchId ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    })
    .execute();
}
