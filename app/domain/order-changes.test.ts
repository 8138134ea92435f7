import { describe, expect, it } from "vitest";
import type { StaffOrderState } from "./staff-order";
import {
  ABANDONED_PAYMENT_HOURS,
  changedDetails,
  deletionRefusal,
  formFields,
  isEditable,
  type OrderDetails,
} from "./order-changes";

const now = new Date("2026-11-25T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function order(
  overrides: Partial<StaffOrderState & { isRefunded: boolean; createdAt: Date }> = {},
) {
  return {
    isDelivery: false,
    isConfirmed: false,
    isInDelivery: false,
    isDelivered: false,
    isCompleted: false,
    isRejected: false,
    isCanceled: false,
    isFailed: false,
    isPaid: false,
    isOnlinePayment: true,
    counterAppointment: null,
    rejectionMessage: null,
    isRefunded: false,
    createdAt: hoursAgo(1),
    ...overrides,
  };
}

describe("which orders may be deleted", () => {
  it("lets a failed online payment go, and one that never arrived within a day", () => {
    expect(deletionRefusal(order({ isFailed: true }), now)).toBeNull();
    expect(
      deletionRefusal(order({ createdAt: hoursAgo(ABANDONED_PAYMENT_HOURS) }), now),
    ).toBeNull();
    expect(deletionRefusal(order({ createdAt: hoursAgo(2) }), now)).toBe("awaitingPayment");
  });

  it("keeps paid, refunded, confirmed and counter orders", () => {
    expect(deletionRefusal(order({ isPaid: true, isFailed: true }), now)).toBe("paid");
    expect(deletionRefusal(order({ isPaid: true, isRefunded: true }), now)).toBe("refunded");
    expect(deletionRefusal(order({ isConfirmed: true, isFailed: true }), now)).toBe("confirmed");
    expect(deletionRefusal(order({ isOnlinePayment: false }), now)).toBe("placed");
    expect(deletionRefusal(order({ isOnlinePayment: false, isCanceled: true }), now)).toBe(
      "placed",
    );
  });
});

describe("changing an order's details", () => {
  const before: OrderDetails = {
    name: "Erika",
    company: null,
    phone: "+49761",
    email: "a@example.org",
    street: null,
    city: null,
    floor: null,
    stairway: null,
    door: null,
    appointment: "2026-11-26T09:00:00.000Z",
    comment: null,
  };

  it("names only the fields whose value changes, with before and after", () => {
    expect(
      changedDetails(before, {
        name: "Erika",
        comment: "Neu",
        appointment: "2026-11-26T10:00:00+01:00",
        email: null,
      }),
    ).toEqual({
      before: { comment: null, email: "a@example.org" },
      after: { comment: "Neu", email: null },
    });
  });

  it("leaves closed orders alone and shows the address only for deliveries", () => {
    expect(isEditable(order())).toBe(true);
    expect(isEditable(order({ isCompleted: true }))).toBe(false);
    expect(isEditable(order({ isCanceled: true }))).toBe(false);
    expect(formFields(false)).not.toContain("street");
    expect(formFields(true)).toContain("street");
  });
});
