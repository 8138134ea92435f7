/**
 * The events an administrator may subscribe a webhook endpoint to (issue 38 part 3, decision
 * 093): an order's life (created, confirmed, canceled or rejected, completed), its payment, and
 * a product sold out. The database's check constraint lists the same names.
 */
export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.confirmed",
  "order.canceled",
  "order.completed",
  "payment.received",
  "product.sold_out",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
