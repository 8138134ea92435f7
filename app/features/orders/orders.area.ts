import { de as deStaff } from "#app/i18n/de-staff";
import { everyone, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The orders folder's entries of the back office's navigation (decision 083). */
export const ordersAreas: readonly BackOfficeArea[] = [
  {
    key: "orders",
    group: "daily",
    ...texts.orders,
    path: "/backend/orders",
    icon: "☰",
    allowed: everyone,
  },
  {
    key: "phone-order",
    group: "daily",
    ...texts.phoneOrder,
    path: "/backend/orders/new",
    icon: "☎",
    allowed: everyone,
  },
];
