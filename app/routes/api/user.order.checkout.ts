import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { saveAddress } from "~/features/accounts/index.server";
import {
  apiAnswer,
  apiFail,
  apiMethodNotAllowed,
  apiOk,
  countApiWrite,
  readApiBody,
  requireApiCustomer,
} from "~/features/api/index.server";
import { checkoutBody } from "~/features/api/schemas";
import { resolveChoices, startCheckoutPayment } from "~/features/orders/index.server";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/order/checkout: PhonePe for the customer's cart as the server has it, to the address in
 * `shippingInfo`, checked by the checkout's rules (the PIN code served, the shipping chosen). The amount is the
 * checkout's; a posted `amount`, `totalPrice` or `orderItems` is not read. Answers the payment page and the
 * payment's id, which verify-payment takes.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const customer = await requireApiCustomer(request);
    await countApiWrite(clientAddress(context), customer);
    const { shippingInfo } = await readApiBody(request, checkoutBody);
    const { shipping: shippingChoice, gstin, businessName, payment: _, ...address } = shippingInfo;
    const db = await getDb();
    const choices = await resolveChoices(db, customer.id, address, {
      shipping: shippingChoice,
      payment: "phonepe",
    });
    if (!choices.ok) return apiFail(400, choices.message);
    await saveAddress(db, customer.id, address);
    const business = gstin && businessName ? { gstin, name: businessName } : null;
    const started = await startCheckoutPayment(db, customer.id, address, { ...choices.shipping, business });
    if (!started.ok) return apiFail(started.emptyCart ? 409 : (started.status ?? 502), started.message);
    return apiOk({ paymentUrl: started.redirectUrl, merchantTransactionId: started.merchantOrderId });
  });
}
