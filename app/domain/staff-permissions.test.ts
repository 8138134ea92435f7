import { describe, expect, it } from "vitest";
import {
  assignmentProblem,
  branchScope,
  canAccessBranch,
  canManageUser,
  canManageUsers,
  canViewUser,
  type StaffMember,
} from "./staff-permissions";

const admin: StaffMember = { id: 1, roles: ["ROLE_ADMIN"], branchIds: [] };
const manager: StaffMember = { id: 2, roles: ["ROLE_MANAGER"], branchIds: [10, 11] };
const employee: StaffMember = { id: 3, roles: ["ROLE_EMPLOYEE"], branchIds: [10] };
const employeeElsewhere: StaffMember = { id: 4, roles: ["ROLE_EMPLOYEE"], branchIds: [12] };
const employeeShared: StaffMember = { id: 5, roles: ["ROLE_EMPLOYEE"], branchIds: [10, 12] };
const otherManager: StaffMember = { id: 6, roles: ["ROLE_MANAGER"], branchIds: [10] };
const noBranches: StaffMember = { id: 7, roles: ["ROLE_EMPLOYEE"], branchIds: [] };
const all = [10, 11, 12];

describe("branches", () => {
  it("lets an administrator into every branch and the others into their own", () => {
    expect(canAccessBranch(admin, 12)).toBe(true);
    expect(branchScope(admin)).toBe("all");
    expect(canAccessBranch(employee, 10)).toBe(true);
    expect(canAccessBranch(employee, 11)).toBe(false);
    expect(canAccessBranch(manager, 12)).toBe(false);
    expect(branchScope(employee)).toEqual([10]);
  });
});

describe("managing users", () => {
  it("is for administrators and managers", () => {
    expect(canManageUsers(admin)).toBe(true);
    expect(canManageUsers(manager)).toBe(true);
    expect(canManageUsers(employee)).toBe(false);
  });

  it("lets a manager manage employees who work only in the manager's branches", () => {
    expect(canManageUser(manager, employee)).toBe(true);
    expect(canManageUser(manager, employeeElsewhere)).toBe(false);
    expect(canManageUser(manager, employeeShared)).toBe(false);
    expect(canManageUser(manager, otherManager)).toBe(false);
    expect(canManageUser(manager, admin)).toBe(false);
    expect(canManageUser(manager, noBranches)).toBe(false);
    expect(canManageUser(employee, employeeShared)).toBe(false);
  });

  it("lets an administrator manage everybody but themselves", () => {
    expect(canManageUser(admin, otherManager)).toBe(true);
    expect(canManageUser(admin, { ...admin, id: 99 })).toBe(true);
    expect(canManageUser(admin, admin)).toBe(false);
    expect(canViewUser(admin, admin)).toBe(true);
    expect(canViewUser(employee, employee)).toBe(true);
    expect(canViewUser(employee, employeeShared)).toBe(false);
  });

  it("lets a manager hand out only the employee role and their own branches", () => {
    expect(assignmentProblem(manager, { roles: ["ROLE_EMPLOYEE"], branchIds: [11] }, all)).toBe(
      null,
    );
    expect(assignmentProblem(manager, { roles: ["ROLE_MANAGER"], branchIds: [11] }, all)).toBe(
      "roles",
    );
    expect(assignmentProblem(manager, { roles: ["ROLE_EMPLOYEE"], branchIds: [12] }, all)).toBe(
      "branches",
    );
    expect(assignmentProblem(admin, { roles: ["ROLE_ADMIN"], branchIds: [12] }, all)).toBe(null);
    expect(assignmentProblem(admin, { roles: ["ROLE_EMPLOYEE"], branchIds: [99] }, all)).toBe(
      "branches",
    );
    expect(assignmentProblem(employee, { roles: ["ROLE_EMPLOYEE"], branchIds: [] }, all)).toBe(
      "roles",
    );
  });
});
