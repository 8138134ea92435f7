import type { CatalogueProduct } from "#app/db/queries/catalogue";
import type { ChosenPart, DeliveryArea as DeliveryAreaRow } from "#app/db/schema";
import type { PricedProduct, PriceOption } from "#app/domain/cart";
import type { DeliveryArea } from "#app/domain/delivery";
import type { LabelledLine, ProductPricing } from "#app/domain/price-label";
import type { Unit } from "#app/domain/units";

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

/**
 * Everything the price label and the dialog's running price need of a product (decision 044):
 * its units, model, hidden flag, and every option's price effect by option id.
 */
export function productPricing(product: CatalogueProduct): ProductPricing {
  const priced = pricedProduct(product);
  return {
    price: priced.price,
    unit: priced.unit,
    calculationModel: priced.calculationModel,
    minimumQuantity: priced.minimumQuantity,
    maximumQuantity: priced.maximumQuantity,
    quantityStepSize: priced.quantityStepSize,
    defaultQuantity: priced.defaultQuantity,
    alternativeUnits: priced.alternativeUnits,
    isPriceHidden: product.isPriceHidden,
    options: Object.fromEntries(
      product.parts.flatMap((part) =>
        part.options.map((option) => [
          String(option.id),
          { modifier: option.modifier, value: option.value },
        ]),
      ),
    ),
    steps: product.parts
      .filter((part) => part.type === "select" || part.type === "multiselect")
      .map((part) => ({
        isOptional: part.isOptional,
        isMultiple: part.type === "multiselect",
        optionIds: part.options.map((option) => String(option.id)),
      })),
  };
}

/** A cart or order line as the price label sees it: the model of the unit it is ordered in. */
export function labelledLine(product: CatalogueProduct, unit: Unit): LabelledLine {
  const alternative = product.alternativeUnits.find((candidate) => candidate.unit === unit);
  return {
    model: alternative?.calculationModel ?? product.calculationModel,
    isPriceHidden: product.isPriceHidden,
    unit,
  };
}
