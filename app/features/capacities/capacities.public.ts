/**
 * What other areas use of the capacities (decision 113): the order's locked check (checkout's
 * `placeOrder`) and what the checkout page shows.
 */
export { checkoutCapacity, withinCapacity } from "./capacities.server";
