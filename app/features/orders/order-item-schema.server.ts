import { z } from "zod";
import { MAX_ID } from "#app/domain/values";
import { de } from "#app/i18n/de-staff";
import { MAX_TEXT_LENGTH } from "#app/features/cart/item-form.server";
import type { BodyKeys } from "#app/server/unknown-keys";

/**
 * One order item in a JSON body, as `POST /api/orders` (with its product) and
 * `PUT /api/orders/{id}/items/{index}` take it: `amount` (a number, or text like "1,5"), `unit`,
 * and `parts`, each `{ partId, value }` for a text step or `{ partId, options: [{ optionId }] }` /
 * `{ partId, optionIds }` for a choice. Price fields (`gross`, `unitPrice`, an option's `value`)
 * are not read: the server prices.
 */
export const orderItemPartSchema = z.object({
  partId: z.number().int().positive().max(MAX_ID),
  value: z
    .string()
    .max(MAX_TEXT_LENGTH * 2)
    .nullable()
    .optional(),
  options: z
    .array(z.object({ optionId: z.number().int().positive().max(MAX_ID) }))
    .max(100)
    .optional(),
  optionIds: z.array(z.number().int().positive().max(MAX_ID)).max(100).optional(),
});

export const orderItemSchema = z.object({
  amount: z.union([z.number(), z.string().max(20)], { error: de.itemDialog.notANumber }),
  unit: z
    .string({ error: de.itemDialog.unknownUnit })
    .max(20, de.itemDialog.unknownUnit)
    .optional(),
  parts: z
    .array(orderItemPartSchema, { error: de.staffOrders.itemEdit.errors.partShape })
    .max(100)
    .optional(),
});

/**
 * The keys an item's JSON may hold (decision 104), its parts' and their options' too: those it
 * takes, and those an order's answer shows (`gross`, `name` …), passed over so that an item read
 * from `GET /api/orders/{id}` can go back as it was. Any other key is refused by its path.
 */
export const ORDER_ITEM_KEYS: BodyKeys = {
  takes: ["amount", "unit"],
  answers: [
    "id",
    "index",
    "productId",
    "name",
    "description",
    "unitPrice",
    "gross",
    "taxRate",
    "calculationModel",
    "isPriceHidden",
  ],
  rows: {
    parts: {
      takes: ["partId", "value", "optionIds"],
      answers: ["name", "type", "uploadIds"],
      rows: { options: { takes: ["optionId"], answers: ["name", "modifier", "value"] } },
    },
  },
};
