import type { Db, Settings, SettingsUpdate } from "#app/db/schema";

/** The shop's configuration: one row, created by the first migration with a real shop's defaults. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

export async function updateSettings(db: Db, changes: SettingsUpdate): Promise<Settings> {
  return db
    .updateTable("settings")
    .set({ ...changes, updatedAt: new Date() })
    .where("id", "=", 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
