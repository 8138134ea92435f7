import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  JSONColumnType,
  Kysely,
  Selectable,
  Transaction,
  Updateable,
} from "kysely";
// The order's vocabulary belongs to the domain; the tables use it (decision 089).
import type { ChosenPart, PartType, PriceModifier } from "#app/domain/chosen-parts";
import type { OrderContact } from "#app/domain/order-contact";
import type { WebhookEventType } from "#app/domain/webhook-events";
import type { PrintedRow } from "#app/domain/production-list";
import type { ProductionTicket } from "#app/domain/production-ticket";
import type { DailyClosingFigures, OrderContribution } from "#app/domain/daily-closing";
export type { ChosenPart, PartType, PriceModifier };

/**
 * The database as the app sees it through Kysely's CamelCasePlugin: tables and columns in
 * camelCase here, snake_case in SQL and in `migrations/` (the only place the schema changes).
 *
 * Conventions:
 * - Money is integer cents (`number`). Tax rates, quantities and ratios are `numeric` and come
 *   back as numbers (the connection installs the parsers), as do `bigint` counts.
 * - `timestamptz` reads as `Date` and accepts a `Date` or an ISO string.
 * - `date` columns read and write the plain 'YYYY-MM-DD' string.
 * - `jsonb` columns read as the typed value and are written as a JSON string (`JSON.stringify`),
 *   which both pg and PGlite pass through unchanged. Keys inside jsonb are camelCase: the
 *   CamelCasePlugin rewrites nested object keys on the way out, so `snake_keys` would not survive.
 */

/** Either the database or a transaction: every query function takes this as its first argument. */
export type Db = Kysely<Database> | Transaction<Database>;

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A `date` column: 'YYYY-MM-DD'. */
type DateString = string;
type JsonWithDefault<T extends object | null> = JSONColumnType<T, string | undefined, string>;
type Id = GeneratedAlways<number>;

// ——— Value sets (mirrored by CHECK constraints in the migrations) ———

export type HoursRuleType =
  | "once"
  | "daily"
  | "monday"
  | "tuesday"
  | "wednesday"
  | "thursday"
  | "friday"
  | "saturday"
  | "sunday";
export type HoursKind = "opening" | "delivery";
export type DeliveryMethod = "takeaway" | "delivery" | "dine-in";
export type ProductType = "simple" | "configurable" | "bundle";
export type CalculationModel = "fixed" | "approximate" | "minimum";
export type LeadTimeType = "minutes" | "hours" | "days" | "weeks";
export type PaymentMethod = "cash" | "atm-card" | "voucher" | "stripe" | "paypal";
export type Role = "ROLE_ADMIN" | "ROLE_MANAGER" | "ROLE_EMPLOYEE";
/** The spec's units catalogue; the ratio to the base unit of each family lives in the domain. */
export type Unit =
  | "piece"
  | "serving"
  | "pair"
  | "person"
  | "package"
  | "gram"
  | "decagram"
  | "kilogram"
  | "ml"
  | "cl"
  | "dl"
  | "l"
  | "mm"
  | "cm"
  | "dm"
  | "m"
  | "km"
  | "mm2"
  | "cm2"
  | "dm2"
  | "m2"
  | "mm3"
  | "cm3"
  | "dm3"
  | "m3";

// ——— jsonb shapes ———

/** One opening-hours-style rule, as stored in `branch_hours` rows and in `schedule` lists. */
export interface HoursRule {
  type: HoursRuleType;
  /** 'YYYY-MM-DD', only for `once`. */
  date: string | null;
  isClosed: boolean;
  /** 'HH:mm' wall-clock time in the business's time zone. */
  fromTime: string | null;
  /** 'HH:mm' ('24:00' allowed); at or before fromTime the range runs past midnight. */
  toTime: string | null;
}

/** A content part as the CMS stores it (`text`, `textarea`, `markdown`, `image`, `file`, `gallery`). */
export interface ContentPart {
  type: string;
  value: unknown;
}

export interface BlockContent {
  data?: ContentPart[];
  /** News blocks (and the news popup) carry entries instead of parts. */
  news?: { value: NewsEntry }[];
  [key: string]: unknown;
}

export interface NewsEntry {
  title: string;
  text: string;
  image: StoredImage | null;
  button: { label: string; link: string } | null;
}

/** How the CMS stores an image reference. */
export interface StoredImage {
  id: number;
  version: number;
  extension: string;
  alt?: string | null;
}

/** Site content: values by layout key (the default layout has `body`, HTML). */
export type SiteContent = Record<string, unknown>;

/**
 * One entry of a header or footer menu (decision 039): a site by its id (its path is looked up
 * when the menu is shown, so a moved page keeps its entry), or an address, a path inside the
 * shop ('/store/mitte') or an external https URL. Entries nest one level.
 */
export interface NavigationItem {
  label: string;
  siteId?: number | null;
  href?: string | null;
  children?: NavigationItem[];
}

// ——— Tables ———

export interface SettingsTable {
  id: ColumnType<1, 1 | undefined, never>;
  shopName: Generated<string>;
  businessName: Generated<string>;
  title: Generated<string>;
  description: Generated<string>;
  seoTitle: string | null;
  seoDescription: string | null;
  website: string | null;
  currency: Generated<string>;
  /** The theme colour (spec: color-1). */
  color1: Generated<string>;
  defaultDeliveryMethod: Generated<DeliveryMethod>;
  disableTickets: Generated<boolean>;
  termsAndConditions: string | null;
  termsAndConditionsText: string | null;
  privacyPolicy: string | null;
  privacyPolicyText: string | null;
  imprint: string | null;
  imprintText: string | null;
  allergens: string | null;
  allergensText: string | null;
  enablePluginHomePage: Generated<boolean>;
  enablePluginSearch: Generated<boolean>;
  enablePluginTags: Generated<boolean>;
  enablePluginMapbox: Generated<boolean>;
  mapboxAccessToken: string | null;
  mapboxZoom: Generated<number>;
  mapboxPitch: Generated<number>;
  mapboxBearing: Generated<number>;
  enablePluginPwa: Generated<boolean>;
  /** Days raw page views and events are kept before only their rollups remain (1–3650). */
  analyticsRetentionDays: Generated<number>;
  /** Days after an order closed before its customer's contact data goes; null keeps it (30–3650). */
  customerDataRetentionDays: number | null;
  /** The social-media pixel loaded after consent; none when null. */
  socialPixelId: string | null;
  enablePluginToolbar: Generated<boolean>;
  enablePluginCategoryBar: Generated<boolean>;
  enablePluginSms: Generated<boolean>;
  enablePluginDonations: Generated<boolean>;
  enablePluginFrontdesk: Generated<boolean>;
  enablePluginOrderReviews: Generated<boolean>;
  enableCash: Generated<boolean>;
  enablePluginAtmCard: Generated<boolean>;
  enableAtmCard: Generated<boolean>;
  enablePluginVoucher: Generated<boolean>;
  enableVoucher: Generated<boolean>;
  enablePluginStripe: Generated<boolean>;
  enableStripe: Generated<boolean>;
  enablePluginPaypal: Generated<boolean>;
  enablePaypal: Generated<boolean>;
  logoImageId: number | null;
  businessTimeZone: Generated<string>;
  slotHorizonDays: Generated<number>;
  /** The cookie banner's buttons (decision 047). */
  consentAcceptLabel: Generated<string>;
  consentDeclineLabel: Generated<string>;
  /** The checkout's submit area (§ 312j BGB, decision 046); null: the default wording. */
  checkoutOrderButton: string | null;
  checkoutPreorderButton: string | null;
  checkoutPaymentNotice: string | null;
  /** What the self-service kiosk's counter takes (decision 053); online providers never. */
  kioskCash: Generated<boolean>;
  kioskAtmCard: Generated<boolean>;
  kioskVoucher: Generated<boolean>;
  /** Print jobs older than this many minutes are not printed automatically (decision 056). */
  printStaleMinutes: Generated<number>;
  updatedAt: GeneratedTimestamp;
}

export interface ImagesTable {
  id: Id;
  version: Generated<number>;
  extension: string;
  mimeType: string;
  width: number;
  height: number;
  alt: string | null;
  storageKey: string;
  /** The subject's place, 0..1 of width and height: square sizes are cropped around it. */
  focalX: Generated<number>;
  focalY: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface UploadsTable {
  id: Id;
  version: Generated<number>;
  extension: string;
  publicHash: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string;
  storageKey: string;
  /** The cart it was uploaded into; null once that cart is gone (decision 027). */
  cartId: string | null;
  /** Keyed hash of the uploader's address for the hourly quota; never the address itself. */
  clientKey: string | null;
  /** The staff member who uploaded a staff file (decision 037); null for customers' uploads. */
  uploadedByUserId: number | null;
  /** Staff files stay until staff delete them; the clean-up only takes customers' uploads. */
  isStaffFile: Generated<boolean>;
  createdAt: GeneratedTimestamp;
}

export interface DivisionsTable {
  id: Id;
  identifier: string;
  name: string;
  title: string | null;
  description: string | null;
  isPublic: Generated<boolean>;
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface BranchesTable {
  id: Id;
  divisionId: number | null;
  identifier: string;
  name: string;
  description: string | null;
  street: Generated<string>;
  zipCode: Generated<string>;
  city: Generated<string>;
  phone: string | null;
  email: string | null;
  longitude: number | null;
  latitude: number | null;
  isDeliveryHoursEnabled: Generated<boolean>;
  isDeliveryEnabled: Generated<boolean>;
  isTakeawayEnabled: Generated<boolean>;
  isDineInEnabled: Generated<boolean>;
  isPreorderEnabled: Generated<boolean>;
  isQuotationRequired: Generated<boolean>;
  isAppointmentRequired: Generated<boolean>;
  isTableSelectionEnabled: Generated<boolean>;
  isDeliveryEmailRequired: Generated<boolean>;
  isDeliveryPhoneRequired: Generated<boolean>;
  isDeliveryAddressRequired: Generated<boolean>;
  isDineInEmailRequired: Generated<boolean>;
  isDineInPhoneRequired: Generated<boolean>;
  isDineInAddressRequired: Generated<boolean>;
  isTakeawayEmailRequired: Generated<boolean>;
  isTakeawayPhoneRequired: Generated<boolean>;
  isTakeawayAddressRequired: Generated<boolean>;
  isCashEnabled: Generated<boolean>;
  isAtmCardEnabled: Generated<boolean>;
  isVoucherEnabled: Generated<boolean>;
  isStripeEnabled: Generated<boolean>;
  isPaypalEnabled: Generated<boolean>;
  orderableFrom: NullableTimestamp;
  /** Whose public holidays close the branch (decision 045): 'DE', 'AT' or 'CH'; null: none. */
  holidayCountry: string | null;
  /** The federal state within that country ('BW'); null: the country's nationwide holidays. */
  holidayRegion: string | null;
  closedMessage: string | null;
  isPublic: Generated<boolean>;
  /** Free words for the storefront search, separated by spaces or commas. */
  keywords: Generated<string>;
  logoImageId: number | null;
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface BranchImagesTable {
  branchId: number;
  imageId: number;
  position: Generated<number>;
}

export interface BranchHoursTable {
  id: Id;
  branchId: number;
  kind: HoursKind;
  /** Rules apply in this order (later rules for the same day add hours). */
  position: number;
  type: HoursRuleType;
  date: DateString | null;
  isClosed: Generated<boolean>;
  fromTime: string | null;
  toTime: string | null;
}

export interface DeliveryAreasTable {
  id: Id;
  branchId: number;
  /** The spec's `area`. */
  name: string;
  price: Generated<number>;
  taxRate: Generated<number>;
  isFree: Generated<boolean>;
  freeFromOrderValue: number | null;
  minimumOrderValue: number | null;
  position: Generated<number>;
  /** Postcodes the area serves, separated by commas; empty for none named. */
  postcodes: Generated<string>;
}

export interface TagsTable {
  id: Id;
  identifier: string;
  name: string;
  imageId: number | null;
  position: Generated<number>;
}

export interface BranchTagsTable {
  branchId: number;
  tagId: number;
}

export interface TablesTable {
  id: Id;
  branchId: number;
  identifier: string;
  name: string;
  position: Generated<number>;
}

export interface DonateesTable {
  id: Id;
  identifier: string;
  name: string;
  description: string | null;
  isEnabled: Generated<boolean>;
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface CategoriesTable {
  id: Id;
  identifier: string | null;
  name: string;
  description: string | null;
  imageId: number | null;
  isEnabled: Generated<boolean>;
  /** Opening-hours-style rules; an empty list means always available. */
  schedule: JsonWithDefault<HoursRule[]>;
  isVisibleWhenUnavailable: Generated<boolean>;
  /** Holds bundle components only: kept out of the category bar and the product list. */
  isBundleOnly: Generated<boolean>;
  /** The order of the back office's list; a menu keeps its own order. */
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface ProductsTable {
  id: Id;
  uid: Generated<string>;
  identifier: string | null;
  name: string;
  description: string | null;
  /** Free text beside the codes (traces, other ingredients). */
  allergens: string | null;
  /** The EU's 14 allergens it contains, as codes of `app/domain/allergens.ts`. */
  allergenCodes: Generated<string[]>;
  /** The list of ingredients printed on product labels (LMIV); null: none entered. */
  ingredients: string | null;
  /** Days a product keeps: a label's best-before date is the print day plus these (decision 057). */
  bestBeforeDays: number | null;
  type: Generated<ProductType>;
  /** Cents per `unit`. */
  price: Generated<number>;
  unit: Generated<Unit>;
  /** A free price note shown beside the price (e.g. 'Preis pro kg'). */
  pricing: string | null;
  calculationModel: Generated<CalculationModel>;
  isPriceHidden: Generated<boolean>;
  /** The spec's `tax`: the rate for delivery. */
  taxRate: Generated<number>;
  takeawayTaxRate: Generated<number>;
  dineInTaxRate: Generated<number>;
  minimumQuantity: Generated<number>;
  maximumQuantity: number | null;
  quantityStepSize: Generated<number>;
  /** In `unit`, whatever `defaultUnit` the picker shows first. */
  defaultQuantity: Generated<number>;
  defaultUnit: Unit | null;
  isEnabled: Generated<boolean>;
  schedule: JsonWithDefault<HoursRule[]>;
  isVisibleWhenUnavailable: Generated<boolean>;
  isStepByStep: Generated<boolean>;
  isLeadTimeEnabled: Generated<boolean>;
  leadTimeType: LeadTimeType | null;
  leadTimeValue: number | null;
  /** The department that makes it ("Abteilung"), for the production list (decision 106). */
  departmentId: number | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface ProductImagesTable {
  productId: number;
  imageId: number;
  position: Generated<number>;
}

export interface ProductTagsTable {
  productId: number;
  tagId: number;
}

export interface ProductAlternativeUnitsTable {
  id: Id;
  productId: number;
  position: Generated<number>;
  unit: Unit;
  /** How many of the product's `unit` one of this unit is (gram for a per-kg price: 0.001). */
  ratio: number;
  minimumQuantity: Generated<number>;
  maximumQuantity: number | null;
  quantityStepSize: Generated<number>;
  calculationModel: Generated<CalculationModel>;
}

export interface ProductPartsTable {
  id: Id;
  productId: number;
  position: number;
  name: string;
  description: string | null;
  isOptional: Generated<boolean>;
  type: PartType;
  /** The longest text (text, textarea) a customer may enter; null: the shop's default. */
  maxLength: number | null;
  /** The most files (images, files) or options (multiselect) a customer may choose. */
  maxCount: number | null;
}

export interface ProductPartOptionsTable {
  id: Id;
  partId: number;
  position: number;
  name: string;
  modifier: Generated<PriceModifier>;
  /** Cents. */
  value: Generated<number>;
}

export interface ProductBundleItemsTable {
  id: Id;
  bundleProductId: number;
  componentProductId: number;
  position: Generated<number>;
  quantity: Generated<number>;
}

export interface ProductGroupsTable {
  id: Id;
  identifier: string | null;
  name: string;
  description: string | null;
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** "Sold out today": a product hidden or disabled in one branch (or all, null) until `until`. */
export interface ProductSoldOutTable {
  id: Id;
  productId: number;
  branchId: number | null;
  until: Date;
  createdBy: number | null;
  createdAt: GeneratedTimestamp;
}

export interface ProductGroupProductsTable {
  productGroupId: number;
  productId: number;
  position: Generated<number>;
}

export interface MenusTable {
  id: Id;
  name: string;
  /** The active menu of a branch is its menu with the latest availableFrom that has passed. */
  availableFrom: Timestamp;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** An image composed of layers, rendered to PNG (issue 16, decision 041). */
export interface ImageTemplatesTable {
  id: Id;
  identifier: string;
  name: string;
  /** Pixels, 16 to 4096. */
  width: number;
  height: number;
  /** The layers bottom to top, as `app/features/templates/layers.schema.ts` gives them. */
  layers: ColumnType<unknown[], string, string>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface MenuBranchesTable {
  menuId: number;
  branchId: number;
}

export interface MenuCategoriesTable {
  menuId: number;
  categoryId: number;
  position: number;
}

export interface MenuEntriesTable {
  id: Id;
  menuId: number;
  categoryId: number;
  position: number;
  /** Exactly one of productId and productGroupId is set. */
  productId: number | null;
  productGroupId: number | null;
}

export interface CartsTable {
  id: Generated<string>;
  branchId: number;
  isDelivery: Generated<boolean>;
  isDineIn: Generated<boolean>;
  deliveryAreaId: number | null;
  appointment: NullableTimestamp;
  comment: string | null;
  /** Bumped on every change; an update names the version it read (optimistic concurrency). */
  version: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface CartItemsTable {
  id: Id;
  cartId: string;
  position: number;
  productId: number;
  amount: number;
  unit: Unit;
  parts: JsonWithDefault<ChosenPart[]>;
  productName: string;
  productDescription: string | null;
  productPrice: number;
  createdAt: GeneratedTimestamp;
}

/** The customer's name, address and contact are the `OrderContact` of the domain. */
export interface OrdersTable extends OrderContact {
  id: Id;
  uid: Generated<string>;
  hash: string;
  branchId: number;
  /** The business day (in the business's time zone) the ticket number counts in. */
  businessDate: DateString;
  ticketNumber: number;
  tableId: number | null;
  tableIdentifier: string | null;
  isDelivery: Generated<boolean>;
  isDineIn: Generated<boolean>;
  isPreorder: Generated<boolean>;
  isQuotation: Generated<boolean>;
  isConfirmed: Generated<boolean>;
  isInDelivery: Generated<boolean>;
  isDelivered: Generated<boolean>;
  isCompleted: Generated<boolean>;
  isRejected: Generated<boolean>;
  isCanceled: Generated<boolean>;
  isFailed: Generated<boolean>;
  isPaid: Generated<boolean>;
  isRefunded: Generated<boolean>;
  deliveryAreaId: number | null;
  appointment: NullableTimestamp;
  counterAppointment: NullableTimestamp;
  rejectionMessage: string | null;
  comment: string | null;
  paymentMethod: PaymentMethod;
  paymentReference: string | null;
  paymentRedirectUrl: string | null;
  /** The refund's idempotency generation: the next request's key is `refund-{uid}-{attempt}`. */
  refundAttempt: Generated<number>;
  /** The provider's id of the refund, once one went through. */
  refundReference: string | null;
  idempotencyKey: string | null;
  /** The cart the order came from, emptied once an online payment arrives. */
  cartId: string | null;
  donateeId: number | null;
  donationAmount: Generated<number>;
  net: number;
  tax: number;
  gross: number;
  deliveryNet: Generated<number>;
  deliveryTax: Generated<number>;
  deliveryGross: Generated<number>;
  totalNet: number;
  totalTax: number;
  totalGross: number;
  rating: number | null;
  foodRating: number | null;
  serviceRating: number | null;
  processRating: number | null;
  questionnaireComment: string | null;
  questionnaireAt: NullableTimestamp;
  /** When the order was first completed, canceled or rejected (a trigger sets it). */
  closedAt: NullableTimestamp;
  /** When its customer's contact data was removed (retention or erasure, decision 112). */
  anonymisedAt: NullableTimestamp;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface TicketCountersTable {
  branchId: number;
  businessDate: DateString;
  lastNumber: number;
}

export interface OrderItemsTable {
  id: Id;
  orderId: number;
  position: number;
  productId: number | null;
  name: string;
  description: string | null;
  amount: number;
  unit: Unit;
  unitPrice: number;
  gross: number;
  taxRate: number;
  calculationModel: Generated<CalculationModel>;
  isPriceHidden: Generated<boolean>;
  parts: JsonWithDefault<ChosenPart[]>;
}

export interface OrderItemUploadsTable {
  orderItemId: number;
  uploadId: number;
  partPosition: number;
}

export interface OrderTaxesTable {
  orderId: number;
  taxRate: number;
  net: number;
  tax: number;
  gross: number;
}

export interface UsersTable {
  id: Id;
  /** Unique regardless of case (index on lower(email)). */
  email: string;
  name: string;
  passwordHash: string;
  isLocked: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  lastLoginAt: NullableTimestamp;
}

export interface UserRolesTable {
  userId: number;
  role: Role;
}

export interface UserBranchesTable {
  userId: number;
  branchId: number;
}

export interface SitesTable {
  id: Id;
  /** Without leading or trailing slash: 'imprint', 'ueber-uns/team'. */
  path: string;
  type: Generated<string>;
  name: string;
  title: string | null;
  description: string | null;
  isPublic: Generated<boolean>;
  content: JsonWithDefault<SiteContent>;
  /** What search engines see; empty falls back to the title and description (decision 039). */
  seoTitle: string | null;
  seoDescription: string | null;
  /** Asks search engines not to list the page (`robots: noindex`). */
  noindex: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface BlocksTable {
  id: Id;
  identifier: string;
  name: string;
  isPublic: Generated<boolean>;
  position: Generated<number>;
  content: JsonWithDefault<BlockContent>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface NavigationsTable {
  id: Id;
  identifier: string;
  name: string;
  items: JsonWithDefault<NavigationItem[]>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** Failed sign-in attempts per account or client address (docs/decisions/011). */
export interface LoginThrottlesTable {
  /**
   * 'account:', 'accountaddress:', 'address:', 'linkrequest:' or 'passwordcheck:' with a SHA-256
   * (app/features/staff/staff-login.server.ts, throttleKeys).
   */
  key: string;
  failures: Generated<number>;
  windowStartedAt: NullableTimestamp;
  blockedUntil: NullableTimestamp;
  updatedAt: GeneratedTimestamp;
}

/**
 * A browser in which the user signed in (docs/decisions/028, addendum): its cookie holds a random
 * token, the row its SHA-256. The right password from a known device gets through while the
 * account is blocked for unknown ones.
 */
export interface StaffDevicesTable {
  id: Id;
  tokenHash: string;
  userId: number;
  createdAt: GeneratedTimestamp;
  lastUsedAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  /** The client address of the sign-in that made the device known. */
  createdFrom: string | null;
}

/** A one-time login link; only the SHA-256 of its token is stored. */
export interface LoginLinksTable {
  id: Id;
  userId: number;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: GeneratedTimestamp;
  requestedFrom: string | null;
}

/**
 * A signed-in staff session (docs/decisions/028). The cookie carries a random token; only its
 * SHA-256 is stored. A session counts while it is neither revoked nor expired.
 */
export interface StaffSessionsTable {
  id: Id;
  tokenHash: string;
  userId: number;
  createdAt: GeneratedTimestamp;
  /** Moved forward at most every few minutes, not on every request. */
  lastSeenAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  /** The client address of the sign-in. */
  createdFrom: string | null;
}

/**
 * A personal API token (docs/decisions/095): `Authorization: Bearer bt_…` on the staff API. Only
 * the SHA-256 of the token is stored. Its roles and branches narrow its owner's (no branches: all
 * the owner has); the owner's current reach is applied again on every request.
 */
export interface StaffApiTokensTable {
  id: Id;
  userId: number;
  name: string;
  tokenHash: string;
  roles: Role[];
  branchIds: ColumnType<number[], number[] | undefined, number[]>;
  createdAt: GeneratedTimestamp;
  expiresAt: Timestamp;
  /** Moved forward at most every few minutes, not on every call. */
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  /** The minute the rate limit counts in, and the calls made in it (decision 105). */
  rateWindow: NullableTimestamp;
  rateCount: ColumnType<number, number | undefined, number>;
}

export interface AuditLogTable {
  id: Id;
  at: GeneratedTimestamp;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  ip: string | null;
  /** The branch the change concerns, for the log's branch filter and scope. */
  branchId: number | null;
}

/** A division's working unit (time tracking assigns staff and activities to it). */
export interface DepartmentsTable {
  id: Id;
  identifier: string;
  name: string;
  divisionId: number | null;
  description: string | null;
  position: Generated<number>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A counter device's key to a branch's read-only order views; only its digest is stored. */
export interface BranchApiKeysTable {
  id: Id;
  branchId: number;
  label: string;
  keyDigest: string;
  createdBy: number | null;
  createdAt: GeneratedTimestamp;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  /** 'orders' opens the counter views, 'time_clock' the branch's time clock (decision 058). */
  purpose: Generated<BranchApiKeyPurpose>;
}

// ——— Time tracking (issue 21, decision 058) ———

export type BranchApiKeyPurpose = "orders" | "time_clock";
/** Where an activity was recorded: the branch's clock, the person's own phone, the back office. */
export type WorkingActivitySource = "clock" | "self" | "backoffice";

/** A stretch of work; at most one open (no end) per person (partial unique index). */
export interface WorkingActivitiesTable {
  id: Id;
  userId: number;
  branchId: number;
  departmentId: number | null;
  /** Keys to `projects` and `tasks` (set null when they go; decision 059). */
  projectId: number | null;
  taskId: number | null;
  startedAt: Timestamp;
  endedAt: NullableTimestamp;
  comment: string | null;
  source: Generated<WorkingActivitySource>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A break inside an activity; at most one open per activity. */
export interface WorkingActivityPausesTable {
  id: Id;
  workingActivityId: number;
  startedAt: Timestamp;
  endedAt: NullableTimestamp;
}

/** A person's credentials for the branch's time clock: scrypt PIN hash, SHA-256 card digest. */
export interface StaffClockCredentialsTable {
  userId: number;
  pinHash: string | null;
  /** Unique: one card, one person. */
  cardDigest: string | null;
  pinFailures: Generated<number>;
  pinLockedUntil: NullableTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A print of the production list (decision 103): the rows as printed, for "changed since". */
export interface ProductionListPrintsTable {
  id: Id;
  /** Null: the list of every branch. */
  branchId: number | null;
  day: DateString;
  printedAt: GeneratedTimestamp;
  printedBy: number | null;
  rows: JsonWithDefault<PrintedRow[]>;
}

/** A capacity (issue 39 part 2, decision 113): one limit of a branch. */
export interface CapacitiesTable {
  id: Id;
  branchId: number;
  kind: "product-day" | "product-week" | "category-day" | "slot";
  productId: number | null;
  categoryId: number | null;
  slotMinutes: number | null;
  maxCount: number;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** The DATEV export's settings (issue 39 part 3, decision 116): one row, id 1. */
export interface TaxExportSettingsTable {
  id: number;
  chart: Generated<"SKR03" | "SKR04">;
  consultantNumber: number | null;
  clientNumber: number | null;
  fiscalYearStartMonth: Generated<number>;
  accountLength: Generated<number>;
  /** Account numbers (and BU keys) by name; a missing key takes the chart's default. */
  accounts: JsonWithDefault<Record<string, string>>;
  updatedBy: number | null;
  updatedAt: GeneratedTimestamp;
}

/** A daily closing (issue 39 part 3, decision 117): a branch's business day, frozen. */
export interface DailyClosingsTable {
  id: Id;
  branchId: number;
  day: DateString;
  /** Consecutive per branch, without gaps. */
  number: number;
  closedAt: GeneratedTimestamp;
  closedBy: number | null;
  closedByName: string;
  figures: JSONColumnType<DailyClosingFigures, string, string>;
}

/** What an order of a closed day contributed when it was last booked (decision 117). */
export interface DailyClosingOrdersTable {
  orderId: number;
  branchId: number;
  day: DateString;
  closingId: number;
  bookedAt: Timestamp;
  booked: JSONColumnType<OrderContribution, string, string>;
}

/** A later change of an order of a closed day, booked on a later closing (decision 117). */
export interface DailyClosingCorrectionsTable {
  id: Id;
  closingId: number;
  orderId: number;
  ticketNumber: number;
  originalDay: DateString;
  originalClosingId: number;
  before: JSONColumnType<OrderContribution | null, string | null, string | null>;
  after: JSONColumnType<OrderContribution | null, string | null, string | null>;
  createdAt: GeneratedTimestamp;
}

/** A planned shift (decision 059): minutes after midnight of the business day. */
export interface WorkingSchedulesTable {
  id: Id;
  userId: number;
  branchId: number;
  departmentId: number | null;
  day: DateString;
  startMinute: number;
  endMinute: number;
  createdAt: GeneratedTimestamp;
}

/** A person's target minutes per weekday, Monday first (decision 059). */
export interface WorkingContractsTable {
  userId: number;
  weekdayMinutes: number[];
  updatedAt: GeneratedTimestamp;
}

/** Holiday days of a year and the carry-over, in half days (decision 059). */
export interface HolidayEntitlementsTable {
  userId: number;
  year: number;
  halfDays: number;
  carryOverHalfDays: Generated<number>;
}

export type AbsenceKind = "holiday" | "sickness" | "other";

/** One day (or half day) away; one row per person and day. */
export interface AbsencesTable {
  id: Id;
  userId: number;
  day: DateString;
  kind: AbsenceKind;
  half: Generated<boolean>;
  createdBy: number | null;
  createdAt: GeneratedTimestamp;
}

/** A branch's project (issue 21, decision 059); working activities may name one. */
export interface ProjectsTable {
  id: Id;
  branchId: number;
  name: string;
  description: string | null;
  isActive: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export type TaskState = "open" | "in_progress" | "done";

/** A task of a branch (and project), with assignee, due date and state; NOTIFY `tasks_changed`. */
export interface TasksTable {
  id: Id;
  branchId: number;
  projectId: number | null;
  name: string;
  description: string | null;
  assigneeId: number | null;
  dueOn: DateString | null;
  state: Generated<TaskState>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** A month (its first day) that nobody may change any more. */
export interface ClosedMonthsTable {
  month: DateString;
  closedBy: number | null;
  closedAt: GeneratedTimestamp;
}

// ——— Outbox and payment webhooks ———

export type OutboxKind = "email" | "sms";
export type OutboxStatus = "pending" | "sent" | "failed";
export type PaymentProviderName = "stripe" | "paypal";

/** An e-mail as the outbox keeps it until it is sent. */
export interface EmailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}
/** A text message (no SMS gateway is wired yet; rows of this kind wait). */
export interface SmsPayload {
  to: string;
  text: string;
}

export interface OutboxTable {
  id: Id;
  kind: OutboxKind;
  payload: JSONColumnType<EmailPayload | SmsPayload, string, string>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: GeneratedTimestamp;
  lastError: string | null;
  createdAt: GeneratedTimestamp;
  sentAt: NullableTimestamp;
}

export type { WebhookEventType } from "#app/domain/webhook-events";
export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** A URL an administrator registered for events (issue 38 part 3). */
export interface WebhookEndpointsTable {
  id: Id;
  url: string;
  description: Generated<string>;
  events: ColumnType<WebhookEventType[], WebhookEventType[], WebhookEventType[]>;
  /** The HMAC key of the signatures, shown to the administrator once. */
  secret: string;
  enabled: Generated<boolean>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

/** One event for one endpoint: the webhooks' outbox and delivery log (decision 094). */
export interface WebhookDeliveriesTable {
  id: Id;
  /** The event's stable id, the same for every endpoint and every attempt. */
  eventId: string;
  endpointId: number;
  eventType: WebhookEventType;
  /** `order:<id>` or `product:<id>`: an endpoint gets one subject's events in order. */
  subject: string;
  data: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<
    WebhookDeliveryStatus,
    WebhookDeliveryStatus | undefined,
    WebhookDeliveryStatus
  >;
  attempts: Generated<number>;
  nextAttemptAt: GeneratedTimestamp;
  retryUntil: GeneratedTimestamp;
  lastAttemptAt: NullableTimestamp;
  lastStatusCode: number | null;
  /** The receiver's answer, its first 2 KB. */
  lastResponse: string | null;
  lastError: string | null;
  createdAt: GeneratedTimestamp;
  deliveredAt: NullableTimestamp;
}

/** A webhook event already handled: providers deliver at least once. */
export interface PaymentEventsTable {
  provider: PaymentProviderName;
  eventId: string;
  reference: string | null;
  receivedAt: GeneratedTimestamp;
}

/** A business day's secret salt for visitor hashes; deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: DateString;
  salt: Buffer;
}

/** A page view counted on the server: no cookie, no address, a visitor hash of its day. */
export interface PageViewsTable {
  id: GeneratedAlways<number>;
  viewedAt: GeneratedTimestamp;
  branchId: number | null;
  path: string;
  visitor: string;
}

/** An event the storefront logged after consent (`POST /api/analytics-log`). */
export interface AnalyticsEventsTable {
  id: GeneratedAlways<number>;
  occurredAt: GeneratedTimestamp;
  branchId: number | null;
  visitor: string | null;
  type: string;
  action: string | null;
  category: string | null;
  name: string | null;
  /** At most 4 KB stored; written as a JSON string. */
  data: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
}

/** Daily rollups, kept for ever: branch 0 is "no branch". */
export interface AnalyticsDailyTable {
  day: DateString;
  branchId: Generated<number>;
  metric: string;
  key: Generated<string>;
  value: number;
}

export interface AnalyticsRolledDaysTable {
  day: DateString;
  rolledAt: GeneratedTimestamp;
}

/** The days whose order rollups are written (decision 055); rolled again when an order moves. */
export interface StatisticsOrderDaysTable {
  day: DateString;
  rolledAt: Date;
}

/** Digital signage (issue 22, decision 060): a piece of screen content with a duration. */
export interface SignageSegmentsTable {
  id: Generated<number>;
  name: string;
  kind: "image" | "video" | "page" | "text" | "menu";
  durationSeconds: Generated<number>;
  imageId: number | null;
  videoPath: string | null;
  pagePath: string | null;
  body: string | null;
  branchId: number | null;
  createdAt: GeneratedTimestamp;
}

/** An ordered playlist of segments with time slots naming other streams (decision 060). */
export interface SignageStreamsTable {
  id: Generated<number>;
  name: string;
  transition: Generated<string>;
  /** Lines such as 'Mo-Fr 06:00-11:00 3' (app/domain/signage-schedule.ts). */
  schedule: Generated<string>;
  createdAt: GeneratedTimestamp;
}

export interface SignageStreamSegmentsTable {
  streamId: number;
  segmentId: number;
  position: Generated<number>;
  /** This entry's own duration (1..3600 s); null: the segment's (decision 060). */
  durationSeconds: number | null;
}

/** The categories a menu board shows (none: the branch's whole menu; decision 060). */
export interface SignageSegmentCategoriesTable {
  segmentId: number;
  categoryId: number;
  position: Generated<number>;
}

/** A TV of a branch, paired by a short code; its token's hash identifies its browser. */
export interface SignageDevicesTable {
  id: Generated<number>;
  name: string;
  branchId: number;
  streamId: number | null;
  pairedAt: Date | null;
  createdAt: GeneratedTimestamp;
}

export interface SignagePairingsTable {
  id: Generated<number>;
  code: string;
  tokenHash: string;
  createdAt: GeneratedTimestamp;
  deviceId: number | null;
}

export interface SignagePairingFailuresTable {
  id: Generated<number>;
  userId: number;
  at: GeneratedTimestamp;
}

export interface SignageDeviceStatusTable {
  deviceId: number;
  lastSeenAt: Date;
  playing: string | null;
  contentVersion: string | null;
}

// ——— Devices and printing (issue 20, decision 056) ———

export type DeviceKind = "printer" | "notifier";
export type DeviceConnection = "escpos_tcp" | "star_cloudprnt" | "epson_sdp";
export type PrintJobReason = "new" | "confirmed" | "reprint" | "test" | "production_list";
export type PrintJobStatus = "pending" | "sending" | "printed" | "stale" | "failed";

export interface DevicesTable {
  id: Id;
  identifier: string;
  name: string;
  branchId: number;
  kind: DeviceKind;
  connection: DeviceConnection | null;
  host: string | null;
  port: number | null;
  paperWidth: Generated<number>;
  printsNewOrders: Generated<boolean>;
  printsConfirmedOrders: Generated<boolean>;
  /** Order types it prints ('takeaway', 'delivery', 'dine-in'). */
  orderTypes: Generated<string[]>;
  autoConfirm: Generated<boolean>;
  /** A TCP printer that does not answer `GS r` (decision 063): a clean close counts as printed. */
  noStatusAnswer: Generated<boolean>;
  /** What a polling printer (CloudPRNT, SDP) names itself with. */
  token: Generated<string>;
  lastSeenAt: NullableTimestamp;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface PrintJobsTable {
  id: Id;
  deviceId: number;
  orderId: number | null;
  reason: PrintJobReason;
  /** A production list's job: the list as printed (decision 107); null for every other job. */
  payload: JSONColumnType<ProductionTicket | null, string | null | undefined, string | null>;
  content: Buffer | null;
  status: Generated<PrintJobStatus>;
  attempts: Generated<number>;
  nextAttemptAt: GeneratedTimestamp;
  lastError: string | null;
  /** The token a polling printer confirms the job with. */
  jobToken: Generated<string>;
  fetchedAt: NullableTimestamp;
  printedAt: NullableTimestamp;
  createdAt: GeneratedTimestamp;
}

/** A browser subscribed to Web Push on a notifier device's page (decision 057). */
export interface NotifierSubscriptionsTable {
  id: Id;
  deviceId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: GeneratedTimestamp;
}

export type NotifierPushStatus = "pending" | "sent" | "failed";

/** One push per subscription and new order, sent by a worker with back-off (decision 057). */
export interface NotifierPushesTable {
  id: Id;
  subscriptionId: number;
  orderId: number | null;
  status: Generated<NotifierPushStatus>;
  attempts: Generated<number>;
  nextAttemptAt: GeneratedTimestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  createdAt: GeneratedTimestamp;
}

export interface DeviceLogsTable {
  id: Id;
  deviceId: number;
  printJobId: number | null;
  event: string;
  message: string;
  at: GeneratedTimestamp;
}

export interface Database {
  settings: SettingsTable;
  images: ImagesTable;
  uploads: UploadsTable;
  divisions: DivisionsTable;
  departments: DepartmentsTable;
  branches: BranchesTable;
  branchImages: BranchImagesTable;
  branchHours: BranchHoursTable;
  deliveryAreas: DeliveryAreasTable;
  tags: TagsTable;
  branchTags: BranchTagsTable;
  tables: TablesTable;
  donatees: DonateesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  productImages: ProductImagesTable;
  productTags: ProductTagsTable;
  productAlternativeUnits: ProductAlternativeUnitsTable;
  productParts: ProductPartsTable;
  productPartOptions: ProductPartOptionsTable;
  productBundleItems: ProductBundleItemsTable;
  productGroups: ProductGroupsTable;
  productSoldOut: ProductSoldOutTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  productGroupProducts: ProductGroupProductsTable;
  menus: MenusTable;
  menuBranches: MenuBranchesTable;
  menuCategories: MenuCategoriesTable;
  menuEntries: MenuEntriesTable;
  imageTemplates: ImageTemplatesTable;
  carts: CartsTable;
  cartItems: CartItemsTable;
  orders: OrdersTable;
  ticketCounters: TicketCountersTable;
  orderItems: OrderItemsTable;
  orderItemUploads: OrderItemUploadsTable;
  orderTaxes: OrderTaxesTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  userBranches: UserBranchesTable;
  loginThrottles: LoginThrottlesTable;
  loginLinks: LoginLinksTable;
  staffSessions: StaffSessionsTable;
  staffDevices: StaffDevicesTable;
  staffApiTokens: StaffApiTokensTable;
  sites: SitesTable;
  blocks: BlocksTable;
  navigations: NavigationsTable;
  auditLog: AuditLogTable;
  branchApiKeys: BranchApiKeysTable;
  outbox: OutboxTable;
  paymentEvents: PaymentEventsTable;
  analyticsSalts: AnalyticsSaltsTable;
  pageViews: PageViewsTable;
  analyticsEvents: AnalyticsEventsTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsRolledDays: AnalyticsRolledDaysTable;
  statisticsOrderDays: StatisticsOrderDaysTable;
  workingActivities: WorkingActivitiesTable;
  workingActivityPauses: WorkingActivityPausesTable;
  staffClockCredentials: StaffClockCredentialsTable;
  signageSegments: SignageSegmentsTable;
  signageStreams: SignageStreamsTable;
  signageStreamSegments: SignageStreamSegmentsTable;
  signageSegmentCategories: SignageSegmentCategoriesTable;
  signageDevices: SignageDevicesTable;
  signagePairings: SignagePairingsTable;
  signagePairingFailures: SignagePairingFailuresTable;
  signageDeviceStatus: SignageDeviceStatusTable;
  devices: DevicesTable;
  printJobs: PrintJobsTable;
  notifierSubscriptions: NotifierSubscriptionsTable;
  notifierPushes: NotifierPushesTable;
  deviceLogs: DeviceLogsTable;
  workingSchedules: WorkingSchedulesTable;
  productionListPrints: ProductionListPrintsTable;
  capacities: CapacitiesTable;
  taxExportSettings: TaxExportSettingsTable;
  dailyClosings: DailyClosingsTable;
  dailyClosingOrders: DailyClosingOrdersTable;
  dailyClosingCorrections: DailyClosingCorrectionsTable;
  workingContracts: WorkingContractsTable;
  holidayEntitlements: HolidayEntitlementsTable;
  absences: AbsencesTable;
  closedMonths: ClosedMonthsTable;
  projects: ProjectsTable;
  tasks: TasksTable;
}

// ——— Row types in the business's words ———

export type Settings = Selectable<SettingsTable>;
export type SettingsUpdate = Updateable<SettingsTable>;
export type Image = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type Upload = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;
export type Division = Selectable<DivisionsTable>;
export type NewDivision = Insertable<DivisionsTable>;
export type Branch = Selectable<BranchesTable>;
export type WorkingActivity = Selectable<WorkingActivitiesTable>;
export type WorkingActivityPause = Selectable<WorkingActivityPausesTable>;
export type NewBranch = Insertable<BranchesTable>;
export type BranchUpdate = Updateable<BranchesTable>;
export type BranchHoursRow = Selectable<BranchHoursTable>;
export type NewBranchHoursRow = Insertable<BranchHoursTable>;
export type DeliveryArea = Selectable<DeliveryAreasTable>;
export type NewDeliveryArea = Insertable<DeliveryAreasTable>;
export type Tag = Selectable<TagsTable>;
export type NewTag = Insertable<TagsTable>;
export type DiningTable = Selectable<TablesTable>;
export type NewDiningTable = Insertable<TablesTable>;
export type Donatee = Selectable<DonateesTable>;
export type NewDonatee = Insertable<DonateesTable>;
export type Category = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type AlternativeUnit = Selectable<ProductAlternativeUnitsTable>;
export type NewAlternativeUnit = Insertable<ProductAlternativeUnitsTable>;
export type ProductPart = Selectable<ProductPartsTable>;
export type NewProductPart = Insertable<ProductPartsTable>;
export type PartOption = Selectable<ProductPartOptionsTable>;
export type NewPartOption = Insertable<ProductPartOptionsTable>;
export type BundleItem = Selectable<ProductBundleItemsTable>;
export type NewBundleItem = Insertable<ProductBundleItemsTable>;
export type ProductGroup = Selectable<ProductGroupsTable>;
export type NewProductGroup = Insertable<ProductGroupsTable>;
export type Menu = Selectable<MenusTable>;
export type NewMenu = Insertable<MenusTable>;
export type MenuCategory = Selectable<MenuCategoriesTable>;
export type MenuEntry = Selectable<MenuEntriesTable>;
export type NewMenuEntry = Insertable<MenuEntriesTable>;
export type Cart = Selectable<CartsTable>;
export type NewCart = Insertable<CartsTable>;
export type CartUpdate = Updateable<CartsTable>;
export type CartItem = Selectable<CartItemsTable>;
export type NewCartItem = Insertable<CartItemsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
export type OrderTax = Selectable<OrderTaxesTable>;
export type NewOrderTax = Insertable<OrderTaxesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LoginThrottle = Selectable<LoginThrottlesTable>;
export type LoginLink = Selectable<LoginLinksTable>;
export type StaffSession = Selectable<StaffSessionsTable>;
export type StaffApiToken = Selectable<StaffApiTokensTable>;
export type Site = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type Block = Selectable<BlocksTable>;
export type NewBlock = Insertable<BlocksTable>;
export type Navigation = Selectable<NavigationsTable>;
export type NewNavigation = Insertable<NavigationsTable>;
export type AuditLogEntry = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;
