import { describe, expect, it } from "vitest";
import { isAdmin } from "../../domain/staff-permissions";
import { areasFor, BACK_OFFICE_AREAS, type BackOfficeArea } from "./areas";

const keys = (roles: Parameters<typeof areasFor>[0]["roles"]) =>
  areasFor({ roles }).map((area) => area.key);

describe("the back office's areas", () => {
  it("offers an employee the orders, the phone order, sold out, their working time and their password, nothing else", () => {
    expect(keys(["ROLE_EMPLOYEE"])).toEqual([
      "home",
      "orders",
      "phone-order",
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
      "sold-out",
      "my-time",
      "working-activities",
      "working-schedules",
      "time-sheets",
      "projects",
      "tasks",
      "statistics",
      "users",
      "device-keys",
      "branches",
      "tables",
      "devices",
      "digital-signage",
      "digital-signage-pair",
      "logs",
      "password",
    ]);
  });

  it("offers an administrator every area, in the registry's order", () => {
    expect(keys(["ROLE_ADMIN"])).toEqual(BACK_OFFICE_AREAS.map((area) => area.key));
  });

  it("takes a new area with one entry and asks its own rule", () => {
    const settings: BackOfficeArea = {
      key: "settings",
      label: "Einstellungen",
      description: "Der Shop.",
      path: "/backend/settings",
      allowed: isAdmin,
    };
    const areas = [...BACK_OFFICE_AREAS, settings];
    expect(areasFor({ roles: ["ROLE_ADMIN"] }, areas).at(-1)).toEqual({
      key: "settings",
      label: "Einstellungen",
      description: "Der Shop.",
      path: "/backend/settings",
      icon: null,
      hideTile: false,
    });
    expect(areasFor({ roles: ["ROLE_MANAGER"] }, areas).map((area) => area.key)).not.toContain(
      "settings",
    );
  });

  it("gives every area a unique key and path under /backend", () => {
    expect(new Set(BACK_OFFICE_AREAS.map((area) => area.key)).size).toBe(BACK_OFFICE_AREAS.length);
    expect(new Set(BACK_OFFICE_AREAS.map((area) => area.path)).size).toBe(BACK_OFFICE_AREAS.length);
    for (const area of BACK_OFFICE_AREAS) expect(area.path).toMatch(/^\/backend(\/|$)/);
  });
});
