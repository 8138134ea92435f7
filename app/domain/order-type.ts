/** How the customer receives the order. The cart stores two flags; takeaway is both false. */
export type OrderType = "takeaway" | "delivery" | "dine-in";

export interface OrderTypeFlags {
  isDelivery: boolean;
  isDineIn: boolean;
}

/** Delivery wins should both flags be set, because it is the type with the stricter checks. */
export function orderTypeOf(flags: OrderTypeFlags): OrderType {
  if (flags.isDelivery) return "delivery";
  if (flags.isDineIn) return "dine-in";
  return "takeaway";
}

export function flagsOf(orderType: OrderType): OrderTypeFlags {
  return { isDelivery: orderType === "delivery", isDineIn: orderType === "dine-in" };
}
