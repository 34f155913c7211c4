import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiFail,
  apiMessages,
  apiMethodNotAllowed,
  apiNotFound,
  apiOk,
  readApiBody,
  requireApiCustomer,
} from "~/features/api/index.server";
import { verifyBody } from "~/features/api/schemas";
import { paymentMessages } from "~/features/orders";
import { orderOfPayment, returnFromPhonePe } from "~/features/orders/index.server";
import { successMessages } from "~/lib/messages";
import { formatRupees } from "~/lib/money";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/order/verify-payment/phonepe: how the customer's own payment went, asked of PhonePe through
 * the payment feature's one door (confirmPayment, at most every few seconds per payment). A completed payment
 * is its order, made once however often this is called.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    if (params.provider?.toLowerCase() !== "phonepe") return apiNotFound();
    const customer = await requireApiCustomer(request);
    const { merchantTransactionId } = await readApiBody(request, verifyBody);
    const db = await getDb();
    const outcome = await returnFromPhonePe(db, customer.id, merchantTransactionId);
    if (outcome.kind === "ordered") {
      const order = await orderOfPayment(db, customer.id, merchantTransactionId);
      return apiOk({
        success: true,
        message: successMessages.ordered,
        paymentDetails: {
          merchantTransactionId,
          state: "COMPLETED",
          orderId: order ? String(order.orderId) : null,
          amount: order ? order.amount / 100 : null,
          amountText: order ? formatRupees(order.amount) : null,
        },
      });
    }
    if (outcome.kind === "pending") {
      return apiOk({
        success: false,
        message: outcome.note ?? outcome.retry?.reason ?? apiMessages.paymentPending,
        paymentDetails: {
          merchantTransactionId,
          state: "PENDING",
          paymentUrl: outcome.retry?.paymentUrl ?? null,
        },
      });
    }
    return apiFail(402, outcome.message || paymentMessages.verificationFailed);
  });
}
