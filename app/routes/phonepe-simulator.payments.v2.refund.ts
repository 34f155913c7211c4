import type { ActionFunctionArgs } from "@remix-run/node";
import {
  handleRefund,
  methodNotAllowed,
  requireSimulator,
} from "~/modules/payments/phonepe/simulator.server";

/** PhonePe simulator: POST /payments/v2/refund. */
export async function action({ request }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleRefund(request, simulator);
}

export async function loader() {
  await requireSimulator();
  return methodNotAllowed("POST");
}
