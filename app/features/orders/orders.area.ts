import { de as deStaff } from "#app/i18n/de-staff";
import { everyone, type BackOfficeArea } from "#app/features/backoffice/areas";
import { isAdmin } from "#app/domain/staff-permissions";
import { dePrivacy } from "#app/i18n/de-privacy";

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
  {
    // Art. 15 and 17 DSGVO (decision 112): administrators only.
    key: "customer-data",
    group: "admin",
    ...dePrivacy.area,
    path: "/backend/customer-data",
    icon: "§",
    allowed: isAdmin,
  },
];
