import type { CatalogueProduct } from "../../db/queries/catalogue";
import type { ChosenPart, DeliveryArea as DeliveryAreaRow } from "../../db/schema";
import type { PricedProduct, PriceOption } from "../../domain/cart";
import type { DeliveryArea } from "../../domain/delivery";

/** The domain's view of a catalogue product: price, units and the three tax rates. */
export function pricedProduct(product: CatalogueProduct): PricedProduct {
  return {
    price: product.price,
    unit: product.unit,
    calculationModel: product.calculationModel,
    minimumQuantity: product.minimumQuantity,
    maximumQuantity: product.maximumQuantity,
    quantityStepSize: product.quantityStepSize,
    defaultQuantity: product.defaultQuantity,
    alternativeUnits: product.alternativeUnits.map((alternative) => ({
      unit: alternative.unit,
      ratio: alternative.ratio,
      minimumQuantity: alternative.minimumQuantity,
      maximumQuantity: alternative.maximumQuantity,
      quantityStepSize: alternative.quantityStepSize,
      calculationModel: alternative.calculationModel,
    })),
    tax: product.taxRate,
    takeawayTax: product.takeawayTaxRate,
    dineInTax: product.dineInTaxRate,
  };
}

/** The price effects of the chosen options, as the server recorded them from the catalogue. */
export function chosenOptions(parts: readonly ChosenPart[]): PriceOption[] {
  return parts.flatMap((part) =>
    (part.options ?? []).map((option) => ({ modifier: option.modifier, value: option.value })),
  );
}

export function deliveryAreaForPricing(area: DeliveryAreaRow): DeliveryArea {
  return {
    area: area.name,
    price: area.price,
    tax: area.taxRate,
    free: area.isFree,
    freeFromOrderValue: area.freeFromOrderValue,
    minimumOrderValue: area.minimumOrderValue,
  };
}
