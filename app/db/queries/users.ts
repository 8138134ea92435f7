import { sql } from "kysely";
import type { Db, Role, User } from "../schema";

export interface StaffUser extends User {
  roles: Role[];
  branchIds: number[];
}

/** Case-insensitive, as the unique index on lower(email) is. */
export async function findUserByEmail(db: Db, email: string): Promise<StaffUser | undefined> {
  return staffUsers(db)
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<StaffUser | undefined> {
  return staffUsers(db).where("id", "=", id).executeTakeFirst();
}

function staffUsers(db: Db) {
  return db
    .selectFrom("users")
    .selectAll("users")
    .select([
      sql<Role[]>`array(select role from user_roles where user_id = users.id order by role)`.as(
        "roles",
      ),
      sql<
        number[]
      >`array(select branch_id from user_branches where user_id = users.id order by branch_id)`.as(
        "branchIds",
      ),
    ]);
}
