import { isEmailAddress } from "#app/domain/input-rules";
import { z } from "zod";
import type { Problem } from "#app/server/outcome";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { findCartWithItems } from "#app/db/queries/carts";
import { listDonatees } from "#app/db/queries/content";
import type { Cart, CartItem, ChosenPart, Db, DeliveryArea, Donatee } from "#app/db/schema";
import { itemPrice, priceCart, type PricedCartItem } from "#app/domain/cart";
import { chosenOptions } from "#app/domain/chosen-parts";
import {
  defaultPaymentMethod,
  offeredPaymentMethods,
  kioskPaymentMethods,
  orderKind,
  PAYMENT_METHODS,
  requiredFields,
  type OrderKind,
  type PaymentMethod,
  type RequiredFields,
} from "#app/domain/checkout";
import { checkMinimumOrderValue, checkPostcode, postcodesOf } from "#app/domain/delivery";
import { closedNotice, deliveryNotice } from "#app/domain/opening-display";
import { NEXT_OPENING_HORIZON_DAYS, hoursFor, openingState } from "#app/domain/opening-hours";
import { orderTypeOf, type OrderType } from "#app/domain/order-type";
import { checkPhone, phoneCountryOf } from "#app/domain/phone";
import {
  SLOT_HORIZON_DAYS,
  sharedAppointmentPlan,
  type AppointmentPlan,
  checkAppointment,
} from "#app/domain/slots";
import type { CartTotals } from "#app/domain/tax";
import { taxRateFor } from "#app/domain/tax";
import { unitRatio } from "#app/domain/units";
import { deCheckout } from "#app/i18n/de-checkout";
import { deCatalogue } from "#app/i18n/de-catalogue";
import {
  deliveryAreaForPricing,
  labelledLine,
  pricedProduct,
} from "#app/features/cart/cart-pricing.server";
import { isTotalApproximate } from "#app/domain/price-label";
import { offeredDeliveryTypes } from "#app/features/cart/cart.server";
import { effectiveHours } from "#app/features/storefront/opening.server";
import { cachedReference } from "#app/features/shared/reference-data.server";
import { loadStorefront, type Storefront } from "#app/features/storefront/storefront.server";
import { cleanLine, cleanText } from "#app/domain/values";
import { deKiosk } from "#app/i18n/de-kiosk";
import { checkoutCapacity } from "#app/features/capacities/capacities.public";
import type { CapacityBook } from "#app/domain/capacities";
import { addDays, dateOf } from "#app/domain/time";

/** A German message with the form field it belongs to (absent: the order as a whole). */
export type FieldError = Problem;

/** A cart line re-priced from today's catalogue. */
export interface CheckoutLine {
  row: CartItem;
  product: CatalogueProduct;
  parts: ChosenPart[];
  priced: PricedCartItem;
  gross: number;
}

/** Everything the checkout page shows and the order service checks, read once per request. */
export interface CheckoutContext {
  store: Storefront;
  cart: Cart | null;
  lines: CheckoutLine[];
  /** Items whose product or options are gone from the active menu. */
  goneItems: string[];
  /** Items whose product is sold out today in the branch: the order is refused until removed. */
  soldOutItems: string[];
  orderType: OrderType;
  orderTypes: OrderType[];
  area: DeliveryArea | null;
  totals: CartTotals;
  isApproximate: boolean;
  minimumMessages: string[];
  isOpen: boolean;
  kind: OrderKind | null;
  notices: string[];
  required: RequiredFields;
  tables: { id: number; name: string }[];
  donatees: Donatee[];
  paymentMethods: PaymentMethod[];
  defaultPayment: PaymentMethod | null;
  /** Ordered on a self-service kiosk: only the methods its counter takes (decision 053). */
  isSelfService: boolean;
  /** The bookable slots (computed on first use: 180 days of hours are not free). */
  plan: () => AppointmentPlan;
  /** What the branch's capacities have left (decision 113); null when it sets none. */
  capacity: CapacityBook | null;
}

/** The options a part had when added, looked up again in today's catalogue (null: gone). */
function currentParts(
  product: CatalogueProduct,
  parts: readonly ChosenPart[],
): ChosenPart[] | null {
  const result: ChosenPart[] = [];
  for (const part of parts) {
    const catalogued = product.parts.find((candidate) => candidate.id === part.partId);
    if (!catalogued) return null;
    if (!part.options) {
      result.push({ ...part, name: catalogued.name });
      continue;
    }
    const options = part.options.map((chosen) =>
      catalogued.options.find((option) => option.id === chosen.optionId),
    );
    if (options.some((option) => option === undefined)) return null;
    result.push({
      ...part,
      name: catalogued.name,
      options: chosenOptions(options),
    });
  }
  return result;
}

export async function loadCheckout(
  db: Db,
  input: {
    identifier: string;
    cartId: string | null;
    now: Date;
    providersReady: PaymentMethod[];
    selfService?: boolean;
  },
): Promise<CheckoutContext | null> {
  const store = await loadStorefront(db, input.identifier, input.now);
  if (!store) return null;
  const { branch, settings, zone, catalogue } = store;
  const found = input.cartId ? await findCartWithItems(db, input.cartId, branch.id) : undefined;
  const cart = found?.cart ?? null;
  const rows = found?.items ?? [];
  const active = new Map(catalogue.active.map((product) => [product.id, product]));

  const orderTypes = offeredDeliveryTypes(branch);
  const chosenType = cart ? orderTypeOf(cart) : (orderTypes[0] ?? "takeaway");
  const orderType = orderTypes.includes(chosenType) ? chosenType : (orderTypes[0] ?? "takeaway");
  const lines: CheckoutLine[] = [];
  const goneItems: string[] = [];
  const soldOutItems: string[] = [];
  for (const row of rows) {
    // Sold out today in this branch (decision 036): refused like a product no longer offered.
    if (catalogue.soldOut.has(row.productId)) {
      soldOutItems.push(row.productName);
      continue;
    }
    const product = active.get(row.productId);
    const parts = product ? currentParts(product, row.parts) : null;
    if (!product || !parts || unitRatio(pricedProduct(product), row.unit) === null) {
      goneItems.push(row.productName);
      continue;
    }
    const priced: PricedCartItem = {
      product: pricedProduct(product),
      amount: row.amount,
      unit: row.unit,
      options: parts.flatMap((part) =>
        (part.options ?? []).map((option) => ({ modifier: option.modifier, value: option.value })),
      ),
    };
    lines.push({ row, product, parts, priced, gross: itemPrice(priced) });
  }

  const area =
    orderType === "delivery"
      ? (branch.deliveryAreas.find((candidate) => candidate.id === cart?.deliveryAreaId) ?? null)
      : null;
  const totals = priceCart({
    isDelivery: orderType === "delivery",
    isDineIn: orderType === "dine-in",
    items: lines.map((line) => line.priced),
    deliveryArea: area ? deliveryAreaForPricing(area) : null,
  });
  const minimum = area
    ? checkMinimumOrderValue(deliveryAreaForPricing(area), totals.gross, settings.currency)
    : null;

  const horizonDays = settings.slotHorizonDays ?? SLOT_HORIZON_DAYS;
  // Public holidays close the branch, and delivery never happens on a closed day (decision 045).
  const hours = effectiveHours(
    branch,
    input.now,
    zone,
    Math.max(horizonDays, NEXT_OPENING_HORIZON_DAYS),
  );
  const rules = hoursFor(hours, orderType);
  const state = openingState(rules, input.now, zone);
  const orderableFrom =
    branch.orderableFrom && new Date(branch.orderableFrom) > input.now
      ? new Date(branch.orderableFrom)
      : null;
  const notices =
    orderType === "delivery"
      ? [deliveryNotice(true, state, input.now, zone)].filter(
          (notice): notice is string => !!notice,
        )
      : closedNotice(
          state,
          input.now,
          { isPreorderEnabled: branch.isPreorderEnabled, closedMessage: branch.closedMessage },
          zone,
        );
  const [tables, donatees] = await Promise.all([
    branch.isTableSelectionEnabled && orderType === "dine-in"
      ? cachedReference(db, `tables:${branch.id}`, () =>
          db
            .selectFrom("tables")
            .select(["id", "name"])
            .where("branchId", "=", branch.id)
            .orderBy("position")
            .orderBy("name")
            .execute(),
        )
      : Promise.resolve([]),
    settings.enablePluginDonations
      ? cachedReference(db, "donatees", () => listDonatees(db))
      : Promise.resolve([]),
  ]);
  // Full slots leave the picker and booked-out days are named (decision 113); the order itself
  // is checked again under a lock.
  const today = dateOf(input.now, zone);
  const capacity = await checkoutCapacity(db, {
    branchId: branch.id,
    fromDay: today,
    untilDay: addDays(today, horizonDays + 1),
    zone,
  });
  const offered = offeredPaymentMethods(settings, branch, input.providersReady);
  const isSelfService = input.selfService === true;
  const paymentMethods = isSelfService ? kioskPaymentMethods(offered, settings) : offered;
  return {
    store,
    cart,
    lines,
    goneItems,
    soldOutItems,
    orderType,
    orderTypes,
    area,
    totals,
    isApproximate: isTotalApproximate(
      lines.map((line) => labelledLine(line.product, line.row.unit)),
    ),
    minimumMessages: minimum && !minimum.isReached ? minimum.messages : [],
    isOpen: state.isOpen,
    kind: orderKind({
      isQuotationRequired: branch.isQuotationRequired,
      isPreorderEnabled: branch.isPreorderEnabled,
      isOpen: state.isOpen,
    }),
    notices,
    // Before the branch is orderable an order needs a time from then on (decision 045).
    required: {
      ...requiredFields(branch, orderType),
      ...(orderableFrom ? { appointment: true } : {}),
      // A walk-in customer at the kiosk is called by number (issue 36, item 14, decision 079).
      ...(isSelfService ? { email: false, phone: false } : {}),
    },
    tables,
    donatees: donatees.filter((donatee) => donatee.isEnabled),
    paymentMethods,
    defaultPayment: defaultPaymentMethod(paymentMethods),
    isSelfService,
    capacity,
    plan: once(() =>
      sharedAppointmentPlan({
        rules,
        now: input.now,
        leadTimes: lines.map((line) => line.product),
        zone,
        horizonDays,
        notBefore: orderableFrom,
      }),
    ),
  };
}

function once<T>(compute: () => T): () => T {
  let value: { result: T } | null = null;
  return () => (value ??= { result: compute() }).result;
}

/** Control characters are stripped before a field is checked and stored (app/domain/values.ts). */
const text = (max: number, clean: (value: string) => string = cleanLine) =>
  z
    .string()
    .transform(clean)
    .pipe(z.string().max(max, deCheckout.tooLong(max)))
    .optional()
    .transform((value) => value ?? "");

/** The checkout form as posted. Every field is a string; the rules that need data come after. */
export const checkoutSchema = z.object({
  orderKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  name: text(120),
  firstName: text(60),
  lastName: text(60),
  company: text(120),
  email: text(254),
  phone: text(40),
  street: text(200),
  city: text(120),
  floor: text(20),
  stairway: text(20),
  door: text(20),
  tableId: text(12),
  appointment: text(40),
  comment: text(2000, cleanText),
  donateeId: text(12),
  paymentMethod: text(20),
  acceptTerms: text(10),
  acceptPrivacy: text(10),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** What the order service writes once every rule holds. */
export interface OrderDraft {
  name: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  floor: string | null;
  stairway: string | null;
  door: string | null;
  table: { id: number; name: string } | null;
  appointment: Date | null;
  comment: string | null;
  donatee: Donatee | null;
  paymentMethod: PaymentMethod;
}

const optional = (value: string) => (value === "" ? null : value);

/**
 * Every rule of the checkout (spec section 5) against the server's own view of the cart:
 * German messages with the field they belong to, or the order as it will be stored.
 */
export function validateCheckout(
  context: CheckoutContext,
  posted: CheckoutInput,
): { errors: FieldError[] } | { draft: OrderDraft } {
  // A kiosk asks a walk-in customer for a first name at most and keeps no contact data (issue 36,
  // item 14, decision 079): whatever else is posted there is dropped.
  const input: CheckoutInput = context.isSelfService
    ? { ...posted, name: "", lastName: "", company: "", email: "", phone: "" }
    : posted;
  const errors: FieldError[] = [];
  const { required, store } = context;
  const add = (message: string, field?: string) =>
    errors.push(field ? { message, field } : { message });

  for (const name of context.goneItems) add(deCheckout.productGone(name));
  for (const name of context.soldOutItems) add(deCatalogue.soldOut.checkoutSoldOut(name));
  const refusedItems = context.goneItems.length + context.soldOutItems.length;
  if (context.lines.length === 0 && refusedItems === 0) add(deCheckout.emptyCart);
  if (!context.orderTypes.includes(context.orderType)) add(deCheckout.orderTypeUnavailable);
  if (context.kind === null) add(deCheckout.closedNoPreorder);
  if (context.orderType === "delivery" && !context.area) {
    add(deCheckout.areaRequired, "deliveryArea");
  }
  for (const message of context.minimumMessages.slice(0, 1)) add(message, "deliveryArea");

  // The form asks for first and last name (spec section 3); API callers may send one `name`.
  const fullName =
    input.name ||
    [input.firstName, input.lastName].filter(Boolean).join(" ") ||
    (context.isSelfService ? deKiosk.walkInName : "");
  if (!input.lastName && !input.name && !context.isSelfService) {
    add(deCheckout.nameRequired, input.firstName ? "lastName" : "name");
  }
  if (input.email && !isEmailAddress(input.email)) add(deCheckout.emailInvalid, "email");
  else if (!input.email && required.email) add(deCheckout.emailRequired, "email");
  let phone: string | null = null;
  if (input.phone) {
    const check = checkPhone(input.phone, phoneCountryOf(store.zone));
    if (!check.isValid) add(check.message, "phone");
    else phone = check.phone;
  } else if (required.phone) add(deCheckout.phoneRequired, "phone");

  const delivering = context.orderType === "delivery";
  if (delivering && required.address && !input.street) add(deCheckout.streetRequired, "street");
  if (delivering && required.address && !input.city) add(deCheckout.cityRequired, "city");
  // An area that lists postcodes delivers only there (decision 045).
  if (delivering && context.area && (input.city || postcodesOf(context.area.postcodes).length)) {
    const check = checkPostcode(context.area, input.city);
    if (!check.isValid && !(required.address && !input.city)) add(check.message, "city");
  }

  let table: OrderDraft["table"] = null;
  if (context.orderType === "dine-in" && input.tableId) {
    table = context.tables.find((candidate) => String(candidate.id) === input.tableId) ?? null;
    if (!table) add(deCheckout.unknownTable, "tableId");
  } else if (required.table) add(deCheckout.tableRequired, "tableId");

  let appointment: Date | null = null;
  const parsed = input.appointment ? new Date(input.appointment) : null;
  if (parsed && Number.isNaN(parsed.getTime())) add(deCheckout.invalidAppointment, "appointment");
  else if (!parsed && !required.appointment) appointment = null;
  else {
    const check = checkAppointment(
      context.plan(),
      parsed?.toISOString() ?? null,
      { isRequired: required.appointment },
      store.zone,
    );
    if (!check.isValid) add(check.message, "appointment");
    else appointment = parsed;
  }

  let donatee: Donatee | null = null;
  if (input.donateeId && store.settings.enablePluginDonations) {
    donatee =
      context.donatees.find((candidate) => String(candidate.id) === input.donateeId) ?? null;
    if (!donatee) add(deCheckout.unknownDonatee, "donateeId");
  }

  const method = input.paymentMethod || context.defaultPayment;
  const paymentMethod = PAYMENT_METHODS.find((candidate) => candidate === method);
  if (!paymentMethod || !context.paymentMethods.includes(paymentMethod)) {
    add(
      context.isSelfService ? deKiosk.paymentNotAtKiosk : deCheckout.paymentUnavailable,
      "paymentMethod",
    );
  }
  if (input.acceptTerms !== "on") add(deCheckout.termsRequired, "acceptTerms");
  if (input.acceptPrivacy !== "on") add(deCheckout.privacyRequired, "acceptPrivacy");

  if (errors.length > 0 || !paymentMethod) return { errors };
  return {
    draft: {
      name: fullName.slice(0, 120),
      firstName: optional(input.firstName),
      lastName: optional(input.lastName),
      company: optional(input.company),
      email: optional(input.email),
      phone,
      street: delivering ? optional(input.street) : null,
      city: delivering ? optional(input.city) : null,
      floor: delivering ? optional(input.floor) : null,
      stairway: delivering ? optional(input.stairway) : null,
      door: delivering ? optional(input.door) : null,
      table,
      appointment,
      comment: optional(input.comment),
      donatee,
      paymentMethod,
    },
  };
}

/** The tax rate a line is charged at for the order type (spec section 9). */
export function lineTaxRate(line: CheckoutLine, orderType: OrderType): number {
  return taxRateFor(line.priced.product, orderType);
}
