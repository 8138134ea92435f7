import { isAdmin, isManager, type StaffRole } from "#app/domain/staff-permissions";

/**
 * The navigation's groups, in menu order: with some forty areas a flat list is a wall, so the
 * sidebar shows a group's heading and opens the group of the page one is on (decision 066).
 */
export const AREA_GROUPS = [
  { key: "daily", label: "Tagesgeschäft" },
  { key: "time", label: "Arbeitszeit" },
  { key: "catalogue", label: "Sortiment" },
  { key: "website", label: "Website & Medien" },
  { key: "branches", label: "Filialen & Geräte" },
  { key: "signage", label: "Digital Signage" },
  { key: "reports", label: "Auswertungen" },
  { key: "admin", label: "Verwaltung" },
  { key: "integrations", label: "Schnittstellen" },
  { key: "account", label: "Mein Konto" },
] as const;

export type AreaGroupKey = (typeof AREA_GROUPS)[number]["key"];

/**
 * What a back-office area is (decisions 031, 083): its navigation entry and who is offered it. The
 * areas themselves are described in their folders (`app/features/<area>/<area>.area.ts`) and
 * listed once in the registry, `app/features/areas.ts`; the frame's navigation, the dashboard's
 * tiles and the standard resources' routes are drawn from that list. An entry only decides what
 * is offered: each route still guards itself.
 */
export interface BackOfficeArea {
  key: string;
  /** The navigation group it is listed under; the registry keeps each group's areas together. */
  group: AreaGroupKey;
  label: string;
  /** One line for the dashboard's tile. */
  description: string;
  path: string;
  /** A short symbol shown before the label (decorative, hidden from screen readers). */
  icon?: string;
  /** Whether the signed-in staff member may use it; mirror the route's own guard. */
  allowed: (user: AreaUser) => boolean;
  /** Not shown as a dashboard tile (the dashboard itself). */
  hideTile?: boolean;
  /**
   * The standard resource (decision 035) the area lists, if it is one: `/backend/<resource>`
   * with its new and edit pages and `/api/<resource>` are generated for it, and its description
   * is `app/features/<area>/<resource>.resource.ts`.
   */
  resource?: string;
}

export interface AreaUser {
  roles: readonly StaffRole[];
}

/** Offered to every signed-in staff member. */
export const everyone = () => true;
/** Offered to administrators and branch managers (a manager for their own branches). */
export const adminsAndManagers = (user: AreaUser) => isAdmin(user) || isManager(user);

/**
 * The areas in menu order: each group's together, in the groups' order, and within a group in the
 * order the registry lists them.
 */
export function inMenuOrder(areas: readonly BackOfficeArea[]): readonly BackOfficeArea[] {
  const rank = (area: BackOfficeArea) => AREA_GROUPS.findIndex((group) => group.key === area.group);
  return [...areas].sort((a, b) => rank(a) - rank(b));
}

/** The names of the standard resources among the areas, for their generated routes. */
export function resourceNames(areas: readonly BackOfficeArea[]): string[] {
  return areas.flatMap((area) => (area.resource ? [area.resource] : []));
}

/** The areas this staff member may use, as plain data for the page (functions do not travel). */
export function areasAllowed(user: AreaUser, areas: readonly BackOfficeArea[]) {
  return areas
    .filter((area) => area.allowed(user))
    .map(({ key, group, label, description, path, icon, hideTile }) => ({
      key,
      group,
      label,
      description,
      path,
      icon: icon ?? null,
      hideTile: hideTile ?? false,
    }));
}

export type AreaLink = ReturnType<typeof areasAllowed>[number];

/** A group of the navigation with the areas this person may use in it. */
export interface AreaGroup {
  key: AreaGroupKey;
  label: string;
  areas: AreaLink[];
}

/** The person's areas under their groups, in menu order; groups left empty are dropped. */
export function groupAreas(areas: readonly AreaLink[]): AreaGroup[] {
  return AREA_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    areas: areas.filter((area) => area.group === group.key),
  })).filter((group) => group.areas.length > 0);
}
