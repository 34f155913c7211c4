import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiFail, apiMethodNotAllowed, apiOk, customerWrite, readApiBody } from "~/features/api/index.server";
import { checkoutBody } from "~/features/api/schemas";
import { placeOrder } from "~/features/orders/index.server";
import { clientAddress } from "~/lib/auth.server";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/order/checkout: PhonePe for the customer's cart as the server has it, to the address in
 * `shippingInfo`, checked by the checkout's rules (the PIN code served, the shipping chosen). The amount is the
 * checkout's; a posted `amount`, `totalPrice` or `orderItems` is not read. Answers the payment page and the
 * payment's id, which verify-payment takes.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "POST", async (customer) => {
    const { shippingInfo } = await readApiBody(request, checkoutBody);
    const placed = await placeOrder(await getDb(), customer.id, { ...shippingInfo, payment: "phonepe" });
    switch (placed.kind) {
      case "pay":
        return apiOk({ paymentUrl: placed.redirectUrl, merchantTransactionId: placed.merchantOrderId });
      case "refused":
        return apiFail(400, placed.message);
      case "empty":
        return apiFail(409, placed.message);
      case "problem":
        return apiFail(placed.status, placed.message);
      case "ordered":
        // Paid online, never placed as cash: not reached.
        throw new Error("A PhonePe checkout placed a cash order");
    }
  });
}
