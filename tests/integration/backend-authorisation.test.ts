import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, Role } from "#app/db/schema";
import { isStaffPath } from "#app/features/staff/staff-auth.server";
import { appRoutes, routeModule, type RouteEntry } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { createApiToken } from "#app/features/staff/api-tokens.server";
import { setUserAccess } from "#app/db/queries/users";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Walks every back-office route and every staff `/api` route of `app/routes.ts` and knocks three
 * times: as nobody (deny: the login page or 401), as an employee of another branch (deny: 403 or
 * 404, unless the route is for every staff member) and as the right role (allow). GET always,
 * POST where the route module has an action.
 *
 * A new route must be added to `ROUTES` below, or this test fails: nothing slips through.
 */

/** The sign-in pages are for people who are not signed in yet. */
const PUBLIC_BACKEND = new Set(["backend/login", "backend/logout", "backend/login-link/:token"]);

type ActorName = "admin" | "managerA" | "employeeA" | "employeeB";

/** Ids the routes' sample addresses need; add the rows a new route needs in `prepareSamples`. */
interface Samples {
  branchA: number;
  branchB: number;
  /** An order of branch A. */
  orderA: number;
  /** One record of each back-office resource (a table of branch A). */
  records: Record<string, number>;
  users: Record<ActorName, TestStaff>;
}

interface RouteCase {
  /** The address to call, with sample parameters filled in. */
  path: (samples: Samples) => string;
  /** Who may use it (checked to get through). */
  allowed: ActorName;
  /**
   * An employee of another branch: "deny" (403/404), or the reason why every staff member may
   * use the route (their own account, the start page).
   */
  outsider: "deny" | { allowedBecause: string };
  /** The status the allowed actor's GET gets, when not 200 (the back office's own 404). */
  allowedStatus?: number;
  /** Methods the route's action takes besides POST (the JSON API's PUT and DELETE). */
  moreMethods?: readonly ("PUT" | "DELETE")[];
}

/**
 * The back-office resources (decision 035): each has a list, a new and an edit page and two API
 * addresses. Shop-wide ones are for administrators; tables for the managers of their branch.
 */
const RESOURCE_ACCESS: Record<string, ActorName> = {
  branches: "managerA",
  tags: "admin",
  tables: "managerA",
  donatees: "admin",
  divisions: "admin",
  departments: "admin",
  categories: "admin",
  "product-groups": "admin",
  products: "admin",
  menus: "admin",
  sites: "admin",
  navigations: "admin",
  "image-templates": "admin",
  blocks: "admin",
  // Digital signage (decision 060): content for administrators, TVs for their branch's managers.
  "digital-signage-segments": "admin",
  "digital-signage-streams": "admin",
  "digital-signage-devices": "managerA",
  devices: "managerA",
  projects: "managerA",
  tasks: "managerA",
  // The proof of decision 083: an area added as one folder and one registry line.
  allergens: "admin",
};

function resourceCases(): Record<string, RouteCase> {
  const cases: Record<string, RouteCase> = {};
  for (const [name, allowed] of Object.entries(RESOURCE_ACCESS)) {
    const one = ({ records }: Samples) => String(records[name]);
    cases[`backend-${name}`] = { path: () => `/backend/${name}`, allowed, outsider: "deny" };
    cases[`backend-${name}-new`] = {
      path: () => `/backend/${name}/new`,
      // Only administrators open new branches.
      allowed: name === "branches" ? "admin" : allowed,
      outsider: "deny",
    };
    cases[`backend-${name}-edit`] = {
      path: (samples) => `/backend/${name}/${one(samples)}`,
      allowed,
      outsider: "deny",
    };
    cases[`api-${name}`] = { path: () => `/api/${name}`, allowed, outsider: "deny" };
    cases[`api-${name}-one`] = {
      path: (samples) => `/api/${name}/${one(samples)}`,
      allowed,
      outsider: "deny",
    };
  }
  return cases;
}

const ROUTES: Record<string, RouteCase> = {
  ...resourceCases(),
  // The tables' QR codes (issue 36, decision 076): the sheet and each code, for the managers.
  "routes/backend/tables-qr": {
    path: ({ branchA }) => `/backend/tables/qr-codes?filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "backend-table-qr-svg": {
    path: ({ records }) => `/backend/tables/${records.tables}/qr.svg`,
    allowed: "managerA",
    outsider: "deny",
  },
  "backend-table-qr-png": {
    path: ({ records }) => `/backend/tables/${records.tables}/qr.png`,
    allowed: "managerA",
    outsider: "deny",
  },
  // Digital signage (decision 060): pairing a TV, and a stream's preview.
  "routes/backend/signage-pair": {
    path: () => "/backend/digital-signage-devices/pair",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/signage-preview": {
    path: ({ records }) =>
      `/backend/digital-signage-streams/${records["digital-signage-streams"]}/preview`,
    allowed: "admin",
    outsider: "deny",
  },
  // A video segment's upload page (decision 060, "Videos"); /tv/video/:id has its own test
  // (tests/integration/signage-video.test.ts: 404 without a paired TV or a session).
  "routes/backend/signage-video": {
    path: ({ records }) =>
      `/backend/digital-signage-segments/${records["digital-signage-segments"]}/video`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/signage-pair": {
    path: () => "/api/digital-signage-devices/pair",
    allowed: "managerA",
    outsider: "deny",
    allowedStatus: 405,
  },
  // A device's test ticket and log (decision 056): only POST acts; a GET passes the checks.
  ...Object.fromEntries(
    [
      ["routes/api/device-test-print", "test/print"],
      ["routes/api/device-test-notification", "test/notification"],
      ["routes/api/device-logs", "request-device-logs"],
    ].map(([file, tail]) => [
      file,
      {
        path: ({ records }: Samples) => `/api/devices/${records.devices}/${tail}`,
        allowed: "managerA" as const,
        outsider: "deny" as const,
        allowedStatus: 405,
      },
    ]),
  ),
  // A device's "Testdruck" button (decision 056): a GET leads to the device's page.
  "routes/backend/device-test-print": {
    path: ({ records }) => `/backend/devices/${records.devices}/testdruck`,
    allowed: "managerA",
    outsider: "deny",
    allowedStatus: 302,
  },
  "routes/backend/product-copy": {
    path: ({ records }) => `/backend/products/${records.products}/copy`,
    allowed: "admin",
    outsider: "deny",
    // A GET leads to the product's page; the copy is a POST.
    allowedStatus: 302,
  },
  "routes/api/product-copy": {
    path: ({ records }) => `/api/products/${records.products}/copy`,
    allowed: "admin",
    outsider: "deny",
    // Only POST copies; a GET passes the checks and is then refused.
    allowedStatus: 405,
  },
  // A menu's catalogue editor and its preview (issue 15): administrators, like the menus.
  "routes/backend/menu-catalogue": {
    path: ({ records }) => `/backend/menus/${records.menus}/catalogue`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/menu-preview": {
    path: ({ records }) => `/backend/menus/${records.menus}/preview`,
    allowed: "admin",
    outsider: "deny",
  },
  // An image template's PNG and its layers (issue 16, decision 041): administrators.
  "routes/backend/image-template-png": {
    path: ({ records }) => `/backend/image-templates/${records["image-templates"]}/bild.png`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/image-template-layers": {
    path: ({ records }) => `/api/image-templates/${records["image-templates"]}/layers`,
    allowed: "admin",
    outsider: "deny",
  },
  // The images (issue 16, decision 038): administrators only.
  "routes/backend/images": { path: () => "/backend/images", allowed: "admin", outsider: "deny" },
  "routes/backend/image-new": {
    path: () => "/backend/images/new",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/image-edit": {
    path: ({ records }) => `/backend/images/${records.images}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/images": { path: () => "/api/images", allowed: "admin", outsider: "deny" },
  "routes/api/image": {
    path: ({ records }) => `/api/images/${records.images}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/settings": {
    path: () => "/backend/settings",
    allowed: "admin",
    outsider: "deny",
  },
  // Bulk changes and the CSV (issue 15, decision 036): administrators only.
  "routes/backend/products-bulk": {
    path: () => "/backend/products/bulk",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/products-import": {
    path: () => "/backend/products/import",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/products-export": {
    path: () => "/backend/products/export.csv",
    allowed: "admin",
    outsider: "deny",
  },
  // Product labels (issue 20, decision 057): the form and its PDF, administrators only.
  "routes/backend/products-labels": {
    path: () => "/backend/products/labels",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/products-labels-pdf": {
    path: ({ records }) =>
      `/backend/products/labels.pdf?format=compact&anzahl-${records.products}=2`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/products-bulk": {
    path: () => "/api/products/bulk",
    allowed: "admin",
    outsider: "deny",
    allowedStatus: 405,
  },
  "routes/api/products-import": {
    path: () => "/api/products/import",
    allowed: "admin",
    outsider: "deny",
    allowedStatus: 405,
  },
  "routes/api/products-export": {
    path: () => "/api/products/export",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/branch-menus": {
    path: ({ branchA }) => `/api/branches/${branchA}/menus`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/init": {
    path: () => "/api/init",
    allowed: "employeeA",
    outsider: { allowedBecause: "jede und jeder lädt die Startdaten der eigenen Filialen" },
  },
  "routes/api/config": { path: () => "/api/config", allowed: "admin", outsider: "deny" },
  // "Dateien" (decision 037): the uploads are for administrators.
  "routes/backend/uploads": { path: () => "/backend/uploads", allowed: "admin", outsider: "deny" },
  "routes/api/uploads": { path: () => "/api/uploads", allowed: "admin", outsider: "deny" },
  "routes/api/upload": {
    path: ({ records }) => `/api/uploads/${records.uploads}`,
    allowed: "admin",
    outsider: "deny",
    moreMethods: ["PUT", "DELETE"],
  },
  "routes/backend/logs": { path: () => "/backend/logs", allowed: "managerA", outsider: "deny" },
  "routes/backend/log": {
    path: ({ records }) => `/backend/logs/${records.log}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/logs": { path: () => "/api/logs", allowed: "managerA", outsider: "deny" },
  // Webhooks (issue 38 part 3): administrators only.
  "routes/backend/webhooks": {
    path: () => "/backend/webhooks",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/webhook": {
    path: ({ records }) => `/backend/webhooks/${records.webhooks}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/webhooks": { path: () => "/api/webhooks", allowed: "admin", outsider: "deny" },
  // A customer's personal data (issue 41 part 7, decision 112): administrators only.
  "routes/backend/customer-data": {
    path: () => "/backend/customer-data?q=kunde%40example.org",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/customer-data-export": {
    path: () => "/backend/customer-data/export.json?q=kunde%40example.org",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/customer-data": {
    path: () => "/api/customer-data?q=kunde%40example.org",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/customer-data-erase": {
    path: () => "/api/customer-data/erase",
    allowed: "admin",
    outsider: "deny",
    allowedStatus: 405,
  },
  "routes/api/webhook": {
    path: ({ records }) => `/api/webhooks/${records.webhooks}`,
    allowed: "admin",
    outsider: "deny",
    moreMethods: ["PUT", "DELETE"],
  },
  "routes/api/webhook-deliveries": {
    path: ({ records }) => `/api/webhooks/${records.webhooks}/deliveries`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/webhook-delivery-resend": {
    path: ({ records }) => `/api/webhooks/deliveries/${records.webhookDeliveries}/resend`,
    allowed: "admin",
    outsider: "deny",
    allowedStatus: 405,
  },
  // The statistics (decision 055): administrators and the managers of their branches.
  "routes/backend/statistics": {
    path: () => "/backend/statistics",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/statistics-csv": {
    path: () => "/backend/statistics/orders.csv",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/statistics": {
    path: () => "/api/statistics/revenue?from=2026-11-01&to=2026-11-30",
    allowed: "managerA",
    outsider: "deny",
  },
  // The production list (issue 39, decision 103): every staff member, for their own branches.
  "routes/backend/production": {
    path: ({ branchA }) => `/backend/production?filiale=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "backend-production-csv": {
    path: ({ branchA }) => `/backend/production/backliste.csv?filiale=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "backend-production-pdf": {
    path: ({ branchA }) => `/backend/production/backliste.pdf?filiale=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
    allowedStatus: 405,
  },
  "routes/api/production-lists": {
    path: ({ branchA }) => `/api/production-lists?branchId=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  // Capacities (issue 39 part 2, decision 113): administrators and managers, their branches.
  "routes/backend/capacities": {
    path: ({ branchA }) => `/backend/capacities?filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  // The tax adviser's export (issue 39 part 3, decision 116): administrators and managers, their
  // branches; the settings for administrators only.
  "routes/backend/exports": {
    path: ({ branchA }) => `/backend/exports?monat=2026-10&filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/exports-settings": {
    path: () => "/backend/exports/settings",
    allowed: "admin",
    outsider: "deny",
  },
  "backend-exports-datev": {
    path: ({ branchA }) => `/backend/exports/datev.csv?monat=2026-10&filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
    // Until an administrator sets the adviser's numbers, the batch is refused (decision 116).
    allowedStatus: 409,
  },
  "backend-exports-order-lines": {
    path: ({ branchA }) =>
      `/backend/exports/bestellpositionen.csv?monat=2026-10&filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "api-exports": {
    path: ({ branchA }) => `/api/exports?month=2026-10&branchId=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "api-exports-datev": {
    path: ({ branchA }) => `/api/exports/datev?month=2026-10&branchId=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
    allowedStatus: 409,
  },
  "api-exports-order-lines": {
    path: ({ branchA }) => `/api/exports/order-lines?month=2026-10&branchId=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  // The daily closing (issue 39 part 3, decision 117): administrators and managers, their branches.
  "routes/backend/daily-closing": {
    path: ({ branchA }) => `/backend/daily-closing?filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/daily-closing-pdf": {
    path: ({ branchA }) => `/backend/daily-closing/tagesabschluss.pdf?filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/daily-closings": {
    path: ({ branchA }) => `/api/daily-closings?branchId=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  // Time tracking (issue 21, decision 058): everyone clocks for themselves; managers correct.
  "routes/backend/my-time": {
    path: () => "/backend/my-time",
    allowed: "employeeA",
    outsider: {
      allowedBecause: "jede und jeder stempelt für sich selbst, an den eigenen Filialen",
    },
  },
  "routes/backend/working-activities": {
    path: () => "/backend/working-activities",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/working-activity": {
    path: ({ records }) => `/backend/working-activities/${records.workingActivity}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/working-activities": {
    path: () => "/api/working-activities",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/working-activity": {
    path: ({ records }) => `/api/working-activities/${records.workingActivity}`,
    allowed: "managerA",
    outsider: "deny",
    moreMethods: ["PUT", "DELETE"],
  },
  // Decision 065: managers add forgotten activities and set their people's clock PINs and cards.
  "routes/backend/working-activity-new": {
    path: () => "/backend/working-activities/new",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/clock-credentials": {
    path: () => "/backend/clock-credentials",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/clock-credentials": {
    path: ({ users }) => `/api/clock-credentials/${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
    moreMethods: ["PUT"],
  },
  // The working plan (issue 21's second half, decision 059): managers plan their branches.
  "routes/backend/working-schedules": {
    path: ({ branchA }) => `/backend/working-schedules?filiale=${branchA}`,
    allowed: "managerA",
    outsider: "deny",
  },
  // Managers read time sheets; only administrators close a month (the POST), so the walk uses them.
  "routes/backend/time-sheets": {
    path: ({ users }) => `/backend/time-sheets?monat=2026-11&person=${users.employeeA.id}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/time-sheets-export": {
    path: ({ users }) => `/backend/time-sheets/export?monat=2026-11&person=${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/time-sheets-pdf": {
    path: ({ users }) => `/backend/time-sheets/pdf?monat=2026-11&person=${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/working-schedules": {
    path: () => "/api/working-schedules?from=2026-11-16&to=2026-11-22",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/working-schedules-copy-week": {
    path: () => "/api/working-schedules/copy-week",
    allowed: "managerA",
    outsider: "deny",
    allowedStatus: 405,
  },
  "routes/api/working-schedule": {
    path: ({ records }) => `/api/working-schedules/${records.workingSchedule}`,
    allowed: "managerA",
    outsider: "deny",
    moreMethods: ["PUT", "DELETE"],
  },
  "routes/api/absences": {
    path: () => "/api/absences?from=2026-11-16&to=2026-11-22",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/absence": {
    path: ({ records }) => `/api/absences/${records.absence}`,
    allowed: "managerA",
    outsider: "deny",
    allowedStatus: 405,
    moreMethods: ["DELETE"],
  },
  "routes/api/working-contract": {
    path: ({ users }) => `/api/working-contracts/${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
    moreMethods: ["PUT"],
  },
  "routes/api/time-sheets": {
    path: ({ users }) => `/api/time-sheets?user=${users.employeeA.id}&month=2026-11`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/holiday-balances": {
    path: () => "/api/time-sheets/holiday-balances?year=2026",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/closed-months": {
    path: () => "/api/closed-months",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/log": {
    path: ({ records }) => `/api/logs/${records.log}`,
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/layout": {
    path: () => "/backend",
    allowed: "employeeA",
    outsider: { allowedBecause: "der Rahmen des Backoffice ist für alle Mitarbeitenden" },
  },
  "routes/backend/index": {
    path: () => "/backend",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Startseite zeigt nur die eigenen Filialen" },
  },
  "routes/backend/users": {
    path: () => "/backend/users",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/user-new": {
    path: () => "/backend/users/new",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/user-edit": {
    path: ({ users }) => `/backend/users/${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
  },
  // Personal API tokens (decisions 095, 096): administrators make their own.
  "routes/backend/api-tokens": {
    path: () => "/backend/api-tokens",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/account-password": {
    path: () => "/backend/account/password",
    allowed: "employeeA",
    outsider: { allowedBecause: "jede und jeder ändert das eigene Passwort" },
  },
  "routes/backend/not-found": {
    path: () => "/backend/gibt-es-nicht",
    allowed: "employeeA",
    outsider: { allowedBecause: "unbekannte Adressen sind für alle Angemeldeten 404" },
    allowedStatus: 404,
  },
  // The published contract (issue 38, decisions 101, 102): the JSON for every signed-in staff
  // member, the reference page and its renderer's files for administrators.
  "routes/api/openapi-json": {
    path: () => "/api/openapi.json",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Beschreibung der Schnittstelle ist für alle Angemeldeten" },
  },
  "routes/backend/api-reference": {
    path: () => "/backend/api",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/backend/api-reference-asset": {
    path: () => "/backend/api/assets/swagger-ui.css",
    allowed: "admin",
    outsider: "deny",
  },
  "routes/api/users-me": {
    path: () => "/api/users/me",
    allowed: "employeeA",
    outsider: { allowedBecause: "jede und jeder liest das eigene Konto" },
  },
  "routes/api/users": {
    path: () => "/api/users",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/user": {
    path: ({ users }) => `/api/users/${users.employeeA.id}`,
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/api/user-logout-everywhere": {
    path: ({ users }) => `/api/users/${users.employeeA.id}/logout-everywhere`,
    allowed: "managerA",
    outsider: "deny",
    // Only POST ends sessions; a GET passes the checks and is then refused.
    allowedStatus: 405,
  },
  "routes/backend/orders": {
    path: () => "/backend/orders",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Liste zeigt nur die Bestellungen der eigenen Filialen" },
  },
  "routes/backend/phone-order": {
    path: () => "/backend/orders/new",
    allowed: "employeeA",
    outsider: { allowedBecause: "Telefonbestellungen nur für die eigenen Filialen" },
  },
  "routes/backend/orders-events": {
    path: () => "/backend/orders/events",
    allowed: "employeeA",
    outsider: { allowedBecause: "der Strom meldet nur die eigenen Filialen" },
    // The test server has no LISTEN connection: the stream answers 503 after the checks.
    allowedStatus: 503,
  },
  "routes/backend/tasks-events": {
    path: () => "/backend/tasks/events",
    allowed: "managerA",
    outsider: "deny",
    // The test server has no LISTEN connection: the stream answers 503 after the checks.
    allowedStatus: 503,
  },
  "routes/backend/order": {
    path: ({ orderA }) => `/backend/orders/${orderA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/backend/order-receipt": {
    path: ({ orderA }) => `/backend/orders/${orderA}/receipt`,
    allowed: "employeeA",
    outsider: "deny",
  },
  // "Kopie drucken" (decision 056): a GET leads to the order's page; the copy is a POST.
  "routes/backend/order-reprint": {
    path: ({ orderA }) => `/backend/orders/${orderA}/kopie`,
    allowed: "employeeA",
    outsider: "deny",
    allowedStatus: 302,
  },
  "routes/backend/order-edit": {
    path: ({ orderA }) => `/backend/orders/${orderA}/edit`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/backend/order-escpos": {
    path: ({ orderA }) => `/backend/orders/${orderA}/escpos`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/backend/order-item": {
    path: ({ orderA }) => `/backend/orders/${orderA}/items/0`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/backend/device-keys": {
    path: () => "/backend/device-keys",
    allowed: "managerA",
    outsider: "deny",
  },
  "routes/backend/local-settings": {
    path: () => "/backend/display",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Anzeige gilt nur für das eigene Gerät und zeigt keine Daten" },
  },
  "api-orders": {
    path: () => "/api/orders",
    allowed: "employeeA",
    outsider: {
      allowedBecause:
        "die Liste zeigt nur die eigenen Filialen; eine neue Bestellung für eine fremde Filiale wird mit 403 abgelehnt (orders-api.test.ts)",
    },
  },
  "api-orders-current": {
    path: () => "/api/orders/current",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Liste zeigt nur die Bestellungen der eigenen Filialen" },
  },
  "api-orders-missed": {
    path: () => "/api/orders/missed",
    allowed: "employeeA",
    outsider: { allowedBecause: "die Liste zeigt nur die Bestellungen der eigenen Filialen" },
  },
  "routes/api/staff-order": {
    path: ({ orderA }) => `/api/orders/${orderA}`,
    allowed: "employeeA",
    outsider: "deny",
    // PUT changes contact data, DELETE removes a failed order (decision 033).
    moreMethods: ["PUT", "DELETE"],
  },
  "api-order-operation": {
    path: ({ orderA }) => `/api/orders/${orderA}/print`,
    allowed: "employeeA",
    outsider: "deny",
    allowedStatus: 405,
  },
  "api-order-status": {
    path: ({ orderA }) => `/api/orders/${orderA}/status/confirm`,
    allowed: "employeeA",
    outsider: "deny",
    allowedStatus: 405,
  },
  // Sold out today (decision 036): any staff member for their branches, every branch for admins.
  "routes/backend/sold-out": {
    path: ({ branchA }) => `/backend/sold-out?branch=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/backend/product-sold-out": {
    path: ({ records }) => `/backend/products/${records.products}/sold-out`,
    allowed: "employeeA",
    outsider: {
      allowedBecause:
        "jede und jeder markiert für die eigenen Filialen; eine fremde Filiale und „alle Filialen“ ohne Administratorrolle sind 403 (catalogue-sold-out.test.ts)",
    },
  },
  "routes/api/products-sold-out": {
    path: ({ branchA }) => `/api/products/sold-out?branchId=${branchA}`,
    allowed: "employeeA",
    outsider: "deny",
  },
  "routes/api/product-sold-out": {
    path: ({ records }) => `/api/products/${records.products}/sold-out`,
    allowed: "employeeA",
    outsider: {
      allowedBecause:
        "jede und jeder markiert für die eigenen Filialen; eine fremde Filiale und „alle Filialen“ ohne Administratorrolle sind 403 (catalogue-sold-out.test.ts)",
    },
    allowedStatus: 405,
    moreMethods: ["PUT"],
  },
  "routes/api/staff-order-item": {
    path: ({ orderA }) => `/api/orders/${orderA}/items/0`,
    allowed: "employeeA",
    outsider: "deny",
    // GET is not offered (the item is changed with PUT).
    allowedStatus: 405,
  },
};

/**
 * Opened by a branch's device key instead of a staff session (decision 019); and the API's JSON 404
 * for unknown addresses, which answers everyone alike and shows nothing (tests/integration/
 * staff-api-contract.test.ts).
 */
const KEY_ROUTES = new Set([
  "api/orders/:view/:branchId/:apiKey",
  "api/time-tracking/:branchId/:deviceKey/:call",
  "api/time-tracking/:branchId/:deviceKey/working-activities/:action",
  "api/*",
]);

/** The routes this walk must cover, straight from app/routes.ts. */
function guardedRoutes(): RouteEntry[] {
  return appRoutes().filter((route) => {
    if (PUBLIC_BACKEND.has(route.fullPath) || KEY_ROUTES.has(route.fullPath)) return false;
    const isBackend = route.fullPath === "backend" || route.fullPath.startsWith("backend/");
    const isStaffApi = route.fullPath.startsWith("api/") && isStaffPath(`/${route.fullPath}`);
    return isBackend || isStaffApi;
  });
}

describe("the authorisation table", () => {
  it("names every back-office and staff API route, and no route that is gone", () => {
    const routes = guardedRoutes().map((route) => route.id);
    const missing = routes.filter((id) => !(id in ROUTES));
    expect(missing, "Routen ohne Eintrag in ROUTES").toEqual([]);
    const stale = Object.keys(ROUTES).filter((id) => !routes.includes(id));
    expect(stale, "Einträge in ROUTES ohne Route").toEqual([]);
  });

  it("leaves the public order API and the payment webhooks to their own checks", () => {
    const ids = guardedRoutes().map((route) => route.id);
    expect(ids).not.toContain("routes/api/public-order");
    expect(ids).not.toContain("routes/api/payment-webhook");
    // The fonts are public (decision 041): signage screens load them without a session.
    expect(ids).not.toContain("routes/api/fonts");
    expect(ids).not.toContain("routes/api/font-embed-css");
    // The analytics log is the storefront's; consent, not a session, decides (decision 054).
    expect(ids).not.toContain("routes/api/analytics-log");
    // A signage video (decision 060) is for paired TVs and staff: tests/integration/
    // signage-video.test.ts knocks as nobody, an unpaired browser and a stranger (404 each).
    expect(ids).not.toContain("routes/tv-video");
    expect(ids).toContain("routes/backend/signage-video");
    // Polling printers name themselves with their device token (decisions 056, 063).
    expect(ids).not.toContain("routes/api/cloudprnt");
    expect(ids).not.toContain("routes/api/epson-sdp");
    expect(ids).toContain("routes/api/users");
  });
});

describe.each(databaseTargets())("every guarded route on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let samples: Samples;

  async function prepareSamples(): Promise<Samples> {
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "filiale-a", name: "Filiale A", position: 1 },
        { identifier: "filiale-b", name: "Filiale B", position: 2 },
      ])
      .returning("id")
      .execute();
    const [branchA, branchB] = branches.map((branch) => branch.id) as [number, number];
    const orderA = await insertTestOrder(db, { branchIdentifier: "filiale-a" });
    const id = (row: { id: number }) => row.id;
    const records = {
      branches: branchA,
      // Seeded by its migration (the EU's 14).
      allergens: id(
        await (db as unknown as Kysely<any>)
          .selectFrom("allergens")
          .select("id")
          .orderBy("id")
          .executeTakeFirstOrThrow(),
      ),
      tags: id(
        await db
          .insertInto("tags")
          .values({ identifier: "bio", name: "Bio" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      tables: id(
        await db
          .insertInto("tables")
          .values({ branchId: branchA, identifier: "T1", name: "Tisch 1" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      devices: id(
        await db
          .insertInto("devices")
          .values({ branchId: branchA, identifier: "kueche", name: "Küche", kind: "printer" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      projects: id(
        await db
          .insertInto("projects")
          .values({ branchId: branchA, name: "Weihnachtsgebäck" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      tasks: id(
        await db
          .insertInto("tasks")
          .values({ branchId: branchA, name: "Stollen backen" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      donatees: id(
        await db
          .insertInto("donatees")
          .values({ identifier: "tafel", name: "Tafel" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      divisions: id(
        await db
          .insertInto("divisions")
          .values({ identifier: "korn", name: "Korn" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      departments: id(
        await db
          .insertInto("departments")
          .values({ identifier: "backstube", name: "Backstube" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      categories: id(
        await db
          .insertInto("categories")
          .values({ identifier: "torten", name: "Torten" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      "product-groups": id(
        await db
          .insertInto("productGroups")
          .values({ identifier: "kleingebaeck", name: "Kleingebäck" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      products: id(
        await db
          .insertInto("products")
          .values({ identifier: "brezel", name: "Brezel", price: 90 })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      menus: id(
        await db
          .insertInto("menus")
          .values({ name: "Wochenkarte", availableFrom: new Date("2026-01-01T00:00:00Z") })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      sites: id(
        await db
          .insertInto("sites")
          .values({ path: "ueber-uns", name: "Über uns" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      navigations: id(
        await db
          .insertInto("navigations")
          .values({ identifier: "header", name: "Kopfzeile" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      "image-templates": id(
        await db
          .insertInto("imageTemplates")
          .values({
            identifier: "preisschild",
            name: "Preisschild",
            width: 64,
            height: 32,
            layers: JSON.stringify([
              { type: "area", x: 0, y: 0, width: 64, height: 32, color: "#F5E6C8", radius: 0 },
            ]),
          })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      blocks: id(
        await db
          .insertInto("blocks")
          .values({ identifier: "intro", name: "Einleitung" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      "digital-signage-segments": id(
        await db
          .insertInto("signageSegments")
          .values({ name: "Willkommen", kind: "text", body: "Willkommen", durationSeconds: 5 })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      "digital-signage-streams": id(
        await db
          .insertInto("signageStreams")
          .values({ name: "Theke" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
      "digital-signage-devices": id(
        await db
          .insertInto("signageDevices")
          .values({ name: "TV 1", branchId: branchA })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
    };
    const upload = await db
      .insertInto("uploads")
      .values({
        extension: "txt",
        publicHash: "a".repeat(32),
        mimeType: "text/plain",
        sizeBytes: 5,
        originalName: "notiz.txt",
        storageKey: "b".repeat(40),
        isStaffFile: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const image = await db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        alt: "Ein Bild",
        storageKey: "0123456789abcdef0123456789abcdef01234567",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const log = await db
      .insertInto("auditLog")
      .values({ action: "tag.created", entityType: "tag", entityId: String(records.tags) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const users = {
      admin: await createStaff(db, { roles: ["ROLE_ADMIN"] }),
      managerA: await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branchA] }),
      employeeA: await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] }),
      employeeB: await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchB] }),
    };
    const workingActivity = await db
      .insertInto("workingActivities")
      .values({
        userId: users.employeeA.id,
        branchId: branchA,
        startedAt: new Date("2026-11-20T07:00:00Z"),
        endedAt: new Date("2026-11-20T15:00:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const workingSchedule = await db
      .insertInto("workingSchedules")
      .values({
        userId: users.employeeA.id,
        branchId: branchA,
        day: "2026-11-18",
        startMinute: 360,
        endMinute: 720,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const absence = await db
      .insertInto("absences")
      .values({ userId: users.employeeA.id, day: "2026-11-19", kind: "holiday" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A webhook endpoint and one delivery of its log (issue 38 part 3).
    const webhook = await db
      .insertInto("webhookEndpoints")
      .values({ url: "https://erp.example/hooks", events: ["order.created"], secret: "whsec_x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const webhookDelivery = await db
      .insertInto("webhookDeliveries")
      .values({
        eventId: "6f1c3b0e-2a4d-4c8e-9f3a-1b2c3d4e5f60",
        endpointId: webhook.id,
        eventType: "order.created",
        subject: `order:${orderA.id}`,
        data: JSON.stringify({ orderId: orderA.id }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      branchA,
      branchB,
      orderA: orderA.id,
      records: {
        ...records,
        webhooks: webhook.id,
        webhookDeliveries: webhookDelivery.id,
        log: Number(log.id),
        uploads: upload.id,
        images: image.id,
        workingActivity: workingActivity.id,
        workingSchedule: workingSchedule.id,
        absence: absence.id,
      },
      users,
    };
  }

  /**
   * The sample rows a walk's DELETE removes (the allowed actor may delete them), in the order
   * they can be put back: the token walk below knocks on the same doors after the session walk and
   * expects its GET to find them (stop 47).
   */
  const DELETED_BY_THE_WALK = [
    "uploads",
    "webhook_endpoints",
    "webhook_deliveries",
    "working_schedules",
    "absences",
  ] as const;
  /** Each table's sample rows as JSON text, read once the samples are made. */
  let sampleRows: Array<[(typeof DELETED_BY_THE_WALK)[number], string]> = [];

  async function restoreDeletedSamples() {
    for (const [table, rows] of sampleRows) {
      await sql`insert into ${sql.table(table)} overriding system value
        select * from json_populate_recordset(null::${sql.table(table)}, ${rows}::json)
        on conflict do nothing`.execute(db);
    }
  }

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    samples = await prepareSamples();
    sampleRows = [];
    for (const table of DELETED_BY_THE_WALK) {
      const { rows } = await sql<{ rows: string }>`
        select coalesce(json_agg(t), '[]')::text as rows from ${sql.table(table)} t`.execute(db);
      sampleRows.push([table, rows[0]!.rows]);
    }
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const client = async (actor: ActorName | null) => {
    const browser = new StaffClient(server);
    return actor ? browser.signInAs(server.context, samples.users[actor].id) : browser;
  };

  const isApi = (path: string) => path.startsWith("/api/");

  function expectDeniedAnonymous(response: Response, path: string, label: string) {
    if (isApi(path)) {
      expect(response.status, label).toBe(401);
    } else {
      expect([302, 303], label).toContain(response.status);
      expect(response.headers.get("Location") ?? "", label).toMatch(/^\/backend\/login\?/);
    }
  }

  function expectDenied(response: Response, label: string) {
    expect([403, 404], label).toContain(response.status);
  }

  function expectAllowed(response: Response, label: string, status?: number) {
    if (status !== undefined) expect(response.status, label).toBe(status);
    expect([401, 403], label).not.toContain(response.status);
    expect(response.headers.get("Location") ?? "", label).not.toMatch(/^\/backend\/login/);
  }

  const cases = guardedRoutes().filter((route) => route.id in ROUTES);

  it.each(cases.map((route) => [route.id, route] as const))("%s", async (_id, route) => {
    const entry = ROUTES[route.id]!;
    const path = entry.path(samples);
    const module = await routeModule(route.file);
    const methods = ["GET", ...("action" in module ? ["POST", ...(entry.moreMethods ?? [])] : [])];
    for (const method of methods) {
      const send = async (actor: ActorName | null) => {
        const browser = await client(actor);
        return method === "GET"
          ? browser.send(path)
          : isApi(path)
            ? browser.send(path, { method, json: {} })
            : browser.send(path, { method, form: {} });
      };
      const label = (who: string) => `${method} ${path} als ${who}`;

      expectDeniedAnonymous(await send(null), path, label("Anonym"));

      const outsider = await send("employeeB");
      if (entry.outsider === "deny") expectDenied(outsider, label("Mitarbeiter/in von Filiale B"));
      else expectAllowed(outsider, `${label("Filiale B")} (${entry.outsider.allowedBecause})`);

      const allowed = await send(entry.allowed);
      expectAllowed(
        allowed,
        label(entry.allowed),
        method === "GET" ? (entry.allowedStatus ?? 200) : undefined,
      );
    }
  });

  /**
   * The same walk for the staff API with personal API tokens (decision 095): each actor is a token
   * of one administrator narrowed to that actor's roles and branches, so the token's scope, not
   * its owner, must decide. A revoked token knocks as nobody. Tokens never manage accounts or
   * credentials: those routes answer 403 to every token.
   */
  const TOKEN_REFUSED = new Set([
    "routes/api/users",
    "routes/api/user",
    "routes/api/user-logout-everywhere",
    "routes/api/clock-credentials",
  ]);
  const GRANTS: Record<ActorName, { roles: Role[]; branchIds: (s: Samples) => number[] }> = {
    admin: { roles: ["ROLE_ADMIN"], branchIds: () => [] },
    managerA: { roles: ["ROLE_MANAGER"], branchIds: (s) => [s.branchA] },
    employeeA: { roles: ["ROLE_EMPLOYEE"], branchIds: (s) => [s.branchA] },
    employeeB: { roles: ["ROLE_EMPLOYEE"], branchIds: (s) => [s.branchB] },
  };
  let tokenOwner: number | undefined;

  async function tokenFor(actor: ActorName | "revoked"): Promise<string> {
    if (tokenOwner === undefined) {
      tokenOwner = (await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Token-Inhaber" })).id;
      await setUserAccess(db, tokenOwner, { roles: ["ROLE_ADMIN"], branchIds: [] });
    }
    const grant = GRANTS[actor === "revoked" ? "admin" : actor];
    const made = await createApiToken(
      db,
      { user: { id: tokenOwner, roles: ["ROLE_ADMIN"], branchIds: [], isAdmin: true } },
      {
        name: `Walk ${actor}`,
        roles: grant.roles,
        branchIds: grant.branchIds(samples),
        expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
      { zone: "Europe/Berlin" },
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    if (actor === "revoked") {
      await db
        .updateTable("staffApiTokens")
        .set({ revokedAt: new Date() })
        .where("id", "=", made.value.id)
        .execute();
    }
    return made.value.token;
  }

  const apiCases = cases.filter((route) => route.fullPath.startsWith("api/"));

  it.each(apiCases.map((route) => [route.id, route] as const))(
    "%s with API tokens",
    async (_id, route) => {
      await restoreDeletedSamples();
      const entry = ROUTES[route.id]!;
      const path = entry.path(samples);
      const module = await routeModule(route.file);
      const methods = [
        "GET",
        ...("action" in module ? ["POST", ...(entry.moreMethods ?? [])] : []),
      ];
      const tokens = {
        revoked: await tokenFor("revoked"),
        outsider: await tokenFor("employeeB"),
        allowed: await tokenFor(entry.allowed),
      };
      for (const method of methods) {
        // Another system: no cookie, no Origin, only the token.
        const send = async (token: string) =>
          fetch(`${server.origin}${path}`, {
            method,
            redirect: "manual",
            headers: {
              Authorization: `Bearer ${token}`,
              ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
            },
            body: method === "GET" ? undefined : "{}",
          });
        const label = (who: string) => `${method} ${path} mit dem Schlüssel ${who}`;
        const revoked = await send(tokens.revoked);
        expect(revoked.status, label("widerrufen")).toBe(401);

        const outsider = await send(tokens.outsider);
        if (TOKEN_REFUSED.has(route.id)) {
          expect(outsider.status, label("Filiale B")).toBe(403);
          expect((await send(tokens.allowed)).status, label(entry.allowed)).toBe(403);
          continue;
        }
        if (entry.outsider === "deny") expectDenied(outsider, label("Mitarbeiter/in Filiale B"));
        else expectAllowed(outsider, `${label("Filiale B")} (${entry.outsider.allowedBecause})`);

        const allowed = await send(tokens.allowed);
        expectAllowed(
          allowed,
          label(entry.allowed),
          method === "GET" ? (entry.allowedStatus ?? 200) : undefined,
        );
      }
    },
  );

  it("opens the counter views with a branch's key only, never with a staff session", async () => {
    await db.updateTable("settings").set({ enablePluginFrontdesk: true }).execute();
    const { key } = await createBranchApiKey(db, {
      branchId: samples.branchA,
      label: "Theke",
      createdBy: null,
    });
    for (const path of [
      `/api/orders/frontdesk/${samples.branchA}/${key}`,
      `/orders/backoffice/${samples.branchA}/${key}`,
    ]) {
      expect((await (await client(null)).send(path)).status, path).toBe(200);
    }
    for (const path of [
      `/api/orders/frontdesk/${samples.branchB}/${key}`,
      `/api/orders/frontdesk/${samples.branchA}/${"x".repeat(43)}`,
      `/api/orders/kasse/${samples.branchA}/${key}`,
      `/orders/frontdesk/${samples.branchB}/${key}`,
      // The counter view's live events (issue 36, item 13): the same key, the same 404.
      `/orders/frontdesk/${samples.branchB}/${key}/events`,
    ]) {
      expect((await (await client("admin")).send(path)).status, path).toBe(404);
    }
  });

  it("opens the time clock with a branch's time-clock key only, never with a staff session", async () => {
    const { key } = await createBranchApiKey(db, {
      branchId: samples.branchA,
      label: "Stempeluhr",
      createdBy: null,
      purpose: "time_clock",
    });
    const { key: ordersKey } = await createBranchApiKey(db, {
      branchId: samples.branchA,
      label: "Theke",
      createdBy: null,
    });
    expect((await (await client(null)).send(`/time-clock/${samples.branchA}/${key}`)).status).toBe(
      200,
    );
    // The key opens the clock; the person still needs their PIN or card (401 without).
    expect(
      (await (await client("admin")).send(`/api/time-tracking/${samples.branchA}/${key}/me`))
        .status,
    ).toBe(401);
    for (const path of [
      `/api/time-tracking/${samples.branchB}/${key}/me`,
      `/api/time-tracking/${samples.branchA}/${ordersKey}/me`,
      `/api/time-tracking/${samples.branchA}/${"x".repeat(43)}/working-activities`,
      `/time-clock/${samples.branchB}/${key}`,
      `/time-clock/${samples.branchA}/${ordersKey}`,
    ]) {
      expect((await (await client("admin")).send(path)).status, path).toBe(404);
    }
    const post = await (
      await client("employeeA")
    ).send(`/api/time-tracking/${samples.branchB}/${key}/working-activities/start`, {
      method: "POST",
      json: {},
    });
    expect(post.status).toBe(404);
  });

  // Issue 35, finding 5 (decision 068): one rule for who may manage whom, in user management and
  // in every time-tracking write alike. A manager of branch A manages the plain employees of
  // branch A only: not another manager of A, not an employee shared with branch B.
  it("lets a manager write time-tracking data only for the people user management lets them manage", async () => {
    const peer = await createStaff(db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [samples.branchA],
      name: "Petra Peer",
    });
    const shared = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [samples.branchA, samples.branchB],
      name: "Sina Geteilt",
    });
    const plain = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [samples.branchA],
      name: "Paul Eigen",
    });
    // The pages offer only whom the manager may manage (or see, for the time sheets).
    const manager = await client("managerA");
    for (const path of ["/backend/clock-credentials", "/backend/time-sheets"]) {
      const html = await (await manager.send(path)).text();
      expect(html, path).toContain("Paul Eigen");
      expect(html, path).not.toContain("Petra Peer");
      expect(html, path).not.toContain("Sina Geteilt");
    }
    // The week grid plans everyone's shifts, but books absences and contracts for its own only.
    const grid = await (
      await manager.send(`/backend/working-schedules?filiale=${samples.branchA}`)
    ).text();
    for (const select of ["absence-person", "contract-person"]) {
      const options = new RegExp(`<select[^>]* id="${select}"[^>]*>(.*?)</select>`, "s").exec(
        grid,
      )?.[1];
      expect(options, select).toContain("Paul Eigen");
      expect(options, select).not.toContain("Petra Peer");
      expect(options, select).not.toContain("Sina Geteilt");
    }
    const activityOf = async (userId: number, day: string) =>
      (
        await db
          .insertInto("workingActivities")
          .values({
            userId,
            branchId: samples.branchA,
            startedAt: new Date(`${day}T05:00:00Z`),
            endedAt: new Date(`${day}T09:00:00Z`),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const writes = async (actor: ActorName, person: TestStaff, day: string) => {
      const browser = await client(actor);
      const activity = await activityOf(person.id, day);
      const later = new Date(Date.parse(`${day}T12:00:00Z`) + 10 * 86_400_000);
      const absence = (
        await db
          .insertInto("absences")
          .values({ userId: person.id, day: later.toISOString().slice(0, 10), kind: "sickness" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const send = (path: string, method: string, json: Record<string, unknown>) =>
        browser.send(path, { method, json });
      return {
        "user (user management)": (
          await send(`/api/users/${person.id}`, "PUT", { name: "Neuer Name" })
        ).status,
        "clock credentials": (
          await send(`/api/clock-credentials/${person.id}`, "PUT", { pin: "2468" })
        ).status,
        "clock credentials (page)": (
          await browser.send("/backend/clock-credentials", {
            form: { userId: String(person.id), pin: "2468" },
          })
        ).status,
        contract: (
          await send(`/api/working-contracts/${person.id}`, "PUT", {
            weekdayMinutes: [480, 480, 480, 480, 480, 0, 0],
          })
        ).status,
        "contract (page)": (
          await browser.send("/backend/working-schedules", {
            form: { intent: "contract", userId: String(person.id), minutes0: "08:00" },
          })
        ).status,
        absence: (
          await send("/api/absences", "POST", { userId: person.id, from: day, kind: "holiday" })
        ).status,
        "absence deleted": (await send(`/api/absences/${absence}`, "DELETE", {})).status,
        "activity added": (
          await send("/api/working-activities", "POST", {
            userId: person.id,
            branchId: samples.branchA,
            start: `${day}T12:00:00Z`,
            end: `${day}T14:00:00Z`,
            reason: "Vergessen",
          })
        ).status,
        "activity corrected": (
          await send(`/api/working-activities/${activity}`, "PUT", {
            start: `${day}T05:00:00Z`,
            end: `${day}T08:00:00Z`,
            reason: "Korrektur",
          })
        ).status,
        "activity deleted": (
          await send(`/api/working-activities/${activity}`, "DELETE", { reason: "Falsch" })
        ).status,
        "time sheet": (await browser.send(`/api/time-sheets?user=${person.id}&month=2026-11`))
          .status,
      };
    };
    const refused = (status: number) => ({
      "user (user management)": status,
      "clock credentials": status,
      "clock credentials (page)": status,
      contract: status,
      "contract (page)": status,
      absence: status,
      "absence deleted": status,
      "activity added": status,
      "activity corrected": status,
      "activity deleted": status,
      "time sheet": status,
    });
    expect(
      await writes("managerA", peer, "2026-11-04"),
      "Filialleitung über Filialleitung",
    ).toEqual(refused(403));
    expect(await writes("managerA", shared, "2026-11-05"), "geteilte Mitarbeiterin").toEqual(
      refused(403),
    );
    expect(await writes("managerA", plain, "2026-11-06"), "eigene Mitarbeiterin").toEqual({
      "user (user management)": 200,
      "clock credentials": 204,
      "clock credentials (page)": 302,
      contract: 200,
      "contract (page)": 302,
      absence: 201,
      "absence deleted": 204,
      "activity added": 201,
      "activity corrected": 200,
      "activity deleted": 204,
      "time sheet": 200,
    });
    for (const [person, day] of [
      [peer, "2026-11-09"],
      [shared, "2026-11-10"],
    ] as const) {
      expect(await writes("admin", person, day), "Administration").toEqual({
        "user (user management)": 200,
        "clock credentials": 204,
        "clock credentials (page)": 302,
        contract: 200,
        "contract (page)": 302,
        absence: 201,
        "absence deleted": 204,
        "activity added": 201,
        "activity corrected": 200,
        "activity deleted": 204,
        "time sheet": 200,
      });
    }
    // Refused writes left nothing behind.
    for (const person of [peer, shared]) {
      const byManager = await db
        .selectFrom("auditLog")
        .select("action")
        .where("userId", "=", samples.users.managerA.id)
        .where("entityType", "=", "user")
        .where("entityId", "=", String(person.id))
        .execute();
      expect(byManager, `Audit der Filialleitung für ${person.id}`).toEqual([]);
    }
    const added = await db
      .selectFrom("workingActivities")
      .select("id")
      .where("userId", "in", [peer.id, shared.id])
      .where("startedAt", "<", new Date("2026-11-07T00:00:00Z"))
      .where("source", "=", "backoffice")
      .execute();
    expect(added, "von der Filialleitung nachgetragen").toEqual([]);
  });

  it("serves a polling printer's address with its device token only, never with a staff session", async () => {
    const [sdp, star] = await db
      .insertInto("devices")
      .values([
        {
          branchId: samples.branchA,
          identifier: "sdp-walk",
          name: "Epson",
          kind: "printer",
          connection: "epson_sdp",
        },
        {
          branchId: samples.branchA,
          identifier: "star-walk",
          name: "Star",
          kind: "printer",
          connection: "star_cloudprnt",
        },
      ])
      .returning(["id", "token"])
      .execute();
    const form = { ConnectionType: "GetRequest", ID: "" };
    expect((await (await client(null)).send(`/api/epson-sdp/${sdp!.token}`, { form })).status).toBe(
      200,
    );
    expect(
      (await (await client(null)).send(`/api/cloudprnt/${star!.token}`, { json: {} })).status,
    ).toBe(200);
    for (const path of [
      "/api/epson-sdp/x",
      `/api/epson-sdp/${"0".repeat(64)}`,
      `/api/epson-sdp/${star!.token}`,
      `/api/cloudprnt/${sdp!.token}`,
    ]) {
      // A staff session opens nothing here: only the printer's own token does.
      const body = path.includes("cloudprnt") ? { json: {} } : { form };
      expect((await (await client("admin")).send(path, body)).status, path).toBe(404);
    }
  });

  it("opens an order notifier's page with its device token only, never with a staff session", async () => {
    const [notifier, printer] = await db
      .insertInto("devices")
      .values([
        { branchId: samples.branchA, identifier: "melder-walk", name: "Melder", kind: "notifier" },
        { branchId: samples.branchA, identifier: "drucker-walk", name: "Drucker", kind: "printer" },
      ])
      .returning(["id", "token"])
      .execute();
    expect((await (await client(null)).send(`/melder/${notifier!.token}`)).status).toBe(200);
    for (const path of [
      "/melder/x",
      `/melder/${printer!.token}`,
      `/melder/${"0".repeat(64)}`,
      `/melder/${printer!.token}/events`,
      `/melder/${printer!.token}/abo`,
    ]) {
      expect((await (await client("admin")).send(path)).status, path).toBe(404);
    }
    const post = await (
      await client("admin")
    ).send(`/melder/${printer!.token}/abo`, { json: { endpoint: "https://push.example.org/1" } });
    expect(post.status).toBe(404);
  });
});
