import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { nextTicketNumber } from "#app/db/queries/orders";
import type { ChosenPart, Database, NewOrder, Order } from "#app/db/schema";

/**
 * Orders written straight into the database, as the order service would leave them, so the status
 * page can be tested before (and independently of) the checkout. Two items at 7 %: a loaf and a
 * configured cake (a chosen option, a text, an uploaded photo). Delivery orders add 3,50 € at 19 %.
 */
export interface TestOrderInput extends Partial<Omit<NewOrder, "branchId">> {
  branchIdentifier?: string;
}

export const TEST_CAKE_PARTS: ChosenPart[] = [
  {
    partId: 1,
    name: "Größe",
    type: "select",
    options: [{ optionId: 1, name: "Ø 26 cm", modifier: "add", value: 600 }],
  },
  { partId: 2, name: "Aufschrift", type: "text", value: "Alles Gute, Oma!" },
  { partId: 3, name: "Foto", type: "image", uploadIds: [42] },
];

const ITEMS_GROSS = 450 + 3900;
const ITEMS_NET = 4065; // 4350 · 100 / 107, rounded half away from zero
const DELIVERY = { gross: 350, net: 294, tax: 56 };

export async function insertTestOrder(
  db: Kysely<Database>,
  { branchIdentifier = "altstadt", ...fields }: TestOrderInput = {},
): Promise<Order> {
  const branch = await db
    .selectFrom("branches")
    .select("id")
    .where("identifier", "=", branchIdentifier)
    .executeTakeFirstOrThrow();
  const isDelivery = fields.isDelivery ?? false;
  const delivery = isDelivery ? DELIVERY : { gross: 0, net: 0, tax: 0 };
  const businessDate = "2026-11-21";
  return db.transaction().execute(async (trx) => {
    const ticketNumber = await nextTicketNumber(trx, branch.id, businessDate);
    const order = await trx
      .insertInto("orders")
      .values({
        hash: randomBytes(18).toString("base64url"),
        branchId: branch.id,
        businessDate,
        ticketNumber,
        name: "Erika Mustermann",
        phone: "+49 761 555 0101",
        email: "erika@example.org",
        paymentMethod: "cash",
        appointment: new Date("2026-11-21T10:30:00Z"),
        net: ITEMS_NET,
        tax: ITEMS_GROSS - ITEMS_NET,
        gross: ITEMS_GROSS,
        deliveryNet: delivery.net,
        deliveryTax: delivery.tax,
        deliveryGross: delivery.gross,
        totalNet: ITEMS_NET + delivery.net,
        totalTax: ITEMS_GROSS - ITEMS_NET + delivery.tax,
        totalGross: ITEMS_GROSS + delivery.gross,
        ...(isDelivery
          ? {
              street: "Kaiser-Joseph-Straße 12",
              city: "79098 Freiburg",
              deliveryAreaName: "Altstadt",
              floor: "2",
              door: "5",
            }
          : {}),
        ...fields,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("orderItems")
      .values([
        {
          orderId: order.id,
          position: 0,
          name: "Bauernbrot",
          amount: 1,
          unit: "piece",
          unitPrice: 450,
          gross: 450,
          taxRate: 7,
        },
        {
          orderId: order.id,
          position: 1,
          name: "Geburtstagstorte",
          description: "Nach Ihren Wünschen",
          amount: 1,
          unit: "piece",
          unitPrice: 3900,
          gross: 3900,
          taxRate: 7,
          parts: JSON.stringify(TEST_CAKE_PARTS),
        },
      ])
      .execute();
    await trx
      .insertInto("orderTaxes")
      .values([
        {
          orderId: order.id,
          taxRate: 7,
          net: ITEMS_NET,
          tax: ITEMS_GROSS - ITEMS_NET,
          gross: ITEMS_GROSS,
        },
        ...(isDelivery ? [{ orderId: order.id, taxRate: 19, ...DELIVERY }] : []),
      ])
      .execute();
    return order;
  });
}

/** Staff actions as flags, moving `updated_at` on as every change must. */
export async function setOrderFlags(
  db: Kysely<Database>,
  orderId: number,
  changes: Partial<
    Pick<
      Order,
      | "isConfirmed"
      | "isInDelivery"
      | "isDelivered"
      | "isCompleted"
      | "isRejected"
      | "isCanceled"
      | "isFailed"
      | "isPaid"
      | "isRefunded"
      | "rejectionMessage"
      | "counterAppointment"
    >
  >,
): Promise<Order> {
  const current = await db
    .selectFrom("orders")
    .select("updatedAt")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return db
    .updateTable("orders")
    .set({ ...changes, updatedAt: new Date(current.updatedAt.getTime() + 1000) })
    .where("id", "=", orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
