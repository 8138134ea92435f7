import { type RouteConfig, index, layout, route } from "@remix-run/route-config";
import { RESOURCE_NAMES } from "./features/areas";

/**
 * The back-office resources that follow the one pattern (decision 035): a list, a new and an edit
 * page each, and `/api/<name>` with `/api/<name>/{id}`. Their names come from the registry of
 * areas (decision 083): adding one is its area folder and one line in app/features/areas.ts.
 */
const RESOURCES = RESOURCE_NAMES;

const resourcePages = RESOURCES.flatMap((name) => [
  route(name, "routes/backend/resource-list.tsx", { id: `backend-${name}` }),
  route(`${name}/new`, "routes/backend/resource-edit.tsx", { id: `backend-${name}-new` }),
  route(`${name}/:id`, "routes/backend/resource-edit.tsx", { id: `backend-${name}-edit` }),
]);

const resourceApi = RESOURCES.flatMap((name) => [
  route(`api/${name}`, "routes/api/resources.ts", { id: `api-${name}` }),
  route(`api/${name}/:id`, "routes/api/resource.ts", { id: `api-${name}-one` }),
]);

// Nested as the URL is: the branch layout loads the branch once for the menu and (later) the
// checkout beneath it.
export default [
  index("routes/home.tsx"),
  // A division's branch list (spec section 2, decision 048).
  route("division/:divisionIdentifier", "routes/division.tsx"),
  route("store/:branchIdentifier", "routes/store/branch.tsx", [
    // The menu and the cart panel stay rendered beneath the item dialog.
    layout("routes/store/menu.tsx", [
      index("routes/store/cart.tsx"),
      route("product/:productId", "routes/store/product.tsx"),
    ]),
    route("checkout", "routes/store/checkout.tsx", { id: "checkout" }),
    // The same form after a failed online payment, with the spec's message on top.
    route("checkout/error", "routes/store/checkout.tsx", { id: "checkout-error" }),
  ]),
  // What an open menu page polls every 10 s (spec section 4, decision 043): JSON, no branch layout.
  route("store/:branchIdentifier/menu-version", "routes/store/menu-version.ts"),
  // The customer's return from the payment provider, and the provider's own notifications.
  route("zahlung/:uid/:hash/:outcome", "routes/payment-return.ts"),
  route("api/payments/:provider/webhook", "routes/api/payment-webhook.ts"),
  route("upload/:publicHash/:fileName", "routes/upload.tsx"),
  route("upload/:publicHash/preview/:fileName", "routes/upload-preview.tsx"),
  route("cookie-consent", "routes/consent.tsx"),
  route("kiosk", "routes/kiosk.tsx"),
  // The TV player of digital signage (issue 22, decision 060): pairing, playing, live, offline.
  // The order notifier's page (decision 057), opened with the device's token.
  route("melder/sw.js", "routes/melder-sw.ts"),
  route("melder/ton.wav", "routes/melder-ton.ts"),
  route("melder/:token", "routes/melder.tsx"),
  route("melder/:token/events", "routes/melder-events.ts"),
  route("melder/:token/abo", "routes/melder-abo.ts"),
  route("tv", "routes/tv.tsx"),
  route("tv/events", "routes/tv-events.ts"),
  route("tv/heartbeat", "routes/tv-heartbeat.ts"),
  route("tv/sw.js", "routes/tv-sw.ts"),
  route("tv/video/:id", "routes/tv-video.ts"),
  // The self-service kiosk's reset (decision 053): forgets the customer, back to the idle screen.
  route("kiosk/neu", "routes/kiosk-reset.ts"),
  route("image/*", "routes/image.tsx"),
  // The customer's order status page and its public JSON (spec sections 2 and 7).
  route("status/:uid/:hash", "routes/status.tsx"),
  route("api/orders/public/:uid/:hash", "routes/api/public-order.ts"),
  route("api/orders/public/:uid/:hash/:operation", "routes/api/public-order-operation.ts"),
  // The back office (docs/decisions/011, 012): sign-in pages outside the guarded frame.
  route("backend/login", "routes/backend/login.tsx"),
  route("backend/logout", "routes/backend/logout.ts"),
  route("backend/login-link/:token", "routes/backend/login-link.tsx"),
  route("backend/orders/:orderId/escpos", "routes/backend/order-escpos.ts"),
  route("backend", "routes/backend/layout.tsx", [
    index("routes/backend/index.tsx"),
    route("users", "routes/backend/users.tsx"),
    route("users/new", "routes/backend/user-new.tsx"),
    route("users/:userId", "routes/backend/user-edit.tsx"),
    route("account/password", "routes/backend/account-password.tsx"),
    // Personal API tokens for other systems (issue 38, decisions 095 and 096).
    route("api-tokens", "routes/backend/api-tokens.tsx"),
    // Orders (decision 018): the board, one order with its actions, its receipt, the live events.
    route("orders", "routes/backend/orders.tsx"),
    route("orders/new", "routes/backend/phone-order.tsx"),
    route("orders/events", "routes/backend/orders-events.ts"),
    // The task list's live updates (decision 059), before `tasks/:id` of the resource routes.
    route("tasks/events", "routes/backend/tasks-events.ts"),
    route("orders/:orderId", "routes/backend/order.tsx"),
    route("orders/:orderId/receipt", "routes/backend/order-receipt.tsx"),
    // "Kopie drucken": a reprint to the branch's printers, always explicit (decision 056).
    route("orders/:orderId/kopie", "routes/backend/order-reprint.ts"),
    // Contact data, appointment and comment (decision 033); the form of PUT /api/orders/{id}.
    route("orders/:orderId/edit", "routes/backend/order-edit.tsx"),
    // One item of an order changed and priced again (decision 020); the form of the PUT below.
    route("orders/:orderId/items/:index", "routes/backend/order-item.tsx"),
    route("device-keys", "routes/backend/device-keys.tsx"),
    // Sold out today (decision 036): the page linked from the board, and the toggles' form; before
    // the generic `products/:id` pages.
    route("sold-out", "routes/backend/sold-out.tsx"),
    route("products/:productId/sold-out", "routes/backend/product-sold-out.tsx"),
    // Bulk price and tax changes and the CSV (issue 15, decision 036); before `products/:id`.
    route("products/bulk", "routes/backend/products-bulk.tsx"),
    route("products/import", "routes/backend/products-import.tsx"),
    route("products/export.csv", "routes/backend/products-export.ts"),
    // Digital signage (issue 22, decision 060): pairing a TV and a stream's preview.
    route("digital-signage-devices/pair", "routes/backend/signage-pair.tsx"),
    route("digital-signage-streams/:id/preview", "routes/backend/signage-preview.tsx"),
    route("digital-signage-segments/:id/video", "routes/backend/signage-video.tsx"),
    // Product labels on A4 sheets as a PDF (issue 20, decision 057); before `products/:id`.
    route("products/labels", "routes/backend/products-labels.tsx"),
    route("products/labels.pdf", "routes/backend/products-labels-pdf.ts"),
    // The tables' QR codes (issue 36, decision 076): the A4 sheet and each code as SVG and PNG.
    route("tables/qr-codes", "routes/backend/tables-qr.tsx"),
    route("tables/:id/qr.svg", "routes/backend/table-qr-file.ts", { id: "backend-table-qr-svg" }),
    route("tables/:id/qr.png", "routes/backend/table-qr-file.ts", { id: "backend-table-qr-png" }),
    ...resourcePages,
    // The images (issue 16, decision 038): their own pages, since an upload is more than fields.
    route("images", "routes/backend/images.tsx"),
    route("images/new", "routes/backend/image-new.tsx"),
    route("images/:id", "routes/backend/image-edit.tsx"),
    // A product copied with its units, parts, options and bundle (issue 15): a plain POST.
    route("products/:id/copy", "routes/backend/product-copy.ts"),
    // A device's "Testdruck" button (issue 20, decision 056): a plain POST.
    route("devices/:id/testdruck", "routes/backend/device-test-print.ts"),
    // A menu's categories and products in order (issue 15), and the storefront as it will be.
    route("menus/:id/catalogue", "routes/backend/menu-catalogue.tsx"),
    route("menus/:id/preview", "routes/backend/menu-preview.tsx"),
    // An image template rendered to PNG for a product (issue 16, decision 041).
    route("image-templates/:id/bild.png", "routes/backend/image-template-png.ts"),
    route("settings", "routes/backend/settings.tsx"),
    // "Dateien" (decision 037): the uploads with previews, the staff files' form, delete.
    route("uploads", "routes/backend/uploads.tsx"),
    route("logs", "routes/backend/logs.tsx"),
    // Webhooks (issue 38 part 3): the endpoints, each with its delivery log.
    route("webhooks", "routes/backend/webhooks.tsx"),
    route("webhooks/:id", "routes/backend/webhook.tsx"),
    // A customer's personal data (issue 41 part 7, decision 112): search, erasure and export.
    route("customer-data", "routes/backend/customer-data.tsx"),
    route("customer-data/export.json", "routes/backend/customer-data-export.ts"),
    // The statistics (issue 19, decision 055): the dashboard and each figure as CSV.
    route("statistics", "routes/backend/statistics.tsx"),
    route("statistics/:metric", "routes/backend/statistics-csv.ts"),
    // The production list (issue 39, decision 103): the page, its CSV and its printed PDF.
    route("production", "routes/backend/production.tsx"),
    route("production/backliste.csv", "routes/backend/production-file.ts", {
      id: "backend-production-csv",
    }),
    route("production/backliste.pdf", "routes/backend/production-file.ts", {
      id: "backend-production-pdf",
    }),
    // Capacities (issue 39 part 2, decision 113): the limits and the day's load.
    route("capacities", "routes/backend/capacities.tsx"),
    // The tax adviser's export (issue 39 part 3, decision 116): the month, its files, settings.
    route("exports", "routes/backend/exports.tsx"),
    route("exports/settings", "routes/backend/exports-settings.tsx"),
    route("exports/datev.csv", "routes/backend/exports-file.ts", { id: "backend-exports-datev" }),
    route("exports/bestellpositionen.csv", "routes/backend/exports-file.ts", {
      id: "backend-exports-order-lines",
    }),
    // The daily closing (issue 39 part 3, decision 117): a branch's day, closed and frozen.
    route("daily-closing", "routes/backend/daily-closing.tsx"),
    route("daily-closing/tagesabschluss.pdf", "routes/backend/daily-closing-pdf.ts"),
    route("logs/:id", "routes/backend/log.tsx"),
    // Time tracking (issue 21, decision 058): the own clock, the managers' list and corrections.
    route("my-time", "routes/backend/my-time.tsx"),
    route("working-activities", "routes/backend/working-activities.tsx"),
    route("clock-credentials", "routes/backend/clock-credentials.tsx"),
    route("working-activities/new", "routes/backend/working-activity-new.tsx"),
    route("working-activities/:id", "routes/backend/working-activity.tsx"),
    // The working plan (issue 21's second half, decision 059): shifts, absences, time sheets.
    route("working-schedules", "routes/backend/working-schedules.tsx"),
    route("time-sheets", "routes/backend/time-sheets.tsx"),
    route("time-sheets/export", "routes/backend/time-sheets-export.ts"),
    route("time-sheets/pdf", "routes/backend/time-sheets-pdf.ts"),
    // This device's local settings (spec section 3): a cookie of this browser (decision 033).
    route("display", "routes/backend/local-settings.tsx"),
    // The published contract for staff developers (issue 38, decision 102), its renderer's files.
    route("api", "routes/backend/api-reference.tsx"),
    route("api/assets/:file", "routes/backend/api-reference-asset.ts"),
    // Unknown back-office addresses: the sign-in for strangers, a 404 in the frame for staff.
    route("*", "routes/backend/not-found.tsx"),
  ]),
  // The staff JSON API (spec section 7). Sold out today (decision 036) before `products/:id`.
  route("api/products/sold-out", "routes/api/products-sold-out.ts"),
  route("api/products/:productId/sold-out", "routes/api/product-sold-out.ts"),
  // Bulk changes and the CSV, also before `products/:id`.
  route("api/products/bulk", "routes/api/products-bulk.ts"),
  route("api/products/export", "routes/api/products-export.ts"),
  route("api/products/import", "routes/api/products-import.ts"),
  route("api/digital-signage-devices/pair", "routes/api/signage-pair.ts"),
  ...resourceApi,
  route("api/images", "routes/api/images.ts"),
  route("api/images/:id", "routes/api/image.ts"),
  route("api/products/:id/copy", "routes/api/product-copy.ts"),
  // A device's test ticket and log (issue 20, decision 056).
  route("api/devices/:id/test/print", "routes/api/device-test-print.ts"),
  route("api/devices/:id/test/notification", "routes/api/device-test-notification.ts"),
  route("api/devices/:id/request-device-logs", "routes/api/device-logs.ts"),
  // Star CloudPRNT printers poll here with their device token (no staff session).
  route("api/cloudprnt/:deviceToken", "routes/api/cloudprnt.ts"),
  route("api/epson-sdp/:deviceToken", "routes/api/epson-sdp.ts"),
  route("api/branches/:id/menus", "routes/api/branch-menus.ts"),
  // Image templates' layers and the fonts (issue 16, decision 041); the fonts are public.
  route("api/image-templates/:id/layers", "routes/api/image-template-layers.ts"),
  route("api/fonts", "routes/api/fonts.ts"),
  route("api/fonts/google/:family/:file", "routes/api/font-embed-css.ts"),
  route("api/init", "routes/api/init.ts"),
  route("api/config", "routes/api/config.ts"),
  // Customers' order uploads and staff files (decision 037).
  route("api/uploads", "routes/api/uploads.ts"),
  route("api/uploads/:id", "routes/api/upload.ts"),
  route("api/logs", "routes/api/logs.ts"),
  route("api/webhooks", "routes/api/webhooks.ts"),
  route("api/webhooks/:id/deliveries", "routes/api/webhook-deliveries.ts"),
  route("api/webhooks/deliveries/:deliveryId/resend", "routes/api/webhook-delivery-resend.ts"),
  // Last of the four: the authorisation walk's DELETE takes the sample endpoint away.
  route("api/webhooks/:id", "routes/api/webhook.ts"),
  // The statistics (issue 19, decision 055).
  route("api/statistics/:metric", "routes/api/statistics.ts"),
  // The production list of a day (issue 39, decision 103).
  route("api/production-lists", "routes/api/production-lists.ts"),
  // The tax adviser's export of a month (issue 39 part 3, decision 116).
  route("api/exports", "routes/api/exports.ts", { id: "api-exports" }),
  route("api/exports/datev", "routes/api/exports.ts", { id: "api-exports-datev" }),
  route("api/exports/order-lines", "routes/api/exports.ts", { id: "api-exports-order-lines" }),
  // The daily closing (issue 39 part 3, decision 117).
  route("api/daily-closings", "routes/api/daily-closings.ts"),
  route("api/customer-data", "routes/api/customer-data.ts"),
  route("api/customer-data/erase", "routes/api/customer-data-erase.ts"),
  route("api/logs/:id", "routes/api/log.ts"),
  // Time tracking (issue 21, decision 058): the activities, and the branch's time clock by key.
  route("api/working-activities", "routes/api/working-activities.ts"),
  route("api/working-activities/:id", "routes/api/working-activity.ts"),
  route("api/clock-credentials/:userId", "routes/api/clock-credentials.ts"),
  // The working plan (issue 21's second half, decision 059).
  route("api/working-schedules", "routes/api/working-schedules.ts"),
  route("api/working-schedules/copy-week", "routes/api/working-schedules-copy-week.ts"),
  route("api/working-schedules/:id", "routes/api/working-schedule.ts"),
  route("api/absences", "routes/api/absences.ts"),
  route("api/absences/:id", "routes/api/absence.ts"),
  route("api/working-contracts/:userId", "routes/api/working-contract.ts"),
  route("api/time-sheets", "routes/api/time-sheets.ts"),
  route("api/time-sheets/holiday-balances", "routes/api/holiday-balances.ts"),
  route("api/closed-months", "routes/api/closed-months.ts"),
  route(
    "api/time-tracking/:branchId/:deviceKey/working-activities/:action",
    "routes/api/time-tracking-action.ts",
  ),
  route("api/time-tracking/:branchId/:deviceKey/:call", "routes/api/time-tracking.ts"),
  route("time-clock/:branchId/:deviceKey", "routes/time-clock.tsx"),
  route("api/users/me", "routes/api/users-me.ts"),
  route("api/users", "routes/api/users.ts"),
  route("api/users/:userId", "routes/api/user.ts"),
  route("api/users/:userId/logout-everywhere", "routes/api/user-logout-everywhere.ts"),
  route("api/orders", "routes/api/staff-orders.ts", { id: "api-orders" }),
  route("api/orders/current", "routes/api/staff-orders.ts", { id: "api-orders-current" }),
  route("api/orders/missed", "routes/api/staff-orders.ts", { id: "api-orders-missed" }),
  route("api/orders/:orderId", "routes/api/staff-order.ts"),
  route("api/orders/:orderId/:operation", "routes/api/staff-order-operation.ts", {
    id: "api-order-operation",
  }),
  route("api/orders/:orderId/status/:status", "routes/api/staff-order-operation.ts", {
    id: "api-order-status",
  }),
  route("api/orders/:orderId/items/:index", "routes/api/staff-order-item.ts"),
  // Counter devices without a login: read-only lists by branch and key (decision 019).
  route("api/orders/:view/:branchId/:apiKey", "routes/api/counter-orders.ts"),
  route("orders/:view/:branchId/:apiKey", "routes/counter-orders.tsx"),
  // The counter view's live events (issue 36, item 13): the board's stream for the key's branch.
  route("orders/:view/:branchId/:apiKey/events", "routes/counter-orders-events.ts"),
  // The installable app's manifest (issue 19, helper "pwa", decision 052).
  route("manifest.webmanifest", "routes/manifest.ts"),
  // Any other address under /api: a JSON 404, not the HTML page of the site route below.
  // ——— Visitor analytics (issue 19, decision 054) ———
  route("api/analytics-log", "routes/api/analytics-log.ts"),
  // The published contract (issue 38, decision 101): OpenAPI 3.1, and its reference page.
  route("api/openapi.json", "routes/api/openapi-json.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("*", "routes/site.tsx"),
] satisfies RouteConfig;
