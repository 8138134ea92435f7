import { describe, expect, it } from "vitest";
import { tokenReach } from "./api-token-scope";

const ALL = [1, 2, 3];

describe("tokenReach", () => {
  it("gives an administrator's token what it names, every branch when it names none", () => {
    const admin = { roles: ["ROLE_ADMIN"] as const, branchIds: [] };
    expect(tokenReach({ roles: ["ROLE_ADMIN"], branchIds: [] }, admin, ALL)).toEqual({
      roles: ["ROLE_ADMIN"],
      branchIds: [1, 2, 3],
    });
    expect(tokenReach({ roles: ["ROLE_MANAGER"], branchIds: [2] }, admin, ALL)).toEqual({
      roles: ["ROLE_MANAGER"],
      branchIds: [2],
    });
  });

  it("drops the administrator role from a branch-scoped token", () => {
    const admin = { roles: ["ROLE_ADMIN"] as const, branchIds: [] };
    expect(
      tokenReach({ roles: ["ROLE_ADMIN", "ROLE_EMPLOYEE"], branchIds: [1] }, admin, ALL),
    ).toEqual({ roles: ["ROLE_EMPLOYEE"], branchIds: [1] });
  });

  it("never reaches further than the owner has now", () => {
    const manager = { roles: ["ROLE_MANAGER"] as const, branchIds: [1] };
    // The owner was an administrator when the token was made and is a manager of branch 1 now.
    expect(tokenReach({ roles: ["ROLE_ADMIN"], branchIds: [] }, manager, ALL)).toEqual({
      roles: [],
      branchIds: [1],
    });
    expect(
      tokenReach({ roles: ["ROLE_MANAGER", "ROLE_EMPLOYEE"], branchIds: [1, 2] }, manager, ALL),
    ).toEqual({ roles: ["ROLE_MANAGER"], branchIds: [1] });
    expect(tokenReach({ roles: ["ROLE_MANAGER"], branchIds: [2] }, manager, ALL)).toEqual({
      roles: ["ROLE_MANAGER"],
      branchIds: [],
    });
  });

  it("leaves a token of an owner without roles nothing", () => {
    expect(
      tokenReach({ roles: ["ROLE_EMPLOYEE"], branchIds: [] }, { roles: [], branchIds: [1] }, ALL),
    ).toEqual({ roles: [], branchIds: [1] });
  });
});
