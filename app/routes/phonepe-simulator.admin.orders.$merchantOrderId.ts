import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleAdminRead,
  handleAdminSettle,
  methodNotAllowed,
  requireSimulator,
} from "~/modules/payments/phonepe/simulator.server";

/**
 * PhonePe simulator, not part of PhonePe's API: read an order (GET) or settle a pending one (POST
 * {state: "COMPLETED" | "FAILED" | "PENDING", webhook?: "now" | "late" | "none", twice?, settleAfter?}) for tests.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const simulator = await requireSimulator();
  return handleAdminRead(params.merchantOrderId ?? "", simulator);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleAdminSettle(request, params.merchantOrderId ?? "", simulator);
}
