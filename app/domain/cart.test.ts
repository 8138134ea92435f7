import { describe, expect, it } from "vitest";
import {
  UNITS_COUNTED_BY_AMOUNT,
  calculationModelOf,
  cartCount,
  cartCountText,
  hasVariablePrices,
  isCheckoutAllowed,
  itemPrice,
  priceCart,
  unitPriceWithOptions,
  type PricedProduct,
} from "./cart";
import type { DeliveryArea } from "./delivery";
import { flagsOf } from "./order-type";

describe("cartCount", () => {
  it("counts pieces, servings and packages by amount and everything else as 1", () => {
    expect(UNITS_COUNTED_BY_AMOUNT).toEqual(["piece", "serving", "package"]);
    expect(
      cartCount([
        { amount: 3, unit: "piece" },
        { amount: 2, unit: "serving" },
        { amount: 4, unit: "package" },
        { amount: 0.5, unit: "kilogram" },
        { amount: 2, unit: "pair" },
        { amount: 12, unit: "person" },
      ]),
    ).toBe(12);
  });

  it("is 0 for an empty cart", () => {
    expect(cartCount([])).toBe(0);
  });
});

describe("cartCountText", () => {
  it("uses the three wordings", () => {
    expect(cartCountText([])).toBe("Keine Produkte im Warenkorb");
    expect(cartCountText([{ amount: 1, unit: "piece" }])).toBe("1 Produkt im Warenkorb");
    expect(cartCountText([{ amount: 0.75, unit: "kilogram" }])).toBe("1 Produkt im Warenkorb");
    expect(cartCountText([{ amount: 2, unit: "piece" }])).toBe("2 Produkte im Warenkorb");
    expect(
      cartCountText([
        { amount: 10, unit: "piece" },
        { amount: 2, unit: "piece" },
      ]),
    ).toBe("12 Produkte im Warenkorb");
  });

  it("writes a fractional serving count the German way", () => {
    expect(cartCountText([{ amount: 1.5, unit: "serving" }])).toBe("1,5 Produkte im Warenkorb");
  });
});

describe("isCheckoutAllowed", () => {
  it("needs items and a reached minimum", () => {
    expect(isCheckoutAllowed(0, true)).toBe(false);
    expect(isCheckoutAllowed(2, false)).toBe(false);
    expect(isCheckoutAllowed(2, true)).toBe(true);
  });
});

describe("unitPriceWithOptions", () => {
  it("keeps the price without options", () => {
    expect(unitPriceWithOptions(2500)).toBe(2500);
    expect(unitPriceWithOptions(2500, [])).toBe(2500);
  });

  it("adds and subtracts", () => {
    expect(
      unitPriceWithOptions(2500, [
        { modifier: "add", value: 300 },
        { modifier: "subtract", value: 100 },
      ]),
    ).toBe(2700);
  });

  it("lets an overwrite set the base wherever it stands", () => {
    expect(
      unitPriceWithOptions(2500, [
        { modifier: "add", value: 300 },
        { modifier: "overwrite", value: 3900 },
      ]),
    ).toBe(4200);
    expect(
      unitPriceWithOptions(2500, [
        { modifier: "overwrite", value: 3900 },
        { modifier: "overwrite", value: 4500 },
      ]),
    ).toBe(4500);
  });

  it("never goes below zero", () => {
    expect(unitPriceWithOptions(200, [{ modifier: "subtract", value: 500 }])).toBe(0);
  });
});

const croissant: PricedProduct = {
  unit: "piece",
  price: 120,
  tax: 7,
  takeawayTax: 7,
  dineInTax: 19,
  calculationModel: "fixed",
};

const rye: PricedProduct = {
  unit: "kilogram",
  price: 480,
  tax: 7,
  calculationModel: "approximate",
  alternativeUnits: [{ unit: "piece", ratio: 0.75, calculationModel: "fixed" }],
};

describe("calculationModelOf and hasVariablePrices", () => {
  it("takes the alternative unit's model, else the product's, else fixed", () => {
    expect(calculationModelOf({ product: rye, amount: 1, unit: "kilogram" })).toBe("approximate");
    expect(calculationModelOf({ product: rye, amount: 1, unit: "piece" })).toBe("fixed");
    expect(
      calculationModelOf({
        product: { ...croissant, calculationModel: null },
        amount: 1,
        unit: "piece",
      }),
    ).toBe("fixed");
  });

  it("flags a cart with a price that is not final", () => {
    expect(hasVariablePrices([])).toBe(false);
    expect(hasVariablePrices([{ product: croissant, amount: 2, unit: "piece" }])).toBe(false);
    expect(hasVariablePrices([{ product: rye, amount: 1, unit: "kilogram" }])).toBe(true);
  });
});

describe("itemPrice", () => {
  it("prices a line by amount, unit ratio and options", () => {
    expect(itemPrice({ product: croissant, amount: 3, unit: "piece" })).toBe(360);
    expect(itemPrice({ product: rye, amount: 2, unit: "piece" })).toBe(720);
    expect(itemPrice({ product: rye, amount: 0.3, unit: "kilogram" })).toBe(144);
    expect(
      itemPrice({
        product: croissant,
        amount: 2,
        unit: "piece",
        options: [{ modifier: "add", value: 30 }],
      }),
    ).toBe(300);
  });

  it("refuses a unit the product is not sold in", () => {
    expect(() => itemPrice({ product: croissant, amount: 1, unit: "kilogram" })).toThrow(
      RangeError,
    );
  });
});

describe("priceCart", () => {
  const area: DeliveryArea = {
    area: "Altstadt",
    price: 350,
    tax: 19,
    free: false,
    freeFromOrderValue: 2000,
    minimumOrderValue: 1000,
  };
  const items = [
    { product: croissant, amount: 10, unit: "piece" as const },
    { product: rye, amount: 1, unit: "piece" as const },
  ];

  it("taxes takeaway at the takeaway rates, without delivery", () => {
    const totals = priceCart({ ...flagsOf("takeaway"), items, deliveryArea: area });
    expect(totals.gross).toBe(1200 + 360);
    expect(totals.taxes).toEqual({ "7": { net: 1458, tax: 102, gross: 1560 } });
    expect(totals.deliveryGross).toBe(0);
    expect(totals.totalGross).toBe(1560);
  });

  it("taxes dine-in at the dine-in rates", () => {
    const totals = priceCart({ ...flagsOf("dine-in"), items });
    expect(totals.taxes).toEqual({
      "7": { net: 336, tax: 24, gross: 360 },
      "19": { net: 1008, tax: 192, gross: 1200 },
    });
  });

  it("adds the delivery charge below the free threshold", () => {
    const totals = priceCart({ ...flagsOf("delivery"), items, deliveryArea: area });
    expect(totals.deliveryGross).toBe(350);
    expect(totals.deliveryNet).toBe(294);
    expect(totals.totalGross).toBe(1910);
  });

  it("delivers free from the threshold on", () => {
    const totals = priceCart({
      ...flagsOf("delivery"),
      items: [...items, { product: croissant, amount: 4, unit: "piece" }],
      deliveryArea: area,
    });
    expect(totals.gross).toBe(2040);
    expect(totals.deliveryGross).toBe(0);
    expect(totals.totalGross).toBe(2040);
  });

  it("charges no delivery for an empty cart", () => {
    const totals = priceCart({ ...flagsOf("delivery"), items: [], deliveryArea: area });
    expect(totals.deliveryGross).toBe(0);
    expect(totals.totalGross).toBe(0);
    expect(priceCart({ ...flagsOf("takeaway"), items: [] }).totalGross).toBe(0);
  });
});
