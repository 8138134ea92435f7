import { isAdmin } from "#app/domain/staff-permissions";
import { deWebhooks } from "#app/i18n/de-webhooks";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The webhooks folder's entry of the back office's navigation (decision 083): administrators. */
export const webhooksAreas: readonly BackOfficeArea[] = [
  {
    key: "webhooks",
    group: "integrations",
    ...deWebhooks.area,
    path: "/backend/webhooks",
    icon: "⇄",
    allowed: isAdmin,
  },
];
