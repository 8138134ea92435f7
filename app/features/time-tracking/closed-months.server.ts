import { DateTime } from "luxon";
import { getSettings } from "#app/db/queries/settings";
import type { Db } from "#app/db/schema";
import { monthOf } from "#app/domain/working-plan";
import { dePlan } from "#app/i18n/de-working-plan";

/**
 * Closed months (decision 059): once an administrator closes a month, nothing of it changes any
 * more – shifts, absences, and (wired into decision 058's clock and corrections) activities.
 */
export async function isMonthClosed(db: Db, day: string): Promise<boolean> {
  const row = await db
    .selectFrom("closedMonths")
    .select("month")
    .where("month", "=", monthOf(day))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The German reason (a 409 for the caller) when any of `instants` falls (business time zone) in a
 * closed month, else null.
 */
export async function closedMonthProblem(
  db: Db,
  instants: readonly (Date | null)[],
): Promise<string | null> {
  const zone = (await getSettings(db)).businessTimeZone;
  for (const instant of instants) {
    if (!instant) continue;
    const day = DateTime.fromJSDate(instant, { zone }).toISODate()!;
    if (await isMonthClosed(db, day)) {
      return dePlan.errors.monthClosed;
    }
  }
  return null;
}
