import { describe, expect, it } from "vitest";
import {
  canCollectCash,
  canMove,
  canRefuseAtDoor,
  cashStateLabel,
  isFinished,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  paymentStateLabel,
  putsStockBack,
  refundStateOf,
  statusAfterRefund,
} from "./order-status";

const none = { refundRequested: false };
const refunded = { refundRequested: true };

/** Every move the life cycle allows, as "from → to", without and with a refund of the payment. */
function allowedMoves(facts: { refundRequested: boolean; cashOnDelivery?: boolean }): string[] {
  return ORDER_STATUSES.flatMap((from) => nextStatuses(from, facts).map((to) => `${from} → ${to}`));
}

describe("the order life cycle", () => {
  it("moves forward one step, or skips where a small shop does, and cancels only before shipping", () => {
    expect(allowedMoves(none)).toEqual([
      "Ordered → Processed",
      "Ordered → Cancelled",
      "Processed → Shipped",
      "Processed → Out for delivery",
      "Processed → Delivered",
      "Processed → Cancelled",
      "Shipped → Out for delivery",
      "Shipped → Delivered",
      "Out for delivery → Delivered",
    ]);
  });

  it("offers Refunded by hand only after a refund, and only from Delivered or Cancelled", () => {
    const extra = allowedMoves(refunded).filter((move) => !allowedMoves(none).includes(move));
    expect(extra).toEqual(["Delivered → Refunded", "Cancelled → Refunded"]);
  });

  it("lets nothing out of Delivered but Refunded, nor out of Cancelled but Refunded, nor out of Refunded", () => {
    for (const facts of [none, refunded]) {
      for (const to of ORDER_STATUSES) {
        expect(canMove("Delivered", to, facts)).toBe(facts.refundRequested && to === "Refunded");
        expect(canMove("Cancelled", to, facts)).toBe(facts.refundRequested && to === "Refunded");
        expect(canMove("Refunded", to, facts)).toBe(false);
      }
    }
  });

  it("never moves backwards, never stays put, and never cancels a shipped order", () => {
    const rank = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);
    for (const from of ORDER_STATUSES) {
      for (const to of nextStatuses(from, refunded)) {
        expect(to).not.toBe(from);
        if (to !== "Cancelled" && to !== "Refunded") expect(rank(to)).toBeGreaterThan(rank(from));
      }
    }
    for (const from of ["Shipped", "Out for delivery", "Delivered"] as const) {
      expect(canMove(from, "Cancelled", refunded)).toBe(false);
    }
    expect(canMove("Ordered", "Refunded", refunded)).toBe(false);
    expect(canMove("Ordered", "Shipped", none)).toBe(false);
  });

  it("knows its statuses and nothing else", () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    for (const value of ["ordered", "Lost", "", " Shipped", null, 3, "toString"]) {
      expect(isOrderStatus(value)).toBe(false);
    }
  });
});

describe("what a refund does", () => {
  it("ends the order as Refunded when the whole payment goes back, whatever its status", () => {
    for (const from of ORDER_STATUSES) expect(statusAfterRefund(from, 46_090_00, 46_090_00)).toBe("Refunded");
  });

  it("leaves the status alone for a part refund", () => {
    for (const from of ORDER_STATUSES) expect(statusAfterRefund(from, 100_00, 46_090_00)).toBe(from);
  });

  it("puts stock back only for an order cancelled or refunded before it left the shop", () => {
    const puts = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => putsStockBack(from, to)).map((to) => `${from} → ${to}`),
    );
    expect(puts).toEqual([
      "Ordered → Cancelled",
      "Ordered → Refunded",
      "Processed → Cancelled",
      "Processed → Refunded",
    ]);
  });

  it("reads stored refund states and labels the payment as the order list shows it", () => {
    expect(refundStateOf("PENDING")).toBe("PENDING");
    expect(refundStateOf(null)).toBeNull();
    expect(refundStateOf("toString")).toBeNull();
    expect(refundStateOf("pending")).toBeNull();
    const paid = 1_000_00;
    expect(paymentStateLabel({ state: null, amount: null, paid })).toBe("Paid");
    expect(paymentStateLabel({ state: "REQUESTED", amount: paid, paid })).toBe("Refund in progress");
    expect(paymentStateLabel({ state: "CONFIRMED", amount: 100_00, paid })).toBe("Part refund in progress");
    expect(paymentStateLabel({ state: "COMPLETED", amount: paid, paid })).toBe("Refund completed");
    expect(paymentStateLabel({ state: "FAILED", amount: 100_00, paid })).toBe("Part refund failed");
  });
});

describe("a cash-on-delivery order", () => {
  it("is never marked Delivered by a plain move: only with the cash recorded", () => {
    const cash = allowedMoves({ refundRequested: false, cashOnDelivery: true });
    expect(cash.filter((move) => move.endsWith("→ Delivered"))).toEqual([]);
    expect(allowedMoves(none).filter((move) => !cash.includes(move))).toEqual([
      "Processed → Delivered",
      "Shipped → Delivered",
      "Out for delivery → Delivered",
    ]);
    // Confirming by phone is the ordinary Ordered → Processed; cancelling before it leaves stays possible.
    expect(cash).toContain("Ordered → Processed");
    expect(cash).toContain("Ordered → Cancelled");
  });

  it("has its cash collected once it is packed or on its way, and is refused only at the door", () => {
    expect(ORDER_STATUSES.filter(canCollectCash)).toEqual(["Processed", "Shipped", "Out for delivery"]);
    expect(ORDER_STATUSES.filter(canRefuseAtDoor)).toEqual(["Shipped", "Out for delivery"]);
  });

  it("shows the dealer where its cash stands", () => {
    expect(cashStateLabel({ status: "Ordered", cashCollected: null })).toBe("Cash on delivery: to confirm");
    expect(cashStateLabel({ status: "Shipped", cashCollected: null })).toBe("Cash to collect");
    expect(cashStateLabel({ status: "Cancelled", cashCollected: null })).toBe("Cash on delivery: cancelled");
    expect(cashStateLabel({ status: "Delivered", cashCollected: 510_000 })).toBe("Cash collected");
  });

  it("ends when delivered, cancelled or refunded", () => {
    expect(ORDER_STATUSES.filter(isFinished)).toEqual(["Delivered", "Cancelled", "Refunded"]);
  });
});
