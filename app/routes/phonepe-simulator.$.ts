import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleSimulatorApi } from "~/simulators/phonepe/api.server";
import { requireSimulator } from "~/simulators/phonepe/settings.server";

/*
 * The PhonePe simulator's API, PhonePe's own paths under /phonepe-simulator (token, pay, order status, refund,
 * refund status) plus its admin endpoints for tests; dispatched by method and path in
 * app/simulators/phonepe/api.server.ts. The hosted page has its own route (phonepe-simulator.pay.$orderId.tsx).
 * 404 everywhere unless PhonePe is in simulator mode.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  return handleSimulatorApi(request, await requireSimulator());
}

export async function action({ request }: ActionFunctionArgs) {
  return handleSimulatorApi(request, await requireSimulator());
}
