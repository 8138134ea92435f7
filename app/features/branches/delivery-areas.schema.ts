import { z } from "zod";
import { fieldSchema } from "#app/features/backoffice/fields";
import { de } from "#app/i18n/de-backoffice";

/**
 * A branch's delivery areas (spec section 3: area, price, tax, free, freeFromOrderValue,
 * minimumOrderValue; plus optional postcodes) as the branch form posts them
 * (`deliveryAreas[0].name` …) and as JSON. Money in cents; the form takes '2,50'.
 */
const t = de.branches.areas;
export const MAX_DELIVERY_AREAS = 50;
export const TAX_RATES = [0, 7, 10, 19, 20] as const;

export const deliveryAreaSchema = z.object({
  name: fieldSchema({ name: "name", type: "text", label: t.name, required: true, max: 80 }),
  price: fieldSchema({ name: "price", type: "money", label: t.price, required: true }),
  taxRate: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: t.taxRate })
      .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), t.taxRate),
  ),
  isFree: fieldSchema({ name: "isFree", type: "boolean", label: t.isFree }),
  freeFromOrderValue: fieldSchema({ name: "freeFromOrderValue", type: "money", label: t.freeFrom }),
  minimumOrderValue: fieldSchema({ name: "minimumOrderValue", type: "money", label: t.minimum }),
  postcodes: fieldSchema({
    name: "postcodes",
    type: "text",
    format: "postcodes",
    label: t.postcodes,
    max: 2_000,
    emptyString: true,
  }),
});

export type DeliveryAreaValue = z.output<typeof deliveryAreaSchema>;

export const deliveryAreasSchema = z
  .array(z.unknown(), { error: t.list })
  .max(MAX_DELIVERY_AREAS, t.tooMany(MAX_DELIVERY_AREAS))
  .optional()
  .transform((areas) => areas ?? [])
  .pipe(z.array(deliveryAreaSchema))
  .superRefine((areas, context) => {
    const seen = new Set<string>();
    areas.forEach((area, index) => {
      const key = String(area.name).toLowerCase();
      if (seen.has(key)) {
        context.addIssue({ code: "custom", message: t.duplicate, path: [index, "name"] });
      }
      seen.add(key);
    });
  });
