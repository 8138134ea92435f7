import type { Migration } from "kysely";
import * as core from "#migrations/2026_11_21_0001_core";
import * as catalogue from "#migrations/2026_11_21_0002_catalogue";
import * as orders from "#migrations/2026_11_21_0003_orders";
import * as staffContent from "#migrations/2026_11_21_0004_staff_content";
import * as outbox from "#migrations/2026_11_22_0001_outbox";
import * as orderCart from "#migrations/2026_11_22_0002_order_cart";
import * as referenceVersion from "#migrations/2026_11_22_0003_reference_version";
import * as branchApiKeys from "#migrations/2026_11_22_0004_branch_api_keys";
import * as staffLogin from "#migrations/2026_11_22_0010_staff_login";
import * as orderNotify from "#migrations/2026_11_22_0020_order_notify";
import * as orderRefund from "#migrations/2026_11_22_0040_order_refund";
import * as uploadQuotas from "#migrations/2026_11_25_0020_upload_quotas";
import * as staffSessions from "#migrations/2026_11_25_0030_staff_sessions";
import * as backOffice from "#migrations/2026_11_25_0040_back_office";
import * as referenceNotify from "#migrations/2026_11_25_0100_reference_notify";
import * as frontdeskSwitch from "#migrations/2026_11_25_0200_frontdesk_switch";
import * as catalogueAdmin from "#migrations/2026_11_25_0300_catalogue_admin";
import * as imageFocalPoint from "#migrations/2026_11_26_0100_image_focal_point";
import * as staffFiles from "#migrations/2026_11_26_0200_staff_files";
import * as contentPages from "#migrations/2026_11_26_0300_content_pages";
import * as imageTemplates from "#migrations/2026_11_26_0500_image_templates";
import * as checkout from "#migrations/2026_11_27_0301_checkout";
import * as consentWording from "#migrations/2026_11_27_0401_consent_wording";
import * as analytics from "#migrations/2026_11_28_0100_analytics";
import * as cartNotify from "#migrations/2026_11_28_0150_cart_notify";
import * as kioskPayments from "#migrations/2026_11_28_0300_kiosk_payments";
import * as statistics from "#migrations/2026_11_28_0500_statistics";
import * as devices from "#migrations/2026_11_29_0100_devices";
import * as productLabels from "#migrations/2026_11_29_0200_product_labels";
import * as notifierPushes from "#migrations/2026_11_29_0210_notifier_pushes";
import * as timeTracking from "#migrations/2026_11_29_0300_time_tracking";
import * as workingSchedules from "#migrations/2026_11_29_0400_working_schedules";
import * as projectsTasks from "#migrations/2026_11_29_0450_projects_tasks";
import * as signage from "#migrations/2026_11_29_0501_signage";
import * as signageBoards from "#migrations/2026_11_30_0100_signage_boards";
import * as printerStatusAnswer from "#migrations/2026_11_30_0200_printer_status_answer";
import * as allergens from "#migrations/2026_12_01_0100_allergens";
import * as productAllergensSync from "#migrations/2026_12_01_0101_product_allergens_sync";
import * as webhooks from "#migrations/2026_12_02_0100_webhooks";
import * as nightShifts from "#migrations/2026_11_30_0400_night_shifts";
import * as dueTimesInMilliseconds from "#migrations/2026_11_30_0500_due_times_in_milliseconds";
import * as knownDevices from "#migrations/2026_11_30_0603_known_devices";
import * as staffApiTokens from "#migrations/2026_12_02_0200_staff_api_tokens";
import * as apiTokenRateWindow from "#migrations/2026_12_03_0100_api_token_rate_window";
import * as productionListPrints from "#migrations/2026_12_02_0601_production_list_prints";
import * as productionDepartmentsReceipt from "#migrations/2026_12_03_0201_production_departments_receipt";
import * as customerDataRetention from "#migrations/2026_12_03_0401_customer_data_retention";
import * as capacities from "#migrations/2026_12_04_0101_capacities";
import * as taxExportSettings from "#migrations/2026_12_05_0101_tax_export_settings";
import * as dailyClosings from "#migrations/2026_12_05_0201_daily_closings";
import * as queueNotify from "#migrations/2026_12_05_0301_queue_notify";

/**
 * Every migration by the name Kysely records in `kysely_migration` (the file name without `.ts`,
 * as kysely-ctl would name it). Append new files here; never rename or reorder old ones.
 */
export const migrations: Record<string, Migration> = {
  "2026_11_21_0001_core": core,
  "2026_11_21_0002_catalogue": catalogue,
  "2026_11_21_0003_orders": orders,
  "2026_11_21_0004_staff_content": staffContent,
  "2026_11_22_0001_outbox": outbox,
  "2026_11_22_0002_order_cart": orderCart,
  "2026_11_22_0003_reference_version": referenceVersion,
  "2026_11_22_0004_branch_api_keys": branchApiKeys,
  "2026_11_22_0010_staff_login": staffLogin,
  "2026_11_22_0020_order_notify": orderNotify,
  "2026_11_22_0040_order_refund": orderRefund,
  "2026_11_25_0020_upload_quotas": uploadQuotas,
  "2026_11_25_0030_staff_sessions": staffSessions,
  "2026_11_25_0040_back_office": backOffice,
  "2026_11_25_0100_reference_notify": referenceNotify,
  "2026_11_25_0200_frontdesk_switch": frontdeskSwitch,
  "2026_11_25_0300_catalogue_admin": catalogueAdmin,
  "2026_11_26_0100_image_focal_point": imageFocalPoint,
  "2026_11_26_0200_staff_files": staffFiles,
  "2026_11_26_0300_content_pages": contentPages,
  "2026_11_26_0500_image_templates": imageTemplates,
  "2026_11_27_0301_checkout": checkout,
  "2026_11_27_0401_consent_wording": consentWording,
  "2026_11_28_0100_analytics": analytics,
  "2026_11_28_0150_cart_notify": cartNotify,
  "2026_11_28_0300_kiosk_payments": kioskPayments,
  "2026_11_28_0500_statistics": statistics,
  "2026_11_29_0100_devices": devices,
  "2026_11_29_0200_product_labels": productLabels,
  "2026_11_29_0210_notifier_pushes": notifierPushes,
  "2026_11_29_0300_time_tracking": timeTracking,
  "2026_11_29_0400_working_schedules": workingSchedules,
  "2026_11_29_0450_projects_tasks": projectsTasks,
  "2026_11_29_0501_signage": signage,
  "2026_11_30_0100_signage_boards": signageBoards,
  "2026_11_30_0200_printer_status_answer": printerStatusAnswer,
  "2026_11_30_0400_night_shifts": nightShifts,
  "2026_11_30_0500_due_times_in_milliseconds": dueTimesInMilliseconds,
  "2026_11_30_0603_known_devices": knownDevices,
  "2026_12_01_0100_allergens": allergens,
  "2026_12_01_0101_product_allergens_sync": productAllergensSync,
  "2026_12_02_0100_webhooks": webhooks,
  "2026_12_02_0200_staff_api_tokens": staffApiTokens,
  "2026_12_02_0601_production_list_prints": productionListPrints,
  "2026_12_03_0100_api_token_rate_window": apiTokenRateWindow,
  "2026_12_03_0201_production_departments_receipt": productionDepartmentsReceipt,
  "2026_12_03_0401_customer_data_retention": customerDataRetention,
  "2026_12_04_0101_capacities": capacities,
  "2026_12_05_0101_tax_export_settings": taxExportSettings,
  "2026_12_05_0201_daily_closings": dailyClosings,
  "2026_12_05_0301_queue_notify": queueNotify,
};
