import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { getSettings } from "#app/db/queries/settings";
import type { Db } from "#app/db/schema";
import type { StaffUser } from "#app/features/staff/staff-auth.server";

/**
 * What the time-tracking services share: the database and the caller's address for the audit
 * log, the business time zone and its today, and the branches and people a staff member sees.
 */
export type AreaContext = Pick<AppLoadContext, "db" | "clientAddress">;

export async function zoneOf(db: Db): Promise<string> {
  return (await getSettings(db)).businessTimeZone;
}

/** Today ('YYYY-MM-DD') in the business time zone. */
export const todayIn = (zone: string) => DateTime.now().setZone(zone).toISODate()!;

/** The branches a staff member works at (every branch for administrators), in the shop's order. */
export async function ownBranches(db: Db, user: StaffUser) {
  return db
    .selectFrom("branches")
    .select(["id", "name"])
    .$if(!user.isAdmin, (qb) => qb.where("id", "in", user.branchIds.length ? user.branchIds : [0]))
    .orderBy("position")
    .orderBy("name")
    .execute();
}

/** The people of one branch, by name. */
export async function branchPeople(db: Db, branchId: number) {
  return db
    .selectFrom("users as u")
    .innerJoin("userBranches as ub", "ub.userId", "u.id")
    .select(["u.id", "u.name"])
    .where("ub.branchId", "=", branchId)
    .orderBy("u.name")
    .execute();
}

/** The people of several branches, each once, by name. */
export async function peopleOfBranches(db: Db, branchIds: readonly number[]) {
  return db
    .selectFrom("users")
    .innerJoin("userBranches", "userBranches.userId", "users.id")
    .select(["users.id", "users.name"])
    .where("userBranches.branchId", "in", branchIds.length ? branchIds : [0])
    .groupBy(["users.id", "users.name"])
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
}
