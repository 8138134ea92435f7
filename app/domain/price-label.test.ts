import { describe, expect, it } from "vitest";
import { leadTimeLabel } from "./lead-time";
import {
  configuredPrice,
  linePriceLabel,
  listPriceLabel,
  lowestUnitPrice,
  priceNotes,
  totalModel,
  totalPriceLabel,
  type ProductPricing,
} from "./price-label";

const euro = (text: string) => text.replace(/\u00a0/g, " ");

/** The demo's photo cake: fixed prices, the size overwrites, fillings and extras add. */
const photoCake: ProductPricing = {
  price: 3900,
  unit: "piece",
  calculationModel: "fixed",
  isPriceHidden: false,
  options: {
    s18: { modifier: "overwrite", value: 3900 },
    s22: { modifier: "overwrite", value: 4900 },
    s26: { modifier: "overwrite", value: 6400 },
    cream: { modifier: "add", value: 0 },
    raspberry: { modifier: "add", value: 300 },
    candles: { modifier: "add", value: 250 },
    shield: { modifier: "add", value: 350 },
  },
  steps: [
    { isOptional: false, isMultiple: false, optionIds: ["s18", "s22", "s26"] },
    { isOptional: false, isMultiple: false, optionIds: ["cream", "raspberry"] },
    { isOptional: true, isMultiple: true, optionIds: ["candles", "shield"] },
  ],
};

const bread: ProductPricing = {
  price: 590,
  unit: "kilogram",
  calculationModel: "approximate",
  isPriceHidden: false,
  alternativeUnits: [{ unit: "gram", ratio: 0.001, calculationModel: "approximate" }],
  options: {},
};

describe("linePriceLabel: one line per calculation model (spec section 9)", () => {
  it("shows a fixed price as it is", () => {
    expect(euro(linePriceLabel(5800, { model: "fixed" }, "EUR"))).toBe("58,00 €");
  });
  it("puts 'ca.' before an approximate price", () => {
    expect(euro(linePriceLabel(295, { model: "approximate" }, "EUR"))).toBe("ca. 2,95 €");
  });
  it("puts 'ab' before a minimum price", () => {
    expect(euro(linePriceLabel(34900, { model: "minimum" }, "EUR"))).toBe("ab 349,00 €");
  });
  it("hides a hidden price whatever its model", () => {
    for (const model of ["fixed", "approximate", "minimum"] as const) {
      expect(linePriceLabel(0, { model, isPriceHidden: true }, "EUR")).toBe("Preis auf Anfrage");
    }
  });
});

describe("totals", () => {
  it("stay plain when every line is fixed", () => {
    expect(totalModel([{ model: "fixed" }, { model: "fixed" }])).toBe("fixed");
    expect(euro(totalPriceLabel(5800, [{ model: "fixed" }], "EUR"))).toBe("58,00 €");
  });
  it("are 'ca.' with a weighed line, even beside a minimum", () => {
    const lines = [
      { model: "fixed" as const },
      { model: "approximate" as const, unit: "gram" as const },
    ];
    expect(euro(totalPriceLabel(6154, lines, "EUR"))).toBe("ca. 61,54 €");
    expect(totalModel([...lines, { model: "minimum" }])).toBe("approximate");
  });
  it("are 'ab' with a minimum line or a hidden price, which can only raise them", () => {
    expect(totalModel([{ model: "fixed" }, { model: "minimum" }])).toBe("minimum");
    expect(totalModel([{ model: "fixed" }, { model: "fixed", isPriceHidden: true }])).toBe(
      "minimum",
    );
  });
});

describe("priceNotes", () => {
  it("names the actual weight for a weighed line", () => {
    expect(priceNotes([{ model: "approximate", unit: "gram" }])).toEqual([
      "Der Endpreis richtet sich nach dem tatsächlichen Gewicht.",
    ]);
  });
  it("names the actual quantity for another approximate unit", () => {
    expect(priceNotes([{ model: "approximate", unit: "l" }])).toEqual([
      "Der Endpreis richtet sich nach der tatsächlichen Menge.",
    ]);
  });
  it("explains a minimum price and that the final price follows", () => {
    expect(priceNotes([{ model: "minimum" }])).toEqual([
      "Der Endpreis kann je nach Aufwand höher ausfallen.",
    ]);
    expect(priceNotes([{ model: "fixed", isPriceHidden: true }])).toEqual([
      "Der endgültige Preis folgt mit unserem Angebot.",
    ]);
    expect(priceNotes([{ model: "fixed" }], { isQuotation: true })).toEqual([
      "Der endgültige Preis folgt mit unserem Angebot.",
    ]);
  });
  it("has nothing to say about fixed prices", () => {
    expect(priceNotes([{ model: "fixed", unit: "piece" }])).toEqual([]);
  });
});

describe("configuredPrice: the dialog's running price", () => {
  it("is the fixed cake's price as configured, without a prefix", () => {
    const start = configuredPrice(photoCake, { amount: 1, unit: "piece", optionIds: [] }, "EUR");
    expect(euro(start.label)).toBe("39,00 €");
    const configured = configuredPrice(
      photoCake,
      { amount: 1, unit: "piece", optionIds: ["s22", "raspberry", "candles", "shield"] },
      "EUR",
    );
    expect(configured.amount).toBe(5800);
    expect(euro(configured.label)).toBe("58,00 €");
    expect(
      configuredPrice(photoCake, { amount: 2, unit: "piece", optionIds: ["s26"] }, "EUR").amount,
    ).toBe(12800);
  });
  it("weighs in the alternative unit and keeps 'ca.'", () => {
    const half = configuredPrice(bread, { amount: 500, unit: "gram", optionIds: [] }, "EUR");
    expect(euro(half.label)).toBe("ca. 2,95 €");
    expect(half.line).toEqual({ model: "approximate", isPriceHidden: false, unit: "gram" });
  });
  it("keeps 'ab' for a minimum product and hides a hidden one", () => {
    const wedding = { ...photoCake, calculationModel: "minimum" as const };
    expect(
      euro(configuredPrice(wedding, { amount: 1, unit: "piece", optionIds: ["s22"] }, "EUR").label),
    ).toBe("ab 49,00 €");
    const onRequest = { ...photoCake, isPriceHidden: true };
    expect(
      configuredPrice(onRequest, { amount: 1, unit: "piece", optionIds: [] }, "EUR").label,
    ).toBe("Preis auf Anfrage");
  });
  it("ignores option ids the product does not have", () => {
    expect(
      configuredPrice(photoCake, { amount: 1, unit: "piece", optionIds: ["x", "1e9"] }, "EUR")
        .amount,
    ).toBe(3900);
  });
});

describe("listPriceLabel: the menu's price before anything is chosen", () => {
  it("is 'ab' the lowest configuration when a fixed price's options change it", () => {
    expect(lowestUnitPrice(photoCake)).toBe(3900);
    expect(euro(listPriceLabel(photoCake, "EUR"))).toBe("ab 39,00 €");
  });
  it("is the plain price when the options do not change it", () => {
    const plain = { ...photoCake, options: { a: { modifier: "add" as const, value: 0 } } };
    expect(euro(listPriceLabel(plain, "EUR"))).toBe("39,00 €");
  });
  it("takes an optional reduction into the lowest price", () => {
    const roll: ProductPricing = {
      price: 290,
      unit: "piece",
      calculationModel: "fixed",
      isPriceHidden: false,
      options: {
        ham: { modifier: "add", value: 30 },
        noButter: { modifier: "subtract", value: 10 },
      },
      steps: [
        { isOptional: false, isMultiple: false, optionIds: ["ham"] },
        { isOptional: true, isMultiple: false, optionIds: ["noButter"] },
      ],
    };
    expect(euro(listPriceLabel(roll, "EUR"))).toBe("ab 3,10 €");
  });
  it("names the unit of a weighed price and keeps 'ca.'", () => {
    expect(euro(listPriceLabel(bread, "EUR"))).toBe("ca. 5,90 € pro kg");
  });
  it("keeps 'ab' for a minimum price and hides a hidden one", () => {
    expect(euro(listPriceLabel({ ...photoCake, calculationModel: "minimum" }, "EUR"))).toBe(
      "ab 39,00 €",
    );
    expect(listPriceLabel({ ...photoCake, isPriceHidden: true }, "EUR")).toBe("Preis auf Anfrage");
  });
});

describe("leadTimeLabel", () => {
  it("names an enabled lead time in German", () => {
    expect(leadTimeLabel({ isLeadTimeEnabled: true, leadTimeType: "days", leadTimeValue: 2 })).toBe(
      "Vorlaufzeit: 2 Tage",
    );
    expect(
      leadTimeLabel({ isLeadTimeEnabled: true, leadTimeType: "weeks", leadTimeValue: 1 }),
    ).toBe("Vorlaufzeit: 1 Woche");
    expect(
      leadTimeLabel({ isLeadTimeEnabled: true, leadTimeType: "hours", leadTimeValue: 4 }),
    ).toBe("Vorlaufzeit: 4 Stunden");
  });
  it("is null when disabled or empty", () => {
    expect(
      leadTimeLabel({ isLeadTimeEnabled: false, leadTimeType: "days", leadTimeValue: 2 }),
    ).toBe(null);
    expect(leadTimeLabel({ isLeadTimeEnabled: true, leadTimeType: "days", leadTimeValue: 0 })).toBe(
      null,
    );
  });
});
