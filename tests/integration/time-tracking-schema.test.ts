import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff } from "#tests/support/staff";

/** The time-tracking tables refuse what the rules forbid (issue 21, decision 058). */

async function violatedConstraint(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return (error as { constraint?: string }).constraint ?? `(none) ${(error as Error).message}`;
  }
  return "(accepted)";
}

describe.each(databaseTargets())("time-tracking schema on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let branchId: number;
  let userId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    ({ id: branchId } = await db
      .insertInto("branches")
      .values({ identifier: "zeit-filiale", name: "Zeitfiliale" })
      .returning("id")
      .executeTakeFirstOrThrow());
    ({ id: userId } = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] }));
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("keeps at most one open activity per person and one open pause per activity", async () => {
    const first = await db
      .insertInto("workingActivities")
      .values({ userId, branchId, startedAt: "2026-11-20T07:00:00Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(
      await violatedConstraint(
        db
          .insertInto("workingActivities")
          .values({ userId, branchId, startedAt: "2026-11-20T08:00:00Z" })
          .execute(),
      ),
    ).toBe("working_activities_one_open_idx");
    await db
      .insertInto("workingActivityPauses")
      .values({ workingActivityId: first.id, startedAt: "2026-11-20T09:00:00Z" })
      .execute();
    expect(
      await violatedConstraint(
        db
          .insertInto("workingActivityPauses")
          .values({ workingActivityId: first.id, startedAt: "2026-11-20T09:30:00Z" })
          .execute(),
      ),
    ).toBe("working_activity_pauses_one_open_idx");
    expect(
      await violatedConstraint(
        db
          .updateTable("workingActivities")
          .set({ endedAt: "2026-11-20T06:00:00Z" })
          .where("id", "=", first.id)
          .execute(),
      ),
    ).toBe("working_activities_end_after_start");
  });

  it("gives one card to one person", async () => {
    const other = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] });
    await db.insertInto("staffClockCredentials").values({ userId, cardDigest: "abc" }).execute();
    expect(
      await violatedConstraint(
        db
          .insertInto("staffClockCredentials")
          .values({ userId: other.id, cardDigest: "abc" })
          .execute(),
      ),
    ).toBe("staff_clock_credentials_card_digest_key");
  });

  it("takes a night shift into the next morning, at most 24 hours, never backwards", async () => {
    const shift = (startMinute: number, endMinute: number, day = "2026-11-20") =>
      violatedConstraint(
        db
          .insertInto("workingSchedules")
          .values({ userId, branchId, day, startMinute, endMinute })
          .execute(),
      );
    expect(await shift(1320, 1800)).toBe("(accepted)");
    expect(await shift(360, 840, "2026-11-21")).toBe("(accepted)");
    expect(await shift(1320, 1320)).toBe("working_schedules_minutes");
    expect(await shift(600, 300)).toBe("working_schedules_minutes");
    expect(await shift(60, 1600)).toBe("working_schedules_minutes");
    expect(await shift(1440, 1500)).toBe("working_schedules_minutes");
    expect(await shift(-10, 100)).toBe("working_schedules_minutes");
  });
});
