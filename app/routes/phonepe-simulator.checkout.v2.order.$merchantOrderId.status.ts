import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  handleOrderStatus,
  methodNotAllowed,
  requireSimulator,
} from "~/modules/payments/phonepe/simulator.server";

/** PhonePe simulator: GET /checkout/v2/order/{merchantOrderId}/status. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const simulator = await requireSimulator();
  return handleOrderStatus(request, params.merchantOrderId ?? "", simulator);
}

export async function action() {
  await requireSimulator();
  return methodNotAllowed("GET");
}
