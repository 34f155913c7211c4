import type { ActionFunctionArgs } from "@remix-run/node";
import { handlePay, methodNotAllowed, requireSimulator } from "~/modules/payments/phonepe/simulator.server";

/** PhonePe simulator: POST /checkout/v2/pay (start a payment, answer the hosted page's URL). */
export async function action({ request }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handlePay(request, simulator);
}

export async function loader() {
  await requireSimulator();
  return methodNotAllowed("POST");
}
