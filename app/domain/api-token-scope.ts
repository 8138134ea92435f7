import { ROLES, type StaffRole } from "./staff-permissions";

/**
 * What a personal API token may do on this request (docs/decisions/095): its own roles and
 * branches, cut down to what its owner has right now. A token never reaches further than its
 * owner, so an owner who loses a role or a branch takes it from their tokens at once.
 *
 * - The owner's roles: all three for an administrator (an administrator passes every role check),
 *   else their own.
 * - The owner's branches: every branch for an administrator, else their own.
 * - A token without branches means "all the owner has"; with branches, those the owner still has.
 * - A branch-scoped token never carries the administrator role: that role reaches every branch,
 *   which would undo the scope (the back office refuses it; here it is dropped as a second guard).
 */
export interface TokenGrant {
  roles: readonly StaffRole[];
  branchIds: readonly number[];
}

export interface Reach {
  roles: StaffRole[];
  branchIds: number[];
}

export function tokenReach(
  token: TokenGrant,
  owner: TokenGrant,
  allBranchIds: readonly number[],
): Reach {
  const ownerIsAdmin = owner.roles.includes("ROLE_ADMIN");
  const ownerRoles: readonly StaffRole[] = ownerIsAdmin ? ROLES : owner.roles;
  const ownerBranches = ownerIsAdmin ? allBranchIds : owner.branchIds;
  const scoped = token.branchIds.length > 0;
  const roles = ROLES.filter(
    (role) =>
      token.roles.includes(role) && ownerRoles.includes(role) && !(scoped && role === "ROLE_ADMIN"),
  );
  const wanted = scoped ? token.branchIds : ownerBranches;
  const branchIds = [...new Set(wanted)]
    .filter((id) => ownerBranches.includes(id))
    .sort((a, b) => a - b);
  return { roles, branchIds };
}
