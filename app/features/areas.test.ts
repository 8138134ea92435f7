import { describe, expect, it } from "vitest";
import { isAdmin } from "#app/domain/staff-permissions";
import { AREA_GROUPS, areasAllowed, type BackOfficeArea } from "./backoffice/areas";
import { areasFor, BACK_OFFICE_AREAS, groupAreas, RESOURCE_NAMES } from "./areas";

const keys = (roles: Parameters<typeof areasFor>[0]["roles"]) =>
  areasFor({ roles }).map((area) => area.key);

describe("the back office's areas", () => {
  it("offers an employee the orders, the phone order, the production list, sold out, their working time and their password, nothing else", () => {
    expect(keys(["ROLE_EMPLOYEE"])).toEqual([
      "home",
      "orders",
      "phone-order",
      "production",
      "sold-out",
      "my-time",
      "password",
    ]);
  });

  it("offers a branch manager the users, device keys, their branches, tables, devices, time tracking, TVs and the log too", () => {
    expect(keys(["ROLE_MANAGER"])).toEqual([
      "home",
      "orders",
      "phone-order",
      "production",
      "capacities",
      "daily-closing",
      "sold-out",
      "my-time",
      "working-activities",
      "working-schedules",
      "time-sheets",
      "clock-credentials",
      "projects",
      "tasks",
      "branches",
      "tables",
      "devices",
      "device-keys",
      "digital-signage",
      "digital-signage-pair",
      "statistics",
      "tax-export",
      "logs",
      "users",
      "password",
    ]);
  });

  it("offers an administrator every area, in the registry's order", () => {
    expect(keys(["ROLE_ADMIN"])).toEqual(BACK_OFFICE_AREAS.map((area) => area.key));
  });

  it("takes a new area with one entry and asks its own rule", () => {
    const settings: BackOfficeArea = {
      key: "settings",
      group: "admin",
      label: "Einstellungen",
      description: "Der Shop.",
      path: "/backend/settings",
      allowed: isAdmin,
    };
    const areas = [...BACK_OFFICE_AREAS, settings];
    expect(areasAllowed({ roles: ["ROLE_ADMIN"] }, areas).at(-1)).toEqual({
      key: "settings",
      group: "admin",
      label: "Einstellungen",
      description: "Der Shop.",
      path: "/backend/settings",
      icon: null,
      hideTile: false,
    });
    expect(areasAllowed({ roles: ["ROLE_MANAGER"] }, areas).map((area) => area.key)).not.toContain(
      "settings",
    );
  });

  it("gives every area a unique key and path under /backend", () => {
    expect(new Set(BACK_OFFICE_AREAS.map((area) => area.key)).size).toBe(BACK_OFFICE_AREAS.length);
    expect(new Set(BACK_OFFICE_AREAS.map((area) => area.path)).size).toBe(BACK_OFFICE_AREAS.length);
    for (const area of BACK_OFFICE_AREAS) expect(area.path).toMatch(/^\/backend(\/|$)/);
  });

  it("keeps each group's areas together, in the groups' order, so the menu reads as the registry", () => {
    const order = AREA_GROUPS.map((group) => group.key);
    const positions = BACK_OFFICE_AREAS.map((area) => order.indexOf(area.group));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("groups a person's areas under headings and leaves out the groups they have nothing in", () => {
    const employee = groupAreas(areasFor({ roles: ["ROLE_EMPLOYEE"] }));
    expect(employee.map((group) => [group.label, group.areas.map((area) => area.key)])).toEqual([
      ["Tagesgeschäft", ["home", "orders", "phone-order", "production", "sold-out"]],
      ["Arbeitszeit", ["my-time"]],
      ["Mein Konto", ["password"]],
    ]);
    const admin = groupAreas(areasFor({ roles: ["ROLE_ADMIN"] }));
    expect(admin.map((group) => group.key)).toEqual(AREA_GROUPS.map((group) => group.key));
    expect(admin.flatMap((group) => group.areas).length).toBe(BACK_OFFICE_AREAS.length);
    // No group is a wall again: the longest holds at most eight areas.
    for (const group of admin) expect(group.areas.length).toBeLessThanOrEqual(8);
  });

  it("names each standard resource once, at its own list page", () => {
    expect(new Set(RESOURCE_NAMES).size).toBe(RESOURCE_NAMES.length);
    for (const area of BACK_OFFICE_AREAS.filter((entry) => entry.resource)) {
      expect(area.path).toBe(`/backend/${area.resource}`);
    }
  });
});
