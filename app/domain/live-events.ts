/**
 * What travels from the database to an open order board: the payload of the `orders`
 * notification (migrations/2026_11_22_0020_order_notify.ts) and the `reload` signal that stands
 * for "events may have been missed, load everything again". Shared by the server (parsing,
 * filtering) and the board's browser code (the events it receives), so no server imports here.
 */
export type OrderEventKind = "created" | "updated";

export interface OrderEvent {
  kind: OrderEventKind;
  id: number;
  branchId: number;
  /** The branch the order left when an update moved it. */
  fromBranchId?: number;
  /** Half of the order's public status address; never sent to a board. */
  uid?: string;
}

export interface ReloadEvent {
  kind: "reload";
}

export type LiveOrderEvent = OrderEvent | ReloadEvent;

/** What a board receives of an order event: which order, where, and what happened. */
export type BoardOrderEvent = Pick<OrderEvent, "kind" | "id" | "branchId" | "fromBranchId">;
export type BoardEvent = BoardOrderEvent | ReloadEvent;

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** The notification's JSON, or null for anything else (logged by the caller, never thrown). */
export function parseOrderNotification(payload: string): OrderEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, branchId, fromBranchId, uid, kind } = value as Record<string, unknown>;
  if (!isId(id) || !isId(branchId) || (kind !== "created" && kind !== "updated")) return null;
  if (fromBranchId !== undefined && !isId(fromBranchId)) return null;
  if (uid !== undefined && typeof uid !== "string") return null;
  return {
    kind,
    id,
    branchId,
    ...(fromBranchId === undefined ? {} : { fromBranchId }),
    ...(uid === undefined ? {} : { uid }),
  };
}

/**
 * Whether a board showing these branches must hear of the event (`null`: every branch, for an
 * administrator's board). An order that moved concerns the branch it left as well.
 */
export function concernsBranches(event: OrderEvent, branchIds: readonly number[] | null): boolean {
  if (branchIds === null) return true;
  return (
    branchIds.includes(event.branchId) ||
    (event.fromBranchId !== undefined && branchIds.includes(event.fromBranchId))
  );
}

/** The board's view of an event: the order's uid stays on the server. */
export function forBoard(event: LiveOrderEvent): BoardEvent {
  if (event.kind === "reload") return { kind: "reload" };
  const { uid: _uid, ...rest } = event;
  return rest;
}

/** The browser's side: an event's data as the stream sent it, or null when it is not one. */
export function parseBoardEvent(name: string, data: string): BoardEvent | null {
  if (name === "reload") return { kind: "reload" };
  if (name !== "order") return null;
  const event = parseOrderNotification(data);
  return event ? forBoard(event) : null;
}
