import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  handleRefundStatus,
  methodNotAllowed,
  requireSimulator,
} from "~/modules/payments/phonepe/simulator.server";

/** PhonePe simulator: GET /payments/v2/refund/{merchantRefundId}/status (not nested under the refund route). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const simulator = await requireSimulator();
  return handleRefundStatus(request, params.merchantRefundId ?? "", simulator);
}

export async function action() {
  await requireSimulator();
  return methodNotAllowed("GET");
}
