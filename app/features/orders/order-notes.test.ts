import { describe, expect, it } from "vitest";
import { cashNote, deliveryNote } from "./order-notes";

describe("an order's delivery note", () => {
  it("names the method and the promised day", () => {
    expect(deliveryNote({ shippingMethod: "Express", promisedBy: "2026-11-27" })).toBe(
      "Express delivery, promised by Friday, 27 November",
    );
  });

  it("names only the method for orders from before the choice", () => {
    expect(deliveryNote({ shippingMethod: "Standard", promisedBy: null })).toBe("Standard delivery");
  });
});

describe("an order's cash note", () => {
  const cash = {
    paymentMethod: "Cash on delivery",
    status: "Processed",
    totalPriceAfterDiscount: 45_100_00,
    cashCollected: null,
  };

  it("tells a cash customer what to pay at the door, then what was paid", () => {
    expect(cashNote(cash)).toBe("Cash on delivery: Rs. 45,100 to pay on delivery");
    expect(cashNote({ ...cash, status: "Delivered", cashCollected: 45_100_00 })).toBe(
      "Cash on delivery: Rs. 45,100 paid on delivery",
    );
  });

  it("says nothing for an order paid online, or a cash order that was cancelled", () => {
    expect(cashNote({ ...cash, paymentMethod: "PhonePe" })).toBeUndefined();
    expect(cashNote({ ...cash, status: "Cancelled" })).toBeUndefined();
  });
});
