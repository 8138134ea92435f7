import type { Field } from "#app/features/backoffice/fields";
import type { ResourceDefinition } from "#app/features/backoffice/resource.server";
import { de } from "#app/i18n/de-backoffice";
import { deKiosk } from "#app/i18n/de-kiosk";
import { deShopLogo } from "#app/i18n/de-staged-images";
import { SHOP_NAMED_TEXTS, textsFollowingShopName } from "#app/domain/shop-name";

/**
 * The shop's settings (spec section 3, Config; `GET|POST /api/config`): one row, edited on one
 * page in sections, through the same field registry, version check and audit as every resource.
 * Administrators only.
 */
const t = de.settings;

const toggle = (
  name: string,
  label: string,
  section: string,
  help?: string,
  apiName?: string,
): Field => ({
  name,
  type: "boolean",
  label,
  section,
  ...(help ? { help } : {}),
  ...(apiName ? { apiName } : {}),
});

const legal = (name: string, label: string): Field[] => [
  {
    name,
    type: "text",
    format: "url",
    label: t.legalUrl(label),
    section: t.sections.legal,
    max: 500,
    help: t.legalUrlHelp,
  },
  {
    name: `${name}Text`,
    type: "markdown",
    label: t.legalText(label),
    section: t.sections.legal,
    max: 100_000,
    help: t.markdownHelp,
  },
];

export const settingsFields: Field[] = [
  {
    name: "shopName",
    type: "text",
    label: t.shopName,
    help: t.shopNameHelp,
    required: true,
    max: 80,
    section: t.sections.names,
  },
  {
    // Beside the name it stands for in the header (issue 36, item 12).
    name: "logoImageId",
    type: "image",
    label: deShopLogo.label,
    help: deShopLogo.help,
    section: t.sections.names,
  },
  {
    name: "businessName",
    emptyString: true,
    type: "text",
    label: t.businessName,
    max: 120,
    section: t.sections.names,
  },
  {
    name: "title",
    emptyString: true,
    type: "text",
    label: t.shopTitle,
    max: 120,
    section: t.sections.names,
  },
  {
    name: "description",
    emptyString: true,
    type: "textarea",
    label: t.description,
    max: 500,
    section: t.sections.names,
  },
  {
    name: "seoTitle",
    type: "text",
    label: t.seoTitle,
    help: t.seoTitleHelp,
    max: 120,
    section: t.sections.names,
  },
  {
    name: "seoDescription",
    type: "textarea",
    label: t.seoDescription,
    max: 300,
    section: t.sections.names,
  },
  {
    name: "website",
    type: "text",
    format: "url",
    label: t.website,
    max: 500,
    section: t.sections.names,
  },
  {
    name: "currency",
    type: "select",
    label: t.currency,
    required: true,
    options: [
      { value: "EUR", label: "Euro (EUR)" },
      { value: "CHF", label: "Schweizer Franken (CHF)" },
    ],
    section: t.sections.names,
  },
  {
    name: "color1",
    // Spec section 3 (Config): "color-1".
    apiName: "color-1",
    type: "text",
    format: "color",
    label: t.color,
    help: t.colorHelp,
    required: true,
    max: 7,
    section: t.sections.names,
  },
  {
    name: "defaultDeliveryMethod",
    type: "select",
    label: t.defaultDeliveryMethod,
    required: true,
    options: [
      { value: "takeaway", label: t.methods.takeaway },
      { value: "delivery", label: t.methods.delivery },
      { value: "dine-in", label: t.methods.dineIn },
    ],
    section: t.sections.names,
  },
  toggle("disableTickets", t.disableTickets, t.sections.names, t.disableTicketsHelp),
  ...legal("termsAndConditions", t.terms),
  ...legal("privacyPolicy", t.privacy),
  ...legal("imprint", t.imprint),
  ...legal("allergens", t.allergens),
  toggle("enablePluginHomePage", t.plugins.homePage, t.sections.plugins, t.plugins.homePageHelp),
  toggle("enablePluginSearch", t.plugins.search, t.sections.plugins),
  toggle("enablePluginTags", t.plugins.tags, t.sections.plugins),
  toggle("enablePluginCategoryBar", t.plugins.categoryBar, t.sections.plugins),
  toggle("enablePluginToolbar", t.plugins.toolbar, t.sections.plugins),
  // The spec's spelling (decision 097): enablePluginPWA, enablePluginSMS, …ATMCard.
  toggle("enablePluginPwa", t.plugins.pwa, t.sections.plugins, undefined, "enablePluginPWA"),
  toggle("enablePluginSms", t.plugins.sms, t.sections.plugins, undefined, "enablePluginSMS"),
  toggle("enablePluginDonations", t.plugins.donations, t.sections.plugins),
  toggle("enablePluginFrontdesk", t.plugins.frontdesk, t.sections.plugins, t.plugins.frontdeskHelp),
  toggle("enablePluginOrderReviews", t.plugins.orderReviews, t.sections.plugins),
  toggle("enableCash", t.payments.cash, t.sections.payments),
  toggle(
    "enablePluginAtmCard",
    t.payments.atmCardPlugin,
    t.sections.payments,
    undefined,
    "enablePluginATMCard",
  ),
  toggle("enableAtmCard", t.payments.atmCard, t.sections.payments, undefined, "enableATMCard"),
  toggle("enablePluginVoucher", t.payments.voucherPlugin, t.sections.payments),
  toggle("enableVoucher", t.payments.voucher, t.sections.payments),
  toggle("enablePluginStripe", t.payments.stripePlugin, t.sections.payments),
  toggle("enableStripe", t.payments.stripe, t.sections.payments),
  toggle("enablePluginPaypal", t.payments.paypalPlugin, t.sections.payments),
  toggle("enablePaypal", t.payments.paypal, t.sections.payments),
  toggle("enablePluginMapbox", t.map.enabled, t.sections.map, t.map.enabledHelp),
  {
    name: "mapboxAccessToken",
    type: "text",
    label: t.map.token,
    max: 300,
    section: t.sections.map,
  },
  {
    name: "mapboxZoom",
    type: "number",
    label: t.map.zoom,
    min: 0,
    max: 24,
    decimals: 2,
    default: 19,
    section: t.sections.map,
  },
  {
    name: "mapboxPitch",
    type: "number",
    label: t.map.pitch,
    min: 0,
    max: 85,
    decimals: 2,
    default: 55,
    section: t.sections.map,
  },
  {
    name: "mapboxBearing",
    type: "number",
    label: t.map.bearing,
    min: -180,
    max: 180,
    decimals: 2,
    default: -85,
    section: t.sections.map,
  },
  {
    name: "businessTimeZone",
    type: "select",
    label: t.timeZone,
    required: true,
    options: [
      { value: "Europe/Berlin", label: "Deutschland (Europe/Berlin)" },
      { value: "Europe/Vienna", label: "Österreich (Europe/Vienna)" },
      { value: "Europe/Zurich", label: "Schweiz (Europe/Zurich)" },
    ],
    section: t.sections.operation,
  },
  {
    name: "slotHorizonDays",
    type: "number",
    label: t.slotHorizonDays,
    help: t.slotHorizonDaysHelp,
    min: 1,
    max: 730,
    default: 14,
    section: t.sections.operation,
  },
  // ——— Cookie banner (issue 17, decision 047): the two buttons' words. ———
  {
    name: "consentAcceptLabel",
    type: "text",
    label: t.consent.accept,
    help: t.consent.acceptHelp,
    required: true,
    max: 40,
    section: t.sections.consent,
  },
  {
    name: "consentDeclineLabel",
    type: "text",
    label: t.consent.decline,
    help: t.consent.declineHelp,
    required: true,
    max: 40,
    section: t.sections.consent,
  },
  // ——— Visitor analytics and the social-media pixel (issue 19, decision 054). ———
  {
    name: "socialPixelId",
    type: "text",
    format: "digits",
    label: t.analytics.pixelId,
    help: t.analytics.pixelIdHelp,
    max: 20,
    section: t.sections.analytics,
  },
  {
    name: "analyticsRetentionDays",
    type: "number",
    label: t.analytics.retentionDays,
    help: t.analytics.retentionDaysHelp,
    min: 1,
    max: 3650,
    default: 90,
    section: t.sections.analytics,
  },
  // ——— Personal data that expires (issue 41 part 7, decision 112): empty keeps it. ———
  {
    name: "customerDataRetentionDays",
    type: "number",
    label: t.privacyRetention.days,
    help: t.privacyRetention.daysHelp,
    min: 30,
    max: 3650,
    decimals: 0,
    section: t.sections.privacy,
  },
  // The checkout's submit area (issue 17, decision 046): § 312j BGB wording, empty for the default.
  {
    name: "checkoutOrderButton",
    type: "text",
    label: t.orderButton.order,
    help: t.orderButton.orderHelp,
    max: 60,
    section: t.sections.orderButton,
  },
  {
    name: "checkoutPreorderButton",
    type: "text",
    label: t.orderButton.preorder,
    help: t.orderButton.preorderHelp,
    max: 60,
    section: t.sections.orderButton,
  },
  {
    name: "checkoutPaymentNotice",
    type: "textarea",
    label: t.orderButton.notice,
    help: t.orderButton.noticeHelp,
    max: 500,
    section: t.sections.orderButton,
  },
  // ——— The self-service kiosk (issue 19, decision 053): what its counter takes. ———
  toggle("kioskCash", deKiosk.settings.cash, deKiosk.settings.section, deKiosk.settings.help),
  toggle("kioskAtmCard", deKiosk.settings.atmCard, deKiosk.settings.section),
  toggle("kioskVoucher", deKiosk.settings.voucher, deKiosk.settings.section),
];

export const settingsResource: ResourceDefinition = {
  name: "settings",
  entityType: "config",
  table: "settings",
  texts: de.resources.settings,
  fields: settingsFields,
  listColumns: [],
  searchColumns: [],
  defaultSort: { column: "id", direction: "asc" },
  titleOf: () => de.settings.title,
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  // A new shop name reaches the titles that still name the old one (issue 36, item 12).
  async storedColumns(trx, input) {
    const stored = await trx
      .selectFrom("settings")
      .select(["shopName", ...SHOP_NAMED_TEXTS])
      .where("id", "=", SETTINGS_ID)
      .executeTakeFirst();
    return stored ? textsFollowingShopName(stored, input) : {};
  },
};

/** The one row's id. */
export const SETTINGS_ID = 1;
