import type { Database } from "~/db/client.server";
import { saveAddress, saveBusinessBuyer } from "~/features/accounts/index.server";
import { productAdminMessages } from "~/features/catalogue";
import { type CashOrderResult, placeCashOrder, resolveChoices } from "./checkout.server";
import { checkoutMessages } from "./messages";
import { startCheckoutPayment } from "./payment-flow.server";
import type { CheckoutValues } from "./schemas";

export type PlaceOrderResult =
  /** A choice the rules refuse for this address and cart, on its field. */
  | { kind: "refused"; field: "pincode" | "shipping" | "payment"; message: string }
  /** A cash-on-delivery order, placed. */
  | { kind: "ordered"; orderId: number }
  /** PhonePe's page for the payment, and the payment's id. */
  | { kind: "pay"; redirectUrl: string; merchantOrderId: string }
  | { kind: "empty"; message: string }
  /** The cart cannot be ordered as it is (stock, a hidden product, the cash ceiling), or PhonePe did not start. */
  | { kind: "problem"; status: number; message: string };

/** Why a cash order was not placed, in the shopper's words. */
function cashProblem(placed: Exclude<CashOrderResult, { kind: "ordered" } | { kind: "empty" }>): string {
  switch (placed.kind) {
    case "refused":
      return placed.message;
    case "unavailable":
      return productAdminMessages.cartLineUnavailable(placed.title);
    case "stock":
      return checkoutMessages.shortOfStock(placed.title, placed.stock);
  }
}

/**
 * Place Order, for the checkout page and the JSON API alike: the address's PIN code and the choices checked
 * against the shop's rules for this cart, the address (and a business's GSTIN) kept for next time, then a
 * cash-on-delivery order placed at once or a PhonePe payment started for the cart as the database has it.
 * Nothing the client sent but the address and the two choices is used.
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  values: CheckoutValues,
): Promise<PlaceOrderResult> {
  const { shipping: shippingChoice, payment, gstin, businessName, ...address } = values;
  const business = gstin && businessName ? { gstin, name: businessName } : null;
  const choices = await resolveChoices(db, customerId, address, { shipping: shippingChoice, payment });
  if (!choices.ok) return { kind: "refused", field: choices.field, message: choices.message };
  await Promise.all([saveAddress(db, customerId, address), saveBusinessBuyer(db, customerId, business)]);
  const shipping = { ...choices.shipping, business };
  if (choices.payment === "cod") {
    const placed = await placeCashOrder(db, customerId, address, shipping, choices.codFee);
    if (placed.kind === "ordered") return placed;
    if (placed.kind === "empty") return { kind: "empty", message: checkoutMessages.emptyCart };
    return { kind: "problem", status: 409, message: cashProblem(placed) };
  }
  const started = await startCheckoutPayment(db, customerId, address, shipping);
  if (started.ok)
    return { kind: "pay", redirectUrl: started.redirectUrl, merchantOrderId: started.merchantOrderId };
  if (started.emptyCart) return { kind: "empty", message: started.message };
  return { kind: "problem", status: started.status ?? 502, message: started.message };
}
