import type { OrderType } from "./order-type";

/** Payment method values (spec section 9): cash, atm-card, voucher and the two online providers. */
export const PAYMENT_METHODS = ["cash", "atm-card", "voucher", "stripe", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ["stripe", "paypal"];

export function isOnlinePayment(method: PaymentMethod): boolean {
  return ONLINE_PAYMENT_METHODS.includes(method);
}

/** The shop's switches (config) for each method; a plugin pair needs both on. */
export interface PaymentSwitches {
  enableCash: boolean;
  enablePluginAtmCard: boolean;
  enableAtmCard: boolean;
  enablePluginVoucher: boolean;
  enableVoucher: boolean;
  enablePluginStripe: boolean;
  enableStripe: boolean;
  enablePluginPaypal: boolean;
  enablePaypal: boolean;
}

/** The branch's own flags for each method. */
export interface BranchPaymentFlags {
  isCashEnabled: boolean;
  isAtmCardEnabled: boolean;
  isVoucherEnabled: boolean;
  isStripeEnabled: boolean;
  isPaypalEnabled: boolean;
}

/**
 * The methods a customer may choose, in the spec's order: each only if the shop switches it on
 * and the branch enables it. `providersReady` names the online providers that have keys: one
 * without keys cannot take a payment, whatever the switches say.
 */
export function offeredPaymentMethods(
  config: PaymentSwitches,
  branch: BranchPaymentFlags,
  providersReady: readonly PaymentMethod[] = ONLINE_PAYMENT_METHODS,
): PaymentMethod[] {
  const offered: Record<PaymentMethod, boolean> = {
    cash: config.enableCash && branch.isCashEnabled,
    "atm-card": config.enablePluginAtmCard && config.enableAtmCard && branch.isAtmCardEnabled,
    voucher: config.enablePluginVoucher && config.enableVoucher && branch.isVoucherEnabled,
    stripe:
      config.enablePluginStripe &&
      config.enableStripe &&
      branch.isStripeEnabled &&
      providersReady.includes("stripe"),
    paypal:
      config.enablePluginPaypal &&
      config.enablePaypal &&
      branch.isPaypalEnabled &&
      providersReady.includes("paypal"),
  };
  return PAYMENT_METHODS.filter((method) => offered[method]);
}

/** The kiosk's own switches (settings, decision 053): only methods paid at its counter. */
export interface KioskPaymentSwitches {
  kioskCash: boolean;
  kioskAtmCard: boolean;
  kioskVoucher: boolean;
}

/**
 * On a self-service kiosk: of the methods offered anyway, those its counter takes. Online
 * providers never (their pages lead out of the shop, and nobody should type card data there).
 */
export function kioskPaymentMethods(
  offered: readonly PaymentMethod[],
  kiosk: KioskPaymentSwitches,
): PaymentMethod[] {
  const takes: Record<PaymentMethod, boolean> = {
    cash: kiosk.kioskCash,
    "atm-card": kiosk.kioskAtmCard,
    voucher: kiosk.kioskVoucher,
    stripe: false,
    paypal: false,
  };
  return offered.filter((method) => takes[method]);
}

/** Cash if offered, else the second online provider, else the first method offered (spec 9). */
export function defaultPaymentMethod(offered: readonly PaymentMethod[]): PaymentMethod | null {
  if (offered.includes("cash")) return "cash";
  if (offered.includes("paypal")) return "paypal";
  return offered[0] ?? null;
}

/** The per-mode requirement flags of a branch (spec section 3). */
export interface BranchRequirements {
  isDeliveryEmailRequired: boolean;
  isDeliveryPhoneRequired: boolean;
  isDeliveryAddressRequired: boolean;
  isDineInEmailRequired: boolean;
  isDineInPhoneRequired: boolean;
  isDineInAddressRequired: boolean;
  isTakeawayEmailRequired: boolean;
  isTakeawayPhoneRequired: boolean;
  isTakeawayAddressRequired: boolean;
  isTableSelectionEnabled: boolean;
  isAppointmentRequired: boolean;
}

export interface RequiredFields {
  email: boolean;
  phone: boolean;
  /** Street and city. The delivery area is always needed for delivery. */
  address: boolean;
  table: boolean;
  appointment: boolean;
}

/** Which contact fields the branch demands for this order type (spec section 5). */
export function requiredFields(branch: BranchRequirements, orderType: OrderType): RequiredFields {
  const byType = {
    delivery: [
      branch.isDeliveryEmailRequired,
      branch.isDeliveryPhoneRequired,
      branch.isDeliveryAddressRequired,
    ],
    "dine-in": [
      branch.isDineInEmailRequired,
      branch.isDineInPhoneRequired,
      branch.isDineInAddressRequired,
    ],
    takeaway: [
      branch.isTakeawayEmailRequired,
      branch.isTakeawayPhoneRequired,
      branch.isTakeawayAddressRequired,
    ],
  } as const;
  const [email, phone, address] = byType[orderType];
  return {
    email,
    phone,
    address,
    table: orderType === "dine-in" && branch.isTableSelectionEnabled,
    appointment: branch.isAppointmentRequired,
  };
}

export type OrderKind = "quotation" | "order" | "preorder";

/**
 * What the submission will be: a quotation request where the branch requires one; an order when
 * the branch (for delivery: its delivery) is open; a pre-order when it is closed and pre-orders
 * are on; none when it is closed without pre-orders.
 */
export function orderKind(input: {
  isQuotationRequired: boolean;
  isPreorderEnabled: boolean;
  /** Open for this order type now (delivery hours for delivery). */
  isOpen: boolean;
}): OrderKind | null {
  if (input.isQuotationRequired) return "quotation";
  if (input.isOpen) return "order";
  return input.isPreorderEnabled ? "preorder" : null;
}
