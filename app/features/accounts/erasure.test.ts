import { describe, expect, it } from "vitest";
import { customerForStaff, erasedEmail, isErasedEmail, type OrderFacts, openDealingsOf } from "./erasure";
import { personalDataMessages } from "./messages";
import { deleteAccountSchema, profileSchema } from "./schemas";

const order = (overrides: Partial<OrderFacts>): OrderFacts => ({
  id: 7,
  status: "Delivered",
  paymentMethod: "PhonePe",
  cashCollected: null,
  refundState: null,
  ...overrides,
});

describe("what keeps an account from being erased", () => {
  it("nothing, once every order has ended and every payment is settled", () => {
    expect(
      openDealingsOf(
        [
          order({ id: 1 }),
          order({ id: 2, status: "Cancelled" }),
          order({ id: 3, status: "Refunded", refundState: "COMPLETED" }),
          order({ id: 4, status: "Delivered", paymentMethod: "Cash on delivery", cashCollected: 1000 }),
          order({ id: 5, status: "Cancelled", paymentMethod: "Cash on delivery" }),
          order({ id: 6, refundState: "FAILED" }),
        ],
        [
          { merchantOrderId: "KC1", status: "FAILED", refundState: null },
          { merchantOrderId: "KC2", status: "REFUND_PENDING", refundState: "COMPLETED" },
        ],
      ),
    ).toEqual([]);
  });

  it("an order on its way, each named with its status", () => {
    expect(
      openDealingsOf(
        ["Ordered", "Processed", "Shipped", "Out for delivery"].map((status, i) =>
          order({ id: i + 10, status }),
        ),
        [],
      ),
    ).toEqual([
      "order #10 (Ordered)",
      "order #11 (Processed)",
      "order #12 (Shipped)",
      "order #13 (Out for delivery)",
    ]);
  });

  it("a cash order delivered without its cash recorded, a refund on its way, a payment PhonePe has not settled", () => {
    expect(
      openDealingsOf(
        [
          order({ id: 20, paymentMethod: "Cash on delivery" }),
          order({ id: 21, refundState: "PENDING" }),
          order({ id: 22, status: "Cancelled", refundState: "REQUESTED" }),
        ],
        [
          { merchantOrderId: "KC3", status: "PENDING", refundState: null },
          { merchantOrderId: "KC4", status: "REFUND_PENDING", refundState: "CONFIRMED" },
        ],
      ),
    ).toEqual([
      personalDataMessages.openCashOrder(20),
      personalDataMessages.openRefund(21),
      personalDataMessages.openRefund(22),
      personalDataMessages.openPayment("KC3"),
      personalDataMessages.openPaymentRefund("KC4"),
    ]);
  });

  it("says so in one sentence, for one thing or several", () => {
    expect(personalDataMessages.stillOpen(["order #3 (Shipped)"])).toBe(
      "Your account cannot be deleted yet: order #3 (Shipped) is still open. Please delete it once it has finished, or call us if you need help.",
    );
    expect(personalDataMessages.stillOpen(["order #3 (Shipped)", "order #4 (Ordered)"])).toContain(
      "order #3 (Shipped); order #4 (Ordered) are still open",
    );
  });
});

describe("an erased account", () => {
  it("gets an address nobody can type into a form, and the shop mails nothing there", () => {
    expect(erasedEmail(42)).toBe("deleted-42@invalid");
    expect(isErasedEmail(erasedEmail(42))).toBe(true);
    expect(isErasedEmail("deleted-42@invalid.in")).toBe(false);
    expect(isErasedEmail("asha@example.in")).toBe(false);
    const typed = profileSchema.safeParse({
      firstname: "A",
      lastname: "B",
      email: erasedEmail(42),
      mobile: "9845012345",
    });
    expect(typed.success).toBe(false);
  });

  it("is shown to staff as a deleted customer, with no e-mail or mobile", () => {
    const row = { firstname: "Asha", lastname: "Rao", email: "asha@example.in", mobile: "9845012345" };
    expect(customerForStaff({ ...row, deletedAt: null })).toEqual({
      name: "Asha Rao",
      email: "asha@example.in",
      mobile: "9845012345",
      erased: false,
    });
    expect(customerForStaff({ ...row, deletedAt: new Date() })).toEqual({
      name: "Deleted customer",
      email: null,
      mobile: null,
      erased: true,
    });
  });
});

describe("the deletion form", () => {
  it("needs the current password, taken as typed", () => {
    expect(deleteAccountSchema.safeParse({ intent: "delete-account" }).error?.issues[0]?.message).toBe(
      personalDataMessages.passwordRequired,
    );
    expect(deleteAccountSchema.parse({ intent: "delete-account", currentPassword: " x " })).toEqual({
      intent: "delete-account",
      currentPassword: " x ",
    });
  });
});
