/**
 * What each staff role may do (docs/decisions/012). Pure: the guard and the user service ask
 * these questions with the users as loaded for the request.
 *
 * - Administrator (ROLE_ADMIN): everything, every branch, every user.
 * - Branch manager (ROLE_MANAGER): the orders of their branches, and the employees who work only
 *   in their branches (create, edit, lock, reset), who may only be given ROLE_EMPLOYEE.
 * - Employee (ROLE_EMPLOYEE): the orders of the branches in their list; their own password.
 */
export const ROLES = ["ROLE_ADMIN", "ROLE_MANAGER", "ROLE_EMPLOYEE"] as const;
export type StaffRole = (typeof ROLES)[number];

export interface StaffMember {
  id: number;
  roles: readonly StaffRole[];
  branchIds: readonly number[];
}

export function isAdmin(member: Pick<StaffMember, "roles">): boolean {
  return member.roles.includes("ROLE_ADMIN");
}

export function isManager(member: Pick<StaffMember, "roles">): boolean {
  return member.roles.includes("ROLE_MANAGER");
}

/** True when the member may see and act on the branch's orders. */
export function canAccessBranch(member: StaffMember, branchId: number): boolean {
  return isAdmin(member) || member.branchIds.includes(branchId);
}

/** The branches whose orders the member sees: every branch, or the ones in their list. */
export function branchScope(member: StaffMember): "all" | readonly number[] {
  return isAdmin(member) ? "all" : member.branchIds;
}

/** May open the user management at all. */
export function canManageUsers(member: Pick<StaffMember, "roles">): boolean {
  return isAdmin(member) || isManager(member);
}

/**
 * May change this user. Managers manage employees (no admin or manager role) whose branches all
 * lie within their own; nobody manages themselves here (the password page is for that).
 */
export function canManageUser(member: StaffMember, target: StaffMember): boolean {
  if (member.id === target.id) return false;
  if (isAdmin(member)) return true;
  if (!isManager(member)) return false;
  if (isAdmin(target) || isManager(target)) return false;
  return (
    target.branchIds.length > 0 &&
    target.branchIds.every((branchId) => member.branchIds.includes(branchId))
  );
}

/** May see this user's details (themselves, or someone they manage). */
export function canViewUser(member: StaffMember, target: StaffMember): boolean {
  return member.id === target.id || canManageUser(member, target);
}

export function assignableRoles(member: Pick<StaffMember, "roles">): readonly StaffRole[] {
  if (isAdmin(member)) return ROLES;
  if (isManager(member)) return ["ROLE_EMPLOYEE"];
  return [];
}

export function assignableBranchIds(member: StaffMember, allBranchIds: readonly number[]) {
  return isAdmin(member)
    ? allBranchIds
    : allBranchIds.filter((id) => member.branchIds.includes(id));
}

export type AssignmentProblem = "roles" | "branches";

/**
 * Whether the member may give a user these roles and branches; the field at fault otherwise.
 * `currentBranchIds` are the user's branches today: a branch the member cannot assign may stay.
 */
export function assignmentProblem(
  member: StaffMember,
  wanted: { roles: readonly StaffRole[]; branchIds: readonly number[] },
  allBranchIds: readonly number[],
): AssignmentProblem | null {
  const roles = assignableRoles(member);
  if (wanted.roles.some((role) => !roles.includes(role))) return "roles";
  const branches = assignableBranchIds(member, allBranchIds);
  if (wanted.branchIds.some((id) => !branches.includes(id))) return "branches";
  return null;
}
