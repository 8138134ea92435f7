import type { ReactNode } from "react";
import type { StaffStateKey } from "#app/domain/staff-order";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "progress";

/** Each order state's colour: new wants attention, closed states recede or warn. */
export const ORDER_STATE_TONES: Record<StaffStateKey, BadgeTone> = {
  new: "info",
  awaitingPayment: "warning",
  counterProposed: "warning",
  confirmed: "success",
  inDelivery: "progress",
  readyForPickup: "progress",
  completed: "neutral",
  delivered: "neutral",
  rejected: "danger",
  canceled: "danger",
  failed: "danger",
};

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`ui-badge ui-badge-${tone}`}>{children}</span>;
}

export function OrderStateBadge({ state, label }: { state: StaffStateKey; label: string }) {
  return <Badge tone={ORDER_STATE_TONES[state]}>{label}</Badge>;
}
