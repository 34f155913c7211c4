import { describe, expect, it } from "vitest";
import { orderPageSchema } from "./schemas";

const firstIssue = (value: Record<string, string>) => {
  const result = orderPageSchema.safeParse(value);
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join("."), message: issue.message } : undefined;
};

const move = (changes: Record<string, string> = {}) => ({
  intent: "move",
  from: "Processed",
  to: "Shipped",
  ...changes,
});

describe("the order page's forms", () => {
  it("a move names the status seen and the new one, with a courier and tracking number when shipping", () => {
    expect(orderPageSchema.parse(move({ courier: " Blue Dart ", trackingNumber: "BD-1234567" }))).toEqual({
      intent: "move",
      from: "Processed",
      to: "Shipped",
      courier: "Blue Dart",
      trackingNumber: "BD-1234567",
    });
    expect(firstIssue(move({ to: "Lost" }))).toEqual({ path: "to", message: "Choose the new status" });
    expect(firstIssue(move({ from: "" }))).toMatchObject({ path: "from" });
  });

  it("keeps the courier and tracking number to Shipped, within their limits", () => {
    expect(firstIssue(move({ to: "Delivered", trackingNumber: "BD1234567" }))).toEqual({
      path: "trackingNumber",
      message: "A courier and tracking number go with Shipped only",
    });
    expect(firstIssue(move({ trackingNumber: "BD 123" }))?.message).toBe(
      "Tracking number must be 4 to 40 letters, digits or hyphens",
    );
    expect(firstIssue(move({ trackingNumber: "x".repeat(41) }))?.path).toBe("trackingNumber");
    expect(firstIssue(move({ courier: "c".repeat(61) }))?.message).toBe(
      "Courier name must be 60 characters or fewer",
    );
    expect(firstIssue(move({ courier: "Blue\u0000Dart" }))?.path).toBe("courier");
    expect(firstIssue(move({ note: "n".repeat(501) }))?.message).toBe("Note must be 500 characters or fewer");
  });

  it("a refund is an amount in rupees, more than 0, as paise", () => {
    expect(orderPageSchema.parse({ intent: "refund", amount: "1,500.50" })).toEqual({
      intent: "refund",
      amount: 150_050,
    });
    expect(firstIssue({ intent: "refund", amount: "" })?.message).toBe(
      "Enter the amount to refund, in rupees",
    );
    expect(firstIssue({ intent: "refund", amount: "0" })?.message).toBe("The refund must be more than Rs. 0");
    for (const amount of ["-5", "1e3", "12.345", "Rs. 500", "9".repeat(17)]) {
      expect(firstIssue({ intent: "refund", amount })?.message).toBe(
        "Enter the amount in rupees, like 1500 or 1500.50",
      );
    }
  });

  it("knows no other form", () => {
    expect(firstIssue({ intent: "delete" })?.path).toBe("intent");
  });
});
