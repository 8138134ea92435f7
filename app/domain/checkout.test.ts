import { describe, expect, it } from "vitest";
import {
  defaultPaymentMethod,
  offeredPaymentMethods,
  orderKind,
  requiredFields,
  type BranchPaymentFlags,
  type BranchRequirements,
  type PaymentSwitches,
} from "./checkout";

const allOn: PaymentSwitches = {
  enableCash: true,
  enablePluginAtmCard: true,
  enableAtmCard: true,
  enablePluginVoucher: true,
  enableVoucher: true,
  enablePluginStripe: true,
  enableStripe: true,
  enablePluginPaypal: true,
  enablePaypal: true,
};
const branchAll: BranchPaymentFlags = {
  isCashEnabled: true,
  isAtmCardEnabled: true,
  isVoucherEnabled: true,
  isStripeEnabled: true,
  isPaypalEnabled: true,
};

describe("offered payment methods", () => {
  it("lists every method switched on by the shop and the branch, in the spec's order", () => {
    expect(offeredPaymentMethods(allOn, branchAll)).toEqual([
      "cash",
      "atm-card",
      "voucher",
      "stripe",
      "paypal",
    ]);
  });

  it("needs the plugin switch, the method switch and the branch flag", () => {
    expect(
      offeredPaymentMethods({ ...allOn, enablePluginAtmCard: false }, branchAll),
    ).not.toContain("atm-card");
    expect(offeredPaymentMethods({ ...allOn, enableVoucher: false }, branchAll)).not.toContain(
      "voucher",
    );
    expect(offeredPaymentMethods(allOn, { ...branchAll, isStripeEnabled: false })).not.toContain(
      "stripe",
    );
    expect(offeredPaymentMethods({ ...allOn, enableCash: false }, branchAll)).not.toContain("cash");
  });

  it("leaves out an online provider that has no keys", () => {
    expect(offeredPaymentMethods(allOn, branchAll, ["paypal"])).toEqual([
      "cash",
      "atm-card",
      "voucher",
      "paypal",
    ]);
  });
});

describe("default payment method", () => {
  it("is cash if enabled, else the second online provider (spec section 9)", () => {
    expect(defaultPaymentMethod(["cash", "stripe", "paypal"])).toBe("cash");
    expect(defaultPaymentMethod(["atm-card", "stripe", "paypal"])).toBe("paypal");
    expect(defaultPaymentMethod(["atm-card", "stripe"])).toBe("atm-card");
    expect(defaultPaymentMethod([])).toBeNull();
  });
});

describe("required fields", () => {
  const branch: BranchRequirements = {
    isDeliveryEmailRequired: true,
    isDeliveryPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isDineInEmailRequired: false,
    isDineInPhoneRequired: false,
    isDineInAddressRequired: false,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: false,
    isTakeawayAddressRequired: false,
    isTableSelectionEnabled: true,
    isAppointmentRequired: false,
  };

  it("follows the flags of the chosen order type", () => {
    expect(requiredFields(branch, "delivery")).toEqual({
      email: true,
      phone: true,
      address: true,
      table: false,
      appointment: false,
    });
    expect(requiredFields(branch, "takeaway")).toEqual({
      email: true,
      phone: false,
      address: false,
      table: false,
      appointment: false,
    });
  });

  it("asks for a table only for dine-in with table selection on", () => {
    expect(requiredFields(branch, "dine-in").table).toBe(true);
    expect(requiredFields({ ...branch, isTableSelectionEnabled: false }, "dine-in").table).toBe(
      false,
    );
  });
});

describe("order kind", () => {
  it("is a quotation whenever the branch requires one", () => {
    expect(orderKind({ isQuotationRequired: true, isPreorderEnabled: false, isOpen: false })).toBe(
      "quotation",
    );
  });

  it("is an order while open, a pre-order while closed with pre-orders, else impossible", () => {
    expect(orderKind({ isQuotationRequired: false, isPreorderEnabled: true, isOpen: true })).toBe(
      "order",
    );
    expect(orderKind({ isQuotationRequired: false, isPreorderEnabled: true, isOpen: false })).toBe(
      "preorder",
    );
    expect(
      orderKind({ isQuotationRequired: false, isPreorderEnabled: false, isOpen: false }),
    ).toBeNull();
  });
});
