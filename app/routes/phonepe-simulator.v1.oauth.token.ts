import type { ActionFunctionArgs } from "@remix-run/node";
import { handleToken, methodNotAllowed, requireSimulator } from "~/modules/payments/phonepe/simulator.server";

/** PhonePe simulator: POST /v1/oauth/token (client credentials → O-Bearer token). 404 unless in simulator mode. */
export async function action({ request }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleToken(request, simulator);
}

export async function loader() {
  await requireSimulator();
  return methodNotAllowed("POST");
}
