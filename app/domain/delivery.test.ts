import { describe, expect, it } from "vitest";
import {
  checkMinimumOrderValue,
  checkPostcode,
  postcodesOf,
  deliveryCharge,
  freeDeliveryHint,
  isDeliveryFree,
  type DeliveryArea,
} from "./delivery";

const cityCentre: DeliveryArea = {
  area: "Innenstadt",
  price: 350,
  tax: 19,
  free: false,
  freeFromOrderValue: 5000,
  minimumOrderValue: 1500,
};

describe("isDeliveryFree and deliveryCharge", () => {
  it("charges the area's price at its rate below the threshold", () => {
    expect(isDeliveryFree(cityCentre, 4999)).toBe(false);
    expect(deliveryCharge(cityCentre, 4999)).toEqual({ gross: 350, taxRate: 19, isFree: false });
  });

  it("is free from the threshold on, the threshold included ('ab')", () => {
    expect(deliveryCharge(cityCentre, 5000)).toEqual({ gross: 0, taxRate: 19, isFree: true });
    expect(deliveryCharge(cityCentre, 5001).isFree).toBe(true);
  });

  it("is always free in an area flagged free", () => {
    expect(deliveryCharge({ ...cityCentre, free: true }, 0)).toEqual({
      gross: 0,
      taxRate: 19,
      isFree: true,
    });
  });

  it("treats an unset or 0 threshold as none", () => {
    expect(isDeliveryFree({ ...cityCentre, freeFromOrderValue: null }, 100_000)).toBe(false);
    expect(isDeliveryFree({ ...cityCentre, freeFromOrderValue: 0 }, 0)).toBe(false);
  });
});

describe("freeDeliveryHint", () => {
  it("tells from which value delivery is free", () => {
    expect(freeDeliveryHint(cityCentre, 1200)).toBe("Kostenlose Lieferung ab 50,00\u00a0€.");
  });

  it("disappears once delivery is free, and without a threshold", () => {
    expect(freeDeliveryHint(cityCentre, 5000)).toBeNull();
    expect(freeDeliveryHint({ ...cityCentre, free: true }, 0)).toBeNull();
    expect(freeDeliveryHint({ ...cityCentre, freeFromOrderValue: null }, 0)).toBeNull();
  });

  it("takes the shop's currency", () => {
    expect(freeDeliveryHint(cityCentre, 0, "CHF")).toBe("Kostenlose Lieferung ab 50,00\u00a0CHF.");
  });
});

describe("checkMinimumOrderValue", () => {
  it("names the minimum and the missing amount", () => {
    expect(checkMinimumOrderValue(cityCentre, 1020)).toEqual({
      isReached: false,
      minimum: 1500,
      missing: 480,
      messages: [
        "Sie haben den Mindestbestellwert in Höhe von 15,00\u00a0€ leider noch nicht erreicht.",
        "Fügen Sie Waren im Wert von mindestens 4,80\u00a0€ hinzu oder wählen Sie eine andere Art der Lieferung.",
      ],
    });
  });

  it("is reached at exactly the minimum", () => {
    expect(checkMinimumOrderValue(cityCentre, 1500)).toEqual({
      isReached: true,
      minimum: 1500,
      missing: 0,
      messages: [],
    });
  });

  it("is not reached by an empty cart", () => {
    expect(checkMinimumOrderValue(cityCentre, 0).missing).toBe(1500);
  });

  it("is always reached without a minimum", () => {
    expect(checkMinimumOrderValue({ ...cityCentre, minimumOrderValue: null }, 0).isReached).toBe(
      true,
    );
    expect(checkMinimumOrderValue({ ...cityCentre, minimumOrderValue: 0 }, 0).isReached).toBe(true);
  });
});

describe("checkPostcode", () => {
  const area = { name: "Wiehre", postcodes: "79102, 79100;79098" };

  it("accepts an address whose postcode the area lists", () => {
    expect(checkPostcode(area, "79102 Freiburg")).toEqual({ isValid: true });
    expect(checkPostcode(area, "Freiburg, 79098")).toEqual({ isValid: true });
  });

  it("accepts every address when the area lists no postcodes", () => {
    expect(checkPostcode({ name: "Überall", postcodes: "" }, "10115 Berlin")).toEqual({
      isValid: true,
    });
    expect(checkPostcode({ name: "Überall" }, "Berlin")).toEqual({ isValid: true });
  });

  it("refuses a postcode outside the area with a German message naming the area's postcodes", () => {
    expect(checkPostcode(area, "79111 Freiburg")).toEqual({
      isValid: false,
      message:
        "Leider liefern wir nicht an die Postleitzahl 79111: Das Liefergebiet „Wiehre“ umfasst nur 79102, 79100, 79098. Bitte wählen Sie ein anderes Liefergebiet oder eine andere Art der Lieferung.",
    });
  });

  it("asks for the postcode when the line has none", () => {
    expect(checkPostcode(area, "Freiburg")).toEqual({
      isValid: false,
      message:
        "Bitte geben Sie die Postleitzahl vor dem Ort an (in dieses Liefergebiet liefern wir an 79102, 79100, 79098).",
    });
  });

  it("reads the listed postcodes as staff typed them", () => {
    expect(postcodesOf(" 1010, 1020 ;1030 ")).toEqual(["1010", "1020", "1030"]);
    expect(postcodesOf(null)).toEqual([]);
  });
});
