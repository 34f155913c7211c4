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
 * Only with PHONEPE_SIMULATOR_ADMIN_SECRET set, and `Authorization: Bearer <that secret>`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const simulator = await requireSimulator();
  return handleAdminRead(request, params.merchantOrderId ?? "", simulator);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleAdminSettle(request, params.merchantOrderId ?? "", simulator);
}
